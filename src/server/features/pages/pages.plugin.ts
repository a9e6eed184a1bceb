import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isPagePath } from '../../../shared/paths';
import { notFound } from '../../lib/errors';

/**
 * Serves the built web client: hashed assets with long-lived caching, and index.html for every
 * page path. Unknown page paths still get the page (it shows the 404 screen) with status 404.
 */
export async function pagesPlugin(app: FastifyInstance, options: { clientDir: string }): Promise<void> {
  const indexFile = path.join(options.clientDir, 'index.html');
  const built = existsSync(indexFile);
  const indexHtml = built ? readFileSync(indexFile, 'utf8') : null;

  if (built) {
    await app.register(fastifyStatic, {
      root: path.join(options.clientDir, 'assets'),
      prefix: '/assets/',
      wildcard: true,
      index: false,
      immutable: true,
      maxAge: '365d',
      decorateReply: true,
    });
  }

  // Files at the root of the build (favicon, robots.txt…) are served by name; everything else is a page.
  const rootFiles = new Set(
    built ? ['favicon.svg', 'favicon.ico', 'robots.txt', 'manifest.webmanifest'].filter((f) => existsSync(path.join(options.clientDir, f))) : [],
  );

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = new URL(request.url, 'http://localhost').pathname;
    if (pathname.startsWith('/api/')) throw notFound('There is no such API route.');
    const name = pathname.slice(1);
    if (rootFiles.has(name)) {
      return reply.header('cache-control', 'public, max-age=86400').sendFile(name, options.clientDir);
    }
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web client has not been built yet. Run `npm run build` (npm start does it for you).');
    }
    return reply
      .status(isPagePath(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
}
