import type { FastifyInstance, FastifyRequest } from 'fastify';
import { paths } from '../../../shared/paths';

/** The pages search engines should know about. */
const PUBLIC_PAGES = [paths.home, paths.projects, paths.products, paths.studio, paths.about, paths.contact];

/** The configured public address, or the one this request came to. */
export function publicBaseUrl(app: FastifyInstance, request: FastifyRequest): string {
  return app.config.publicBaseUrl ?? `${request.protocol}://${request.host}`;
}

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function seoRoutes(app: FastifyInstance): Promise<void> {
  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    const base = publicBaseUrl(app, request);
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return ['User-agent: *', 'Disallow: /dashboard', 'Disallow: /api/', 'Disallow: /startsurvey', 'Disallow: /result', '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const base = publicBaseUrl(app, request);
    const urls = PUBLIC_PAGES.map((p) => `  <url><loc>${escapeXml(base + p)}</loc><changefreq>${p === paths.home ? 'weekly' : 'daily'}</changefreq></url>`);
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  });
}
