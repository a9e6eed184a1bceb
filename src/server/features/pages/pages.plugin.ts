import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isPagePath, isServerRenderedPath } from '../../../shared/paths';
import { HtmlDocument } from './html-document';
import { notFound } from '../../lib/errors';
import type { PageCache } from './page-cache';
import { PageRenderer } from './page-renderer';
import { publicBaseUrl } from './seo.routes';

const ROOT_FILES = ['favicon.svg', 'favicon.ico', 'manifest.webmanifest'];

/**
 * What pages show (listings, studio, the active campaign) changes only by staff writes; the
 * visitors' own writes (e-mails, answers, messages) leave every page as it was. Call it on the
 * root instance: a hook added inside a registered plugin sees only that plugin's routes.
 */
export function clearPagesAfterStaffWrites(app: FastifyInstance, cache: PageCache): void {
  app.addHook('onResponse', (request, reply, done) => {
    if (request.staff && request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) cache.clear();
    done();
  });
}

/**
 * Serves the web client: hashed assets with long-lived caching; public pages rendered on the
 * server (with their data) when the SSR bundle is built; the client shell for the other pages.
 * Unknown paths get the 404 page with status 404.
 */
export async function pagesPlugin(app: FastifyInstance, options: { clientDir: string; ssrDir?: string; cache: PageCache }): Promise<void> {
  const { clientDir } = options;
  const indexFile = path.join(clientDir, 'index.html');
  const shell = existsSync(indexFile) ? new HtmlDocument(readFileSync(indexFile, 'utf8')) : null;
  const renderer = shell && options.ssrDir ? await PageRenderer.load(app, clientDir, options.ssrDir) : null;
  const cache = options.cache;

  if (shell) {
    await app.register(fastifyStatic, {
      root: path.join(clientDir, 'assets'),
      prefix: '/assets/',
      index: false,
      immutable: true,
      maxAge: '365d',
      preCompressed: true, // .br and .gz written by scripts/build.mjs
    });
  }
  const rootFiles = new Set(shell ? ROOT_FILES.filter((f) => existsSync(path.join(clientDir, f))) : []);

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const url = new URL(request.url, 'http://localhost');
    const pathname = url.pathname;
    if (pathname.startsWith('/api/')) throw notFound('There is no such API route.');
    const name = pathname.slice(1);
    if (rootFiles.has(name)) return reply.header('cache-control', 'public, max-age=86400').sendFile(name, clientDir);
    if (!shell) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web client has not been built yet. Run `npm run build` (npm start does it for you).');
    }

    const status = isPagePath(pathname) ? 200 : 404;
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (!renderer || !isServerRenderedPath(pathname)) return sendHtml(request, reply.status(status), shell);

    const origin = publicBaseUrl(app, request);
    const key = origin + pathname + url.search;
    const page = await cache.get(key, () => renderer.render(request.url, origin));
    if ('location' in page) return reply.redirect(page.location, page.status);
    return sendHtml(request, reply.status(status), page.document);
  });
}

function sendHtml(request: FastifyRequest, reply: FastifyReply, document: HtmlDocument) {
  const { encoding, body } = document.encode(request.headers['accept-encoding']);
  reply.header('vary', 'accept-encoding');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
}
