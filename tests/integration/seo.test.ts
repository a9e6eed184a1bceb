import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/app';
import { FORGED_HOSTS } from '../helpers/forged-hosts';

describeEachDatabase(
  'robots.txt and sitemap.xml',
  (ctx) => {
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
  },
  { publicBaseUrl: 'https://abode.example' },
);

// The Host header is parsed as host[:port] only; anything else is the first
// allowed host, so no forged form can put a foreign host into robots.txt or the sitemap (cached
// publicly for an hour).
describeEachDatabase(
  'robots.txt and sitemap.xml without PUBLIC_BASE_URL: forged Host headers',
  (ctx) => {
    const origins = async (host: string) => {
      const robots = await ctx.app.inject({ method: 'GET', url: '/robots.txt', headers: { host } });
      const sitemap = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host } });
      expect(robots.statusCode, host).toBe(200);
      expect(sitemap.statusCode, host).toBe(200);
      const sitemapLine = robots.body.split('\n').find((l) => l.startsWith('Sitemap: '));
      const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).origin);
      return { robots: robots.body, sitemap: sitemap.body, sitemapOrigin: new URL(sitemapLine!.slice(9)).origin, locs: [...new Set(locs)] };
    };

    it('names only the first allowed host for every forged form', async () => {
      for (const host of FORGED_HOSTS) {
        const seen = await origins(host);
        expect(seen.robots.toLowerCase(), host).not.toContain('evil');
        expect(seen.sitemap.toLowerCase(), host).not.toContain('evil');
        expect(seen.sitemapOrigin, host).toBe('http://abode.example');
        expect(seen.locs, host).toEqual(['http://abode.example']);
      }
    });

    it('keeps an allowed host with a port, and allowed IPv6 literals', async () => {
      expect((await origins('abode.example:8080')).sitemapOrigin).toBe('http://abode.example:8080');
      expect((await origins('LOCALHOST:3000')).sitemapOrigin).toBe('http://localhost:3000');
      expect((await origins('[::1]:3000')).sitemapOrigin).toBe('http://[::1]:3000');
      expect((await origins('www.abode.example:8443')).sitemapOrigin).toBe('http://www.abode.example:8443');
      // Only that port of a host allowed with one.
      expect((await origins('www.abode.example:8444')).sitemapOrigin).toBe('http://abode.example');
    });
  },
  { allowedHosts: ['abode.example', 'localhost', '[::1]', 'www.abode.example:8443'] },
);
