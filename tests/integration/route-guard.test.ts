import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { expect, it } from 'vitest';
import { createStaff } from '#server/features/auth/auth.service';
import type { Access } from '#server/features/auth/access';
import { findStaffByEmail } from '#server/features/auth/staff.repository';
import { secretKey, signToken } from '#server/features/auth/token';
import { describeEachDatabase, STAFF } from '../helpers/app';

const PLAIN_STAFF = { email: 'plain.staff@abode.test', name: 'Plain Staff', password: 'another horse battery', role: 'staff' as const };

/** Every route the app registers, with its declared access and a concrete URL to call it at. */
function inventory(app: FastifyInstance) {
  return app.routeInventory.flatMap((r) =>
    (Array.isArray(r.method) ? r.method : [r.method])
      .filter((m) => m !== 'HEAD')
      .map((method) => ({
        method,
        access: r.access as Access,
        pattern: r.url,
        url: r.url.replace(/:[A-Za-z]+/g, '0190f0f0-0000-7000-8000-000000000000').replace('*', 'anything'),
      })),
  );
}

describeEachDatabase('route guard', (ctx) => {
  /** A fresh token for the account (a route such as logout may revoke the one it was called with). */
  async function tokenFor(email: string): Promise<string> {
    const user = (await findStaffByEmail(ctx.database.db, email))!;
    return (await signToken(secretKey(ctx.config.jwtSecret), { ...user, tokenVersion: Number(user.tokenVersion) }, 600)).token;
  }
  const call = (route: { method: string; url: string }, authorization?: string) =>
    ctx.app.inject({ method: route.method as 'GET', url: route.url, headers: authorization ? { authorization } : {} });

  it('every route declares public, key, staff or owner, and all four are in use', () => {
    const levels = new Set(inventory(ctx.app).map((r) => r.access));
    expect([...levels].sort()).toEqual(['key', 'owner', 'public', 'staff']);
  });

  it("refuses key routes (an API key, a tablet's device key) without a key or with a staff token instead", async () => {
    const keyed = inventory(ctx.app).filter((r) => r.access === 'key');
    expect(keyed.map((r) => `${r.method} ${r.pattern}`).sort()).toEqual([
      'POST /api/inbound/leads',
      'POST /api/kiosk/responses',
      'POST /api/kiosk/responses/batch',
    ]);
    const staff = `Bearer ${await ctx.staffToken()}`;
    for (const route of keyed) {
      for (const [label, authorization] of [
        ['no key', undefined],
        ['a staff token', staff],
        ['an unknown key', 'Bearer not-a-key'],
      ] as const) {
        const res = await ctx.app.inject({ method: route.method as 'POST', url: route.url, headers: authorization ? { authorization } : {}, payload: {} });
        expect.soft(res.statusCode, `${route.method} ${route.pattern} with ${label}`).toBe(401);
      }
    }
  });

  it('answers public routes without a token', async () => {
    const open = inventory(ctx.app).filter((r) => r.access === 'public');
    expect(open.length).toBeGreaterThan(5);
    for (const route of open) {
      const res = await call(route);
      expect.soft([401, 403], `${route.method} ${route.pattern} without a token`).not.toContain(res.statusCode);
    }
  });

  it('refuses staff and owner routes without a valid token (no, tampered, expired, revoked)', async () => {
    const guarded = inventory(ctx.app).filter((r) => r.access === 'staff' || r.access === 'owner');
    expect(guarded.length).toBeGreaterThan(1);

    const valid = await ctx.staffToken();
    const [h, p, s] = valid.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), name: 'x' })).toString('base64url')}.${s}`;
    const expired = await new SignJWT({ name: STAFF.name, email: STAFF.email })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('s')
      .setJti('j-expired')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 1)
      .sign(new TextEncoder().encode(ctx.config.jwtSecret));
    const login = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: STAFF.email, password: STAFF.password } });
    const revoked = login.json<{ token: string }>().token;
    await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: { authorization: `Bearer ${revoked}` } });

    for (const route of guarded) {
      for (const [label, authorization] of [
        ['no token', undefined],
        ['tampered', `Bearer ${tampered}`],
        ['expired', `Bearer ${expired}`],
        ['revoked', `Bearer ${revoked}`],
        ['not bearer', `Basic ${Buffer.from('a:b').toString('base64')}`],
      ] as const) {
        const res = await call(route, authorization);
        expect.soft(res.statusCode, `${route.method} ${route.pattern} with ${label}`).toBe(401);
      }
    }
  });

  it('lets staff call staff routes, refuses them owner routes (403), and lets owners call both', async () => {
    await ctx.staffToken(); // creates the owner
    await createStaff(ctx.database.db, PLAIN_STAFF);
    for (const route of inventory(ctx.app).filter((r) => r.access === 'staff' || r.access === 'owner')) {
      const asStaff = await call(route, `Bearer ${await tokenFor(PLAIN_STAFF.email)}`);
      if (route.access === 'owner') {
        expect.soft(asStaff.statusCode, `${route.method} ${route.pattern} as staff`).toBe(403);
        expect.soft(asStaff.json<{ code: string }>().code).toBe('FORBIDDEN');
      } else {
        expect.soft([401, 403], `${route.method} ${route.pattern} as staff (${asStaff.statusCode})`).not.toContain(asStaff.statusCode);
      }
      const asOwner = await call(route, `Bearer ${await tokenFor(STAFF.email)}`);
      expect.soft([401, 403], `${route.method} ${route.pattern} as owner (${asOwner.statusCode})`).not.toContain(asOwner.statusCode);
    }
  });
});

describeEachDatabase('route access declarations', (ctx) => {
  it('refuses to start with a route that declares no access level', async () => {
    const { buildApp } = await import('#server/app');
    const { createDatabase } = await import('#server/db/database');
    const database = createDatabase(ctx.config.database);
    const app = await buildApp(ctx.config, { database, logger: false });
    app.get('/api/undeclared', async () => ({ ok: true }));
    await expect(app.ready()).rejects.toThrow(/GET \/api\/undeclared declares no access level/);
    await app.close().catch(() => undefined);
    await database.close();
  });
});
