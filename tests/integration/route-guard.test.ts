import type { FastifyInstance, RouteOptions } from 'fastify';
import { SignJWT } from 'jose';
import { expect, it } from 'vitest';
import { isPublicRoute, PUBLIC_ROUTES } from '#server/features/auth/public-routes';
import { describeEachDatabase, STAFF } from '../helpers/app';

/** Every route the app registers, with a concrete URL to call it at. */
function inventory(routes: Pick<RouteOptions, 'method' | 'url'>[]) {
  return routes.flatMap((r) =>
    (Array.isArray(r.method) ? r.method : [r.method])
      .filter((m) => m !== 'HEAD')
      .map((method) => ({
        method,
        pattern: r.url,
        url: r.url.replace(/:[A-Za-z]+/g, '0190f0f0-0000-7000-8000-000000000000').replace('*', 'anything'),
      })),
  );
}

describeEachDatabase('route guard', (ctx) => {
  it('guards every route that is not on the public allowlist (no, tampered, expired and revoked tokens)', async () => {
    const registered = inventory(listRoutes(ctx.app));
    const guarded = registered.filter((r) => !isPublicRoute(r.method, r.pattern));
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
        const res = await ctx.app.inject({
          method: route.method as 'GET',
          url: route.url,
          headers: authorization ? { authorization } : {},
        });
        expect.soft(res.statusCode, `${route.method} ${route.pattern} with ${label}`).toBe(401);
      }
    }
  });

  it('has no allowlist entry without a registered route', () => {
    const registered = new Set(inventory(listRoutes(ctx.app)).map((r) => `${r.method} ${r.pattern}`));
    for (const [method, url] of PUBLIC_ROUTES) expect.soft(registered.has(`${method} ${url}`), `${method} ${url}`).toBe(true);
  });
});

function listRoutes(app: FastifyInstance) {
  return app.routeInventory;
}
