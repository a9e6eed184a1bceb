import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { Config } from '#server/config';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { multipart } from '../helpers/multipart';

// PUBLIC_WRITE_LIMIT (README "Configuration") is one budget per address per minute across every public
// write (e-mail, survey answer, progress, file, contact), not one per route.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(REDIS_URL);
  const socket = connect({ host: hostname, port: Number(port || 6379) });
  socket.setTimeout(2000, () => (socket.destroy(), resolve(false)));
  socket.once('connect', () => (socket.destroy(), resolve(true)));
  socket.once('error', () => resolve(false));
});

const LIMIT = 5;

function budgetTests(ctx: TestContext) {
  const writes = [
    { method: 'POST', url: '/api/email/add', payload: { email: 'budget@example.com' } },
    { method: 'POST', url: '/api/campaign/response/nope', payload: {} },
    { method: 'POST', url: '/api/campaign/progress/nope', payload: {} },
    { method: 'POST', url: '/api/contactus/add', payload: {} },
  ] as const;
  const write = async (i: number, remoteAddress: string) => {
    if (i % 5 === 4) {
      const form = await multipart({ email: 'budget@example.com', emailId: 'x' });
      return ctx.app.inject({ method: 'POST', url: '/api/campaign/file/nope', remoteAddress, ...form });
    }
    return ctx.app.inject({ ...writes[i % 5]!, remoteAddress });
  };

  it('counts writes to different routes against one budget per address, and leaves other addresses alone', async () => {
    const address = `10.9.${Math.floor(Math.random() * 250)}.1`;
    for (let i = 0; i < LIMIT; i++) expect((await write(i, address)).statusCode, `write ${i}`).not.toBe(429);
    // Every route is now out of budget for this address, whichever it is.
    for (let i = 0; i < 5; i++) {
      const limited = await write(i, address);
      expect(limited.statusCode, `route ${i}`).toBe(429);
      expect(limited.json().code).toBe('RATE_LIMITED');
    }
    expect((await write(0, `${address.slice(0, -1)}2`)).statusCode).not.toBe(429);
  });
}

describeEachDatabase('one public write budget per address', budgetTests, { publicWriteLimit: LIMIT });

const withRedis = (): Partial<Config> => ({ publicWriteLimit: LIMIT, redisUrl: REDIS_URL, redisKeyPrefix: `abode-test:${randomUUID()}:` });
if (redisUp) describeEachDatabase('one public write budget per address, with Redis', budgetTests, withRedis);
else
  describe.skip(`one public write budget per address, with Redis — skipped: no Redis answers at ${REDIS_URL} (set TEST_REDIS_URL)`, () =>
    it('runs on Redis', () => undefined));
