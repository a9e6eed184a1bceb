import path from 'node:path';
import { expect, it } from 'vitest';
import { REQUEST_QUOTATIONS } from '#shared/contact/contact.contract';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { FORGED_HOSTS } from '../helpers/forged-hosts';
import { testImage } from '../helpers/images';
import { multipart } from '../helpers/multipart';
import { parseRaw, rawRequest } from '../helpers/raw-http';

// Server-rendered pages through a stand-in for the SSR bundle (tests/fixtures/ssr), which lists the
// projects its loader gets from the API: what the page cache keeps, shares and throws away.
describeEachDatabase(
  'server-rendered pages and their cache',
  (ctx) => {
    const page = async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/viewProjects' });
      expect(res.statusCode).toBe(200);
      return {
        projects: [...res.body.matchAll(/<li class="project">([^<]*)<\/li>/g)].map((m) => m[1]),
        render: Number(/<p class="renders">(\d+)<\/p>/.exec(res.body)?.[1]),
      };
    };
    const addProject = async (name: string) => {
      const body = await multipart(
        { name, area: 'Whitefield, Bengaluru', squareft: '1450', dateofcomplition: '15-08-2027', sizeofunit: '3 BHK' },
        { bytes: await testImage('png'), filename: 'photo.png', type: 'image/png' },
      );
      const res = await ctx.asStaff({ method: 'POST', url: '/api/project/add', payload: body.payload, headers: body.headers });
      expect(res.statusCode, res.body).toBe(201);
    };
    const visitorWrites = async (c: TestContext) => {
      const res = await c.app.inject({ method: 'POST', url: '/api/email/add', payload: { email: 'visitor@pages.test' } });
      expect(res.statusCode).toBeLessThan(300);
      const contact = await c.app.inject({
        method: 'POST',
        url: '/api/contactus/add',
        payload: {
          response: { firstname: 'Asha', lastname: 'Rao', email: 'visitor@pages.test', requestquotation: REQUEST_QUOTATIONS[0], message: 'Hello there' },
        },
      });
      expect(contact.statusCode, contact.body).toBeLessThan(300);
    };

    it('renders once for many concurrent requests, then serves the same page', async () => {
      const pages = await Promise.all(Array.from({ length: 20 }, page));
      expect(new Set(pages.map((p) => p.render)).size).toBe(1);
      expect((await page()).render).toBe(pages[0]!.render);
    });

    it('shows a listing as soon as staff have added it', async () => {
      const before = await page();
      await addProject('Cache Test Heights');
      const after = await page();
      expect(after.projects).toContain('Cache Test Heights');
      expect(after.render).toBeGreaterThan(before.render);
    });

    it("keeps the cached page through visitors' writes (e-mails, messages)", async () => {
      const before = await page();
      await visitorWrites(ctx);
      expect((await page()).render).toBe(before.render);
    });
  },
  { ssrDir: path.resolve('tests/fixtures/ssr') },
);

const canonical = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
const renderCount = (html: string) => Number(/<p class="renders">(\d+)<\/p>/.exec(html)?.[1]);

// Absolute URLs come only from PUBLIC_BASE_URL or an allowed host, plus the parsed path;
// a path starting with // or /\ is redirected to its normalised form, never rendered or cached.
describeEachDatabase(
  'server-rendered pages: URLs an attacker cannot choose (no PUBLIC_BASE_URL)',
  (ctx) => {
    const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

    it('redirects //host/ to a path on this site, and the next visitor of / gets a clean page', async () => {
      const attack = await get('//evil.example/');
      expect(attack.statusCode).toBe(301);
      expect(attack.headers.location).toBe('/evil.example/');
      expect(attack.body).not.toContain('evil.example/"');

      const home = await get('/');
      expect(home.statusCode).toBe(200);
      expect(home.body).not.toContain('evil.example');
      expect(canonical(home.body)).toBe('http://localhost/');
    });

    it('keeps /viewProjects clean after /\\evil.example/viewProjects (which inject sends as Host: evil.example)', async () => {
      const attack = await get('/\\evil.example/viewProjects');
      expect(attack.body).not.toContain('evil.example');
      const page = await get('/viewProjects');
      expect(page.body).not.toContain('evil.example');
      expect(canonical(page.body)).toBe('http://localhost/viewProjects');
    });

    it('uses the request host only when it is allowed, else the safe default', async () => {
      const forged = await get('/viewStudio', { host: 'evil.example' });
      expect(forged.statusCode).toBe(200);
      expect(forged.body).not.toContain('evil.example');
      expect(canonical(forged.body)).toBe('http://localhost/viewStudio');

      const allowed = await get('/viewStudio', { host: 'abode.example:8080' });
      expect(canonical(allowed.body)).toBe('http://abode.example:8080/viewStudio');
      // The allowed host's page is not what another host's visitors get.
      expect(canonical((await get('/viewStudio')).body)).toBe('http://localhost/viewStudio');
    });
  },
  { ssrDir: path.resolve('tests/fixtures/ssr'), allowedHosts: ['localhost', 'abode.example'] },
);

