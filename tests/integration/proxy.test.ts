import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { describeEachDatabase, STAFF, type TestContext } from '../helpers/app';

const contact = (i: number) => ({
  response: {
    firstname: 'Asha',
    lastname: 'Menon',
    email: `asha${i}@example.com`,
    requestquotation: 'Homes',
    message: 'We are looking for a three-bedroom home near the lake.',
  },
});

function counts(codes: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const c of codes) out[c] = (out[c] ?? 0) + 1;
  return out;
}

// The set-up docs/operations.md describes: one proxy on the same machine, TRUST_PROXY=1.
describeEachDatabase(
  'behind one proxy (TRUST_PROXY=1)',
  (ctx: TestContext) => {
    it('limits contact messages at PUBLIC_WRITE_LIMIT however X-Forwarded-For is forged', async () => {
      const codes: number[] = [];
      for (let i = 0; i < 150; i++) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/contactus/add',
          payload: contact(i),
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': `198.51.100.${i % 250}, 127.0.0.1` },
        });
        codes.push(res.statusCode);
      }
      expect(counts(codes)).toEqual({ 201: 60, 429: 90 });
    });

    it('takes the address the proxy saw, so rotating X-Forwarded-For does not defeat the login throttle', async () => {
      await ctx.staffToken();
      const codes: number[] = [];
      for (let i = 0; i < 20; i++) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: STAFF.email, password: `wrong-${i}` },
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': `203.0.113.${i + 1}, 192.0.2.77` },
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(codes.slice(5).every((c) => c === 429)).toBe(true);
      // Another client of the proxy is a different address.
      const other = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: STAFF.email, password: STAFF.password },
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '192.0.2.78' },
      });
      expect(other.statusCode).toBe(200);
    });

    it('sends Strict-Transport-Security when the proxy says the request came over HTTPS, not over plain HTTP', async () => {
      const https = await ctx.app.inject({ method: 'GET', url: '/api/site', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const page = await ctx.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
      expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const http = await ctx.app.inject({ method: 'GET', url: '/api/site', headers: { 'x-forwarded-proto': 'http' } });
      expect(http.headers['strict-transport-security']).toBeUndefined();
      const direct = await ctx.app.inject({ method: 'GET', url: '/api/site' });
      expect(direct.headers['strict-transport-security']).toBeUndefined();
    });
  },
  // As the environment gives it.
  { trustProxy: loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'abode-proxy-')), TRUST_PROXY: '1' }).trustProxy, publicWriteLimit: 60 },
);

describeEachDatabase('without a trusted proxy', (ctx: TestContext) => {
  it('ignores X-Forwarded-Proto from a client it does not trust', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/site', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
