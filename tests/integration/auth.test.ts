import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { SignJWT } from 'jose';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { createDatabase, type DatabaseHandle } from '#server/db/database';
import { createStaff, setStaffPassword } from '#server/features/auth/auth.service';
import { decodeTokenClaims } from '#shared/auth/auth.contract';
import { bootstrapStaff } from '#server/features/auth/bootstrap';
import type { Config } from '#server/config';
import { describeEachDatabase, STAFF, testConfig } from '../helpers/app';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../helpers/databases';

describeEachDatabase('POST /api/login', (ctx) => {
  const login = (payload: unknown, remoteAddress = '10.0.0.1') =>
    ctx.app.inject({ method: 'POST', url: '/api/login', payload: payload as object, remoteAddress });

  it('answers a token that carries sub, name, email, exp (≤ 12 h) and jti', async () => {
    await ctx.staffToken();
    const res = await login({ email: STAFF.email, password: STAFF.password });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ token: string; message: string }>();
    expect(body.message).toBeTypeOf('string');
    const claims = decodeTokenClaims(body.token)!;
    expect(claims).toMatchObject({ name: STAFF.name, email: STAFF.email });
    expect(claims.sub).toBeTypeOf('string');
    expect(claims.jti).toBeTypeOf('string');
    const now = Math.floor(Date.now() / 1000);
    expect(claims.exp!).toBeGreaterThan(now);
    expect(claims.exp!).toBeLessThanOrEqual(now + 12 * 3600);
    const header = JSON.parse(Buffer.from(body.token.split('.')[0]!, 'base64url').toString());
    expect(header.alg).toBe('HS256');
  });

  it('treats the e-mail case-insensitively', async () => {
    await ctx.staffToken();
    const res = await login({ email: STAFF.email.toUpperCase(), password: STAFF.password }, '10.0.0.2');
    expect(res.statusCode).toBe(200);
  });

  it('answers unknown e-mail and wrong password with the same 401', async () => {
    await ctx.staffToken();
    const unknown = await login({ email: 'nobody@abode.test', password: 'whatever-password' }, '10.0.1.1');
    const wrong = await login({ email: STAFF.email, password: 'wrong-password' }, '10.0.1.2');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(unknown.json()).toEqual({ message: 'Invalid e-mail or password.', code: 'UNAUTHORIZED' });
  });

  it('validates the body with the specification messages', async () => {
    const res = await login({ email: '', password: '' }, '10.0.2.1');
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; errors: { field: string; message: string }[] }>();
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'Please input your username!' },
        { field: 'password', message: 'Please input your password!' },
      ]),
    );
    const missing = await login({}, '10.0.2.2');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual(expect.arrayContaining([{ field: 'email', message: 'Please input your username!' }]));
  });

  it('refuses a body that is not JSON with 400 and a readable message', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.', code: 'VALIDATION' });
  });
});

// Login throttling: tests/integration/login-throttle.test.ts.

describeEachDatabase('tokens', (ctx) => {
  const key = () => new TextEncoder().encode(ctx.config.jwtSecret);
  const logout = (token: string) => ctx.app.inject({ method: 'POST', url: '/api/logout', headers: { authorization: `Bearer ${token}` } });

  it('accepts a valid token on a staff route', async () => {
    const res = await logout(await ctx.staffToken());
    expect(res.statusCode).toBe(200);
  });

  it('refuses a revoked token: the same token answers 401 after logout', async () => {
    await ctx.staffToken();
    const login = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: STAFF.email, password: STAFF.password } });
    const token = login.json<{ token: string }>().token;
    expect((await logout(token)).statusCode).toBe(200);
    const again = await logout(token);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: 'Please log in.', code: 'UNAUTHORIZED' });
  });

  it('refuses a token whose payload was tampered with', async () => {
    const [h, p, s] = (await ctx.staffToken()).split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, name: 'Mallory' })).toString('base64url');
    expect((await logout(`${h}.${forged}.${s}`)).statusCode).toBe(401);
  });

  it('refuses alg "none" and tokens signed with another algorithm or key', async () => {
    const claims = { sub: 'x', name: 'Mallory', email: 'm@x', jti: 'j', exp: Math.floor(Date.now() / 1000) + 3600 };
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    expect((await logout(none)).statusCode).toBe(401);
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(key());
    expect((await logout(hs512)).statusCode).toBe(401);
    const otherKey = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('x'.repeat(40)));
    expect((await logout(otherKey)).statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const expired = await new SignJWT({ name: STAFF.name, email: STAFF.email })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('someone')
      .setJti('expired-jti')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(key());
    expect((await logout(expired)).statusCode).toBe(401);
  });
});