// Canonical, og:url and the links of a page that is not found never name a host
// a forged Host header slipped past ALLOWED_HOSTS.
describeEachDatabase(
  'server-rendered pages: forged Host headers',
  (ctx) => {
    it('renders every page, found or not, with the first allowed host for every forged Host form', async () => {
      for (const host of FORGED_HOSTS) {
        for (const url of ['/viewStudio', '/no-such-page']) {
          const res = await ctx.app.inject({ method: 'GET', url, headers: { host } });
          expect(res.statusCode, `${host} ${url}`).toBe(url === '/viewStudio' ? 200 : 404);
          expect(res.body.toLowerCase(), `${host} ${url}`).not.toContain('evil');
          expect(canonical(res.body), `${host} ${url}`).toBe(`http://localhost${url}`);
        }
      }
      const allowed = await ctx.app.inject({ method: 'GET', url: '/viewStudio', headers: { host: 'abode.example:8080' } });
      expect(canonical(allowed.body)).toBe('http://abode.example:8080/viewStudio');
    });
  },
  { ssrDir: path.resolve('tests/fixtures/ssr'), allowedHosts: ['localhost', 'abode.example'] },
);

describeEachDatabase(
  'server-rendered pages: raw paths on the wire',
  (ctx) => {
    it('redirects raw /\\host/… paths on the wire to a path on this site, never renders them', async () => {
      const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      try {
        for (const [raw, location] of [
          ['/\\evil.example/viewProjects', '/evil.example/viewProjects'],
          ['/\\/evil.example/viewProjects', '/evil.example/viewProjects'],
          ['//\\evil.example/viewProjects?x=1', '/evil.example/viewProjects?x=1'],
          ['//evil.example/', '/evil.example/'],
        ] as const) {
          const answer = parseRaw(await rawRequest(address, `GET ${raw} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`));
          expect(answer.status, raw).toBe(301);
          expect(answer.headers.location, raw).toBe(location);
        }
        const page = await fetch(`${address}/viewProjects`);
        const html = await page.text();
        expect(html).not.toContain('evil.example');
        expect(canonical(html)).toBe(`${address}/viewProjects`);
      } finally {
        await ctx.app.close();
      }
    });
  },
  { ssrDir: path.resolve('tests/fixtures/ssr') },
);

describeEachDatabase(
  'server-rendered pages: URLs an attacker cannot choose (PUBLIC_BASE_URL set)',
  (ctx) => {
    it('keeps https://abode.example in /viewStudio after //evil.example/viewStudio and a forged Host', async () => {
      const attack = await ctx.app.inject({ method: 'GET', url: '//evil.example/viewStudio' });
      expect(attack.statusCode).toBe(301);
      expect(attack.headers.location).toBe('/evil.example/viewStudio');
      await ctx.app.inject({ method: 'GET', url: '/viewStudio', headers: { host: 'evil.example' } });

      const page = await ctx.app.inject({ method: 'GET', url: '/viewStudio' });
      expect(page.body).not.toContain('evil.example');
      expect(canonical(page.body)).toBe('https://abode.example/viewStudio');
    });
  },
  { ssrDir: path.resolve('tests/fixtures/ssr'), publicBaseUrl: 'https://abode.example' },
);

// Query parameters a page does not use neither bypass nor split the cache.
describeEachDatabase(
  'server-rendered pages: the cache key ignores unused query parameters',
  (ctx) => {
    it('serves /viewProjects?anything from the one cached render of /viewProjects', async () => {
      const first = await ctx.app.inject({ method: 'GET', url: '/viewProjects' });
      const renders = new Set([renderCount(first.body)]);
      for (let i = 0; i < 20; i++) {
        const res = await ctx.app.inject({ method: 'GET', url: `/viewProjects?utm_source=${i}&fbclid=${'x'.repeat(i)}` });
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toContain('utm_source');
        renders.add(renderCount(res.body));
      }
      expect(renders).toEqual(new Set([renderCount(first.body)]));
    });
  },
  { ssrDir: path.resolve('tests/fixtures/ssr') },
);
