import type { FastifyInstance, FastifyRequest } from 'fastify';
import { paths, productPagePath, projectPagePath } from '#shared/paths';
import { DEFAULT_LANGUAGE, LANGUAGES, localizedPath } from '#shared/i18n/languages';
import { allowedOrigin } from '#server/lib/site-url';
import { listingKinds, listItems } from '#server/features/listings';

/** The pages search engines should know about. */
const PUBLIC_PAGES = [paths.home, paths.projects, paths.products, paths.studio, paths.about, paths.contact];

/**
 * The site's public origin for absolute URLs (canonical links, share cards, sitemap): the configured
 * PUBLIC_BASE_URL; without it, the request's Host only when the operator allows it (ALLOWED_HOSTS),
 * else the first allowed host. A Host header is the client's to choose, and a page rendered with it
 * is cached for every visitor.
 */
export function publicBaseUrl(app: FastifyInstance, request: FastifyRequest): string {
  const configured = app.config.publicBaseUrl;
  if (configured) return configured;
  // Parsed as host[:port] only: `localhost:@evil.example` is not localhost.
  return allowedOrigin(app.config, request.host, request.protocol === 'https' ? 'https' : 'http');
}

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A page's sitemap entry: its English address, naming the page in every language and English as
 * the default (hreflang alternates in /sitemap.xml). The other languages' addresses are
 * found through these alternates (docs/decisions/0026-languages.md).
 */
function sitemapUrl(base: string, path: string, extra: string): string {
  const alternates = [
    ...LANGUAGES.map((language) => `<xhtml:link rel="alternate" hreflang="${language}" href="${escapeXml(base + localizedPath(language, path))}"/>`),
    `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(base + localizedPath(DEFAULT_LANGUAGE, path))}"/>`,
  ].join('');
  return `  <url><loc>${escapeXml(base + localizedPath(DEFAULT_LANGUAGE, path))}</loc>${extra}${alternates}</url>`;
}

export async function seoRoutes(app: FastifyInstance): Promise<void> {
  app.get('/robots.txt', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const base = publicBaseUrl(app, request);
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return [
      'User-agent: *',
      'Disallow: /dashboard',
      'Disallow: /api/',
      'Disallow: /startsurvey',
      'Disallow: /result',
      '',
      `Sitemap: ${base}/sitemap.xml`,
      '',
    ].join('\n');
  });

  app.get('/sitemap.xml', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const base = publicBaseUrl(app, request);
    // From the content cache: a staff write (a listing added, changed or removed) makes it stale.
    const xml = await app.contentCache.get(`sitemap:${base}`, async () => {
      const pages = PUBLIC_PAGES.map((p) => sitemapUrl(base, p, `<changefreq>${p === paths.home ? 'weekly' : 'daily'}</changefreq>`));
      // A page per home and per decor piece, with when staff last changed it.
      const [projects, products] = await Promise.all([listItems(app.db, listingKinds.project), listItems(app.db, listingKinds.product)]);
      const listings = [
        ...projects.map((p) => ({ path: projectPagePath(p._id), updatedAt: p.updatedAt })),
        ...products.map((p) => ({ path: productPagePath(p._id), updatedAt: p.updatedAt })),
      ].map(({ path, updatedAt }) => sitemapUrl(base, path, `<lastmod>${escapeXml(updatedAt)}</lastmod>`));
      return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${[...pages, ...listings].join('\n')}\n</urlset>\n`;
    });
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return xml;
  });
}
