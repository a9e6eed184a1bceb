import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Config } from '#server/config';
import { describeEachDatabase, STAFF, type TestContext } from '../helpers/app';

// Redis for the shared-store runs (TEST_REDIS_URL, else the local default): every block gets its own
// key prefix, so runs never meet. With no Redis answering, those blocks are listed as skipped, with the reason.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(REDIS_URL);
  const socket = connect({ host: hostname, port: Number(port || 6379) });
  socket.setTimeout(2000, () => (socket.destroy(), resolve(false)));
  socket.once('connect', () => (socket.destroy(), resolve(true)));
  socket.once('error', () => resolve(false));
});
const withRedis = (): Partial<Config> => ({ redisUrl: REDIS_URL, redisKeyPrefix: `abode-test:${randomUUID()}:` });
function describeWithRedis(name: string, fn: (ctx: TestContext) => void): void {
  if (redisUp) describeEachDatabase(`${name}, with Redis`, fn, withRedis);
  else describe.skip(`${name}, with Redis — skipped: no Redis answers at ${REDIS_URL} (set TEST_REDIS_URL)`, () => it('runs on Redis', () => undefined));
}

function attempt(ctx: TestContext, email: string, password: string, remoteAddress: string, cookie?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
    remoteAddress,
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

function statuses(responses: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
}

/** Concurrent wrong guesses for one account from one address: at most 5 reach the password check. */
function concurrentGuesses(ctx: TestContext) {
  it('lets at most LOGIN_MAX_FAILURES of many concurrent guesses reach the password check', async () => {
    await ctx.staffToken();
    const burst = 100;
    const responses = await Promise.all(Array.from({ length: burst }, (_, i) => attempt(ctx, STAFF.email, `wrong-${i}`, '203.0.113.7')));
    const counts = statuses(responses);
    expect(counts[401] ?? 0).toBeGreaterThan(0);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(5);
    expect(counts[429]).toBe(burst - (counts[401] ?? 0));
    // The right password from that address, after the limit, gets no token.
    const right = await attempt(ctx, STAFF.email, STAFF.password, '203.0.113.7');
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ message: 'Too many failed logins. Please wait and try again.', code: 'RATE_LIMITED' });
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(right.headers['retry-after'])).toBeLessThanOrEqual(600);
  });

  it('counts a right password that arrives inside a burst like any other attempt', async () => {
    await ctx.staffToken();
    const burst = 100;
    const responses = await Promise.all(
      Array.from({ length: burst }, (_, i) => attempt(ctx, STAFF.email, i === 50 ? STAFF.password : `wrong-${i}`, '203.0.113.8')),
    );
    const counts = statuses(responses);
    expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBeLessThanOrEqual(5);
    // Counted in arrival order: by the 51st attempt the five checks are spent, so the right
    // password gets no token.
    expect(counts[200] ?? 0).toBe(0);
    expect(responses[50]!.statusCode).toBe(429);
  });
}

describeEachDatabase('login throttle under concurrency', concurrentGuesses);
describeWithRedis('login throttle under concurrency', concurrentGuesses);

function noLockout(ctx: TestContext) {
  it("does not refuse the right password from another address after someone else's failures", async () => {
    await ctx.staffToken();
    const spellings = [STAFF.email, ` ${STAFF.email.toUpperCase()} `, 'Staff@Abode.test', ` staff@abode.TEST`, STAFF.email];
    for (const [i, email] of spellings.entries()) {
      expect((await attempt(ctx, email, `wrong-${i}`, '198.51.100.1')).statusCode).toBe(401);
    }
    // The attacker's own address is stopped, whatever the password…
    expect((await attempt(ctx, STAFF.email, STAFF.password, '198.51.100.1')).statusCode).toBe(429);
    // …but the staff member elsewhere logs in, however the e-mail is spelled.
    const elsewhere = await attempt(ctx, ' STAFF@Abode.Test ', STAFF.password, '192.0.2.44');
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json<{ token: string }>().token).toBeTypeOf('string');
  });

  it('locks an address after 5 failures across different accounts', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await attempt(ctx, `someone${i}@abode.test`, 'wrong-password', '10.2.0.1')).statusCode).toBe(401);
    }
    const res = await attempt(ctx, 'someone-else@abode.test', 'wrong-password', '10.2.0.1');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
}

describeEachDatabase('login throttle: no lockout from another address', noLockout);
describeWithRedis('login throttle: no lockout from another address', noLockout);

describeEachDatabase('login throttle: account-wide ceiling', (ctx) => {
  it('stops guessing from many addresses at 10 × LOGIN_MAX_FAILURES, but not a browser that logged in before', async () => {
    await ctx.staffToken();
    // The staff member logged in from this browser before the attack: it carries the device cookie.
    const earlier = await attempt(ctx, STAFF.email, STAFF.password, '192.0.2.10');
    expect(earlier.statusCode).toBe(200);
    const device = earlier.cookies.find((c) => c.name === 'abode_login_device');
    expect(device?.httpOnly).toBe(true);
    expect(device?.path).toBe('/api/login');

    // Ten addresses, five wrong guesses each: the account's ceiling (50) is reached.
    for (let a = 0; a < 10; a++) {
      const responses = await Promise.all(Array.from({ length: 5 }, (_, i) => attempt(ctx, STAFF.email, `guess-${a}-${i}`, `198.51.100.${a + 10}`)));
      expect(statuses(responses)).toEqual({ 401: 5 });
    }
    // An eleventh address gets no password check, right password or not.
    expect((await attempt(ctx, STAFF.email, 'guess-more', '198.51.100.99')).statusCode).toBe(429);
    expect((await attempt(ctx, STAFF.email, STAFF.password, '198.51.100.98')).statusCode).toBe(429);
    // The browser that logged in before still does, from a new address too.
    const known = await attempt(ctx, STAFF.email, STAFF.password, '192.0.2.11', `abode_login_device=${device!.value}`);
    expect(known.statusCode).toBe(200);
    // A forged or another account's cookie counts for nothing.
    expect((await attempt(ctx, STAFF.email, STAFF.password, '192.0.2.12', 'abode_login_device=9999999999.forged')).statusCode).toBe(429);
  });
});
