import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildApp } from '#server/app';
import { createDatabase } from '#server/db/database';
import { ContentCache } from '#server/lib/content-cache';
import { describeEachDatabase } from '../helpers/app';
import { testImage } from '../helpers/images';
import { multipart } from '../helpers/multipart';

// Decision 0008: one cache owned by the app, one invalidation rule that every instance honours.
describeEachDatabase(
  'content cache: one cache, one rule, every instance',
  (ctx) => {
    const addProject = async (app: FastifyInstance, token: string, name: string) => {
      const body = await multipart(
        { name, area: 'Whitefield, Bengaluru', squareft: '1450', dateofcomplition: '15-08-2027', sizeofunit: '3 BHK' },
        { bytes: await testImage('png'), filename: 'photo.png', type: 'image/png' },
      );
      const res = await app.inject({
        method: 'POST',
        url: '/api/project/add',
        payload: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    const listNames = async (app: FastifyInstance) =>
      (await app.inject({ method: 'GET', url: '/api/project/get' })).json<Array<{ name: string }>>().map((p) => p.name);
    const pageProjects = async (app: FastifyInstance) => {
      const res = await app.inject({ method: 'GET', url: '/viewProjects' });
      return [...res.body.matchAll(/<li class="project">([^<]*)<\/li>/g)].map((m) => m[1]);
    };

    // A second instance over the same database, as when several run behind a load balancer.
    let other: FastifyInstance;
    beforeAll(async () => {
      other = await buildApp(ctx.config, { database: ctx.database, logger: false });
      await other.ready();
    });
    afterAll(async () => {
      await other?.close();
    });

    it('is one cache per app, decorated on it', () => {
      expect(ctx.app.contentCache).toBeInstanceOf(ContentCache);
      expect(other.contentCache).toBeInstanceOf(ContentCache);
      expect(other.contentCache).not.toBe(ctx.app.contentCache);
    });

    it('shows a staff write made through one instance on the other’s lists and pages', async () => {
      const token = await ctx.staffToken();
      // Both instances have the list and the page cached.
      expect(await listNames(other)).not.toContain('Scale-out Towers');
      expect(await pageProjects(other)).not.toContain('Scale-out Towers');
      expect(await listNames(other)).not.toContain('Scale-out Towers');

      await addProject(ctx.app, token, 'Scale-out Towers');
      // At once on the instance that wrote.
      expect(await listNames(ctx.app)).toContain('Scale-out Towers');
      // On the other one once it reads the content version (within its check interval).
      await vi.waitFor(async () => expect(await listNames(other)).toContain('Scale-out Towers'), { timeout: 5000, interval: 100 });
      await vi.waitFor(async () => expect(await pageProjects(other)).toContain('Scale-out Towers'), { timeout: 5000, interval: 100 });
    });

    it('keeps serving from memory between writes: the other instance does not read the list again', async () => {
      await listNames(other);
      const reads: string[] = [];
      const load = async () => {
        reads.push('load');
        return 'value';
      };
      await other.contentCache.get('probe', load);
      for (let i = 0; i < 20; i++) await other.contentCache.get('probe', load);
      expect(reads).toEqual(['load']);
    });

    it('a staff request that fails, or only reads, leaves the cache as it was', async () => {
      const token = await ctx.staffToken();
      let loads = 0;
      const load = async () => ++loads;
      await ctx.app.contentCache.get('kept', load);
      const refused = await ctx.app.inject({
        method: 'POST',
        url: '/api/project/add',
        payload: {},
        headers: { authorization: `Bearer ${token}` },
      });
      expect(refused.statusCode).toBeGreaterThanOrEqual(400);
      await ctx.app.inject({ method: 'GET', url: '/api/campagin/all', headers: { authorization: `Bearer ${token}` } });
      expect(await ctx.app.contentCache.get('kept', load)).toBe(1);
    });
  },
  { ssrDir: path.resolve('tests/fixtures/ssr') },
);

describeEachDatabase('content cache: entries', (ctx) => {
  it('loads once for many concurrent misses', async () => {
    const cache = new ContentCache(ctx.database.db);
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const load = async () => {
      loads++;
      await gate;
      return `load ${loads}`;
    };
    const pending = Array.from({ length: 50 }, () => cache.get('/', load));
    release();
    expect(new Set(await Promise.all(pending))).toEqual(new Set(['load 1']));
    expect(loads).toBe(1);
  });

  it('does not keep a failed load: the next request tries again', async () => {
    const cache = new ContentCache(ctx.database.db);
    await expect(cache.get('/', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.get('/', async () => 'recovered')).toBe('recovered');
  });

  it('keeps at most its limit of entries, dropping the least recently used', async () => {
    const cache = new ContentCache(ctx.database.db, { max: 2 });
    let loads = 0;
    const load = async () => `load ${++loads}`;
    await cache.get('/a', load);
    await cache.get('/b', load);
    await cache.get('/c', load); // drops /a
    expect(await cache.get('/b', load)).toBe('load 2');
    expect(await cache.get('/a', load)).toBe('load 4');
  });

  it('makes every entry stale when the content version moves, whoever moved it', async () => {
    const reader = new ContentCache(ctx.database.db, { checkIntervalMs: 0 });
    const writer = new ContentCache(ctx.database.db, { checkIntervalMs: 0 });
    let loads = 0;
    const load = async () => `load ${++loads}`;
    expect(await reader.get('/x', load)).toBe('load 1');
    expect(await reader.get('/x', load)).toBe('load 1');
    await writer.invalidate();
    expect(await reader.get('/x', load)).toBe('load 2');
  });

  it('keeps serving what it has when the content version cannot be read, and says so', async () => {
    const handle = createDatabase(ctx.config.database);
    const cache = new ContentCache(handle.db, { checkIntervalMs: 0 });
    const errors: unknown[] = [];
    cache.onCheckError = (error) => errors.push(error);
    let loads = 0;
    const load = async () => `load ${++loads}`;
    expect(await cache.get('/k', load)).toBe('load 1');
    await handle.close();
    expect(await cache.get('/k', load)).toBe('load 1');
    expect(errors.length).toBeGreaterThan(0);
  });
});
