import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/app';

describeEachDatabase('robots.txt and sitemap.xml', (ctx) => {
  it('keeps the dashboard and the API out of search engines and points at the sitemap', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'abode.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const lines = res.body.split('\n');
    expect(lines).toContain('Disallow: /dashboard');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Sitemap: https://abode.example/sitemap.xml');
  });

  it('lists the public pages, and no staff page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'abode.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs.sort()).toEqual(
      ['/', '/viewAboutus', '/viewContact', '/viewProducts', '/viewProjects', '/viewStudio'].map((p) => `https://abode.example${p}`).sort(),
    );
    expect(res.body).not.toContain('dashboard');
  });
}, { publicBaseUrl: 'https://abode.example' });