describeEachDatabase('staff bootstrap', (ctx) => {
  it('creates one staff user with a random password on an empty database, and nothing after', async () => {
    const first = await bootstrapStaff(ctx.database.db, ctx.config);
    expect(first?.email).toBe('admin@localhost');
    expect(first?.generatedPassword?.length).toBeGreaterThanOrEqual(12);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'admin@localhost', password: first!.generatedPassword },
    });
    expect(login.statusCode).toBe(200);
    expect(await bootstrapStaff(ctx.database.db, ctx.config)).toBeNull();
  });
});

describe('decodeTokenClaims', () => {
  it('returns null for garbage', () => {
    expect(decodeTokenClaims('not-a-token')).toBeNull();
    expect(decodeTokenClaims('a.@@@.c')).toBeNull();
  });
});

// What staff read must not be kept by a browser's or a proxy's cache.
describeEachDatabase('authenticated API answers are not stored', (ctx) => {
  it('answers every staff API route with Cache-Control: no-store, a refused token included', async () => {
    for (const url of ['/api/staff', '/api/leads', '/api/campagin/all', '/api/email/all']) {
      const res = await ctx.asStaff({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/leads', headers: { authorization: 'Bearer nope' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});

// A token dies with its account, or with the password it was given for, at once
// and on every instance (two apps on one database here).
describeEachDatabase('tokens of a removed or changed account', (ctx) => {
  let other: FastifyInstance;
  let otherDatabase: DatabaseHandle;
  beforeAll(async () => {
    otherDatabase = createDatabase(ctx.config.database);
    other = await buildApp(ctx.config, { database: otherDatabase, logger: false });
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
    await otherDatabase?.close();
  });

  const loginAs = async (email: string, password: string) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
    expect(res.statusCode).toBe(200);
    return res.json<{ token: string }>().token;
  };
  const statusOn = async (app: FastifyInstance, token: string, method: 'GET' | 'POST' = 'GET') =>
    (
      await app.inject({
        method,
        url: method === 'GET' ? '/api/leads' : '/api/campaign/add',
        headers: { authorization: `Bearer ${token}` },
        payload: method === 'POST' ? {} : undefined,
      })
    ).statusCode;

  it('refuses the tokens of a staff user whose password was changed (npm run staff -- passwd), on both instances', async () => {
    await createStaff(ctx.database.db, { email: 'changes@abode.test', name: 'Changes', password: 'first password 1' });
    const before = await loginAs('changes@abode.test', 'first password 1');
    expect(await statusOn(ctx.app, before)).toBe(200);
    expect(await statusOn(other, before)).toBe(200);

    expect(await setStaffPassword(ctx.database.db, 'changes@abode.test', 'second password 2')).toBe(true);
    for (const app of [ctx.app, other]) {
      expect(await statusOn(app, before)).toBe(401);
      expect(await statusOn(app, before, 'POST')).toBe(401);
    }
    const after = await loginAs('changes@abode.test', 'second password 2');
    expect(await statusOn(ctx.app, after)).toBe(200);
    expect(await statusOn(other, after)).toBe(200);
  });

  it('refuses the tokens of a deleted staff user at once, on both instances', async () => {
    await createStaff(ctx.database.db, { email: 'leaves@abode.test', name: 'Leaves', password: 'leaving password' });
    const token = await loginAs('leaves@abode.test', 'leaving password');
    expect(await statusOn(other, token)).toBe(200);
    await ctx.database.db.deleteFrom('staffUsers').where('email', '=', 'leaves@abode.test').execute();
    for (const app of [ctx.app, other]) {
      expect(await statusOn(app, token)).toBe(401);
      expect(await statusOn(app, token, 'POST')).toBe(401);
    }
  });
});

// A token dies with its password, through the command staff use: `npm run staff -- passwd <email>`.
describeEachDialect('npm run staff -- passwd refuses the tokens issued before it', (dialect) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let config: Config;
  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    // The command opens the database the environment names: DATA_DIR/abode.sqlite, or DATABASE_URL.
    const database = testDb.config.dialect === 'sqlite' ? { dialect: 'sqlite' as const, file: path.join(testDb.dataDir, 'abode.sqlite') } : testDb.config;
    config = testConfig(testDb, { database });
    app = await buildApp(config, { logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
  });

  it('answers 401 to a token issued before the password was changed on the command line', async () => {
    await createStaff(app.db, { email: 'cli@abode.test', name: 'Cli', password: 'before the change' });
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'cli@abode.test', password: 'before the change' } });
    const token = login.json<{ token: string }>().token;
    const leads = () => app.inject({ method: 'GET', url: '/api/leads', headers: { authorization: `Bearer ${token}` } });
    expect((await leads()).statusCode).toBe(200);

    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: testDb.dataDir, ABODE_PASSWORD: 'after the change', LOG_LEVEL: 'silent' };
    delete env.DATABASE_URL;
    if (config.database.dialect === 'postgres') env.DATABASE_URL = config.database.url;
    const out = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/cli/staff.ts', 'passwd', 'cli@abode.test'], { env });
    expect(out.stdout).toContain('Changed the password of cli@abode.test.');

    expect((await leads()).statusCode).toBe(401);
  });
});
