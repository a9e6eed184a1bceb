import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/app';

describeEachDatabase('HTTP basics', (ctx) => {
  it('GET /healthz answers ok once the database answers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('sets security headers on every page and asset, errors included', async () => {
    for (const url of ['/', '/no-such-page', '/robots.txt', '/media/nope.jpg']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
  });

  it('answers the API with a policy under which nothing loads, runs or frames it, errors included', async () => {
    const answers = [
      await ctx.app.inject({ method: 'GET', url: '/healthz' }),
      await ctx.app.inject({ method: 'GET', url: '/api/nope' }),
      await ctx.app.inject({ method: 'GET', url: '/api/project/get' }),
      await ctx.app.inject({ method: 'POST', url: '/api/email/add', payload: { email: 'not an e-mail' } }),
      await ctx.app.inject({ method: 'GET', url: '/api/campagin/all' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 404, 200, 400, 401]);
    for (const res of answers) {
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await ctx.app.inject({ method, url: '/api/does-not-exist' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'There is no such API route.', code: 'NOT_FOUND' });
    }
  });

  it('serves the client for page paths, and the same page with 404 for unknown paths', async () => {
    const home = await ctx.app.inject({ method: 'GET', url: '/viewProjects' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toContain('text/html');
    const unknown = await ctx.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(home.body);
  });

  it('serves built assets with immutable caching', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/app-fixture.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('refuses oversized JSON bodies with 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'a@b.c', password: 'x'.repeat(10_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request is too large.', code: 'TOO_LARGE' });
  });

  it('publishes the studio settings for the public pages', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/site' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Test Studio', address: '1 Test Street', whatsapp: '+91 00000 00001' });
  });

  it('describes the API as OpenAPI for staff', async () => {
    const res = await ctx.asStaff({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
    expect(Object.keys(res.json().paths)).toContain('/api/login');
  });
});
