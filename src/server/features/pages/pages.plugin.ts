import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath } from '#shared/api-path';
import { channelLinkCode } from '#shared/channels/channels.api';
import { hasSurveyJourney, SURVEY_JOURNEY_PATHS } from '#shared/responses/survey-journey';
import { FILTER_PARAMS } from '#shared/listings/listing-filters';
import { ENQUIRY_SENT_PARAM } from '#shared/contact/contact.api';
import { EMBED_SCRIPT_PATH } from '#shared/channels/embed';
import { CompressedBody } from '#server/lib/compressed-body';
import { embedPagePolicy } from '#server/lib/security-headers';
import { embedFraming } from '#server/features/channels';
import { embedPageCode, isChannelLinkPath, isListingPagePath, isPagePath, isServerRenderedPath, isStaffPath, LISTING_PAGE_LISTS, paths } from '#shared/paths';
import { DEFAULT_LANGUAGE, localizedPath, splitLanguage } from '#shared/i18n/languages';
import { HtmlDocument } from './html-document';
import { languageStylesheet, PageRenderer, withLanguage } from './page-renderer';
import { languageRoutes, shouldRedirectHome } from './language';
import { publicBaseUrl } from './seo.routes';

/** The expo tablet's pages and service worker. */
const KIOSK_PREFIX = '/kiosk/';

const ROOT_FILES = ['favicon.svg', 'favicon.ico', 'manifest.webmanifest'];

/** Each page path by its lower-case spelling (the specification's paths differ by more than case). */
const PAGE_BY_LOWER_CASE: ReadonlyMap<string, string> = new Map(Object.values(paths).map((p) => [p.toLowerCase(), p]));
const LIST_BY_LOWER_CASE: ReadonlyMap<string, string> = new Map(LISTING_PAGE_LISTS.map((p) => [p.toLowerCase(), p]));

/** The page's own address for one spelt in another letter case: `/viewprojects/<id>` → `/viewProjects/<id>` (the id kept as it is). */
function canonicalCase(pathname: string): string | undefined {
  if (isPagePath(pathname)) return undefined;
  const page = PAGE_BY_LOWER_CASE.get(pathname.toLowerCase());
  if (page) return page;
  const listing = /^(\/[^/]+)(\/[^/]+)$/.exec(pathname);
  const list = listing && LIST_BY_LOWER_CASE.get(listing[1]!.toLowerCase());
  return list ? list + listing[2] : undefined;
}

/**
 * Serves the web client: hashed assets with long-lived caching; public pages rendered on the
 * server (with their data) when the SSR bundle is built; the client shell for the other pages.
 * Unknown paths get the 404 page with status 404.
 */
export async function pagesPlugin(
  app: FastifyInstance,
  options: {
    clientDir: string;
    ssrDir?: string;
    /** Counts a load of a short link (`/s/<code>`, `/hi/s/<code>`) for its channel's funnel (decision 0035). */
    linkVisit?: (code: string, address: string) => Promise<void>;
  },
): Promise<void> {
  const { clientDir } = options;
  const indexFile = path.join(clientDir, 'index.html');
  const shell = existsSync(indexFile) ? new HtmlDocument(readFileSync(indexFile, 'utf8')) : null;
  const renderer = shell && options.ssrDir ? await PageRenderer.load(app, clientDir, options.ssrDir) : null;

  if (shell) {
    // Built assets are public: @fastify/static takes no route config, so its routes are marked here.
    app.addHook('onRoute', (route) => {
      if (route.url.startsWith('/assets/')) route.config = { ...route.config, access: 'public' };
    });
    await app.register(fastifyStatic, {
      root: path.join(clientDir, 'assets'),
      prefix: '/assets/',
      index: false,
      immutable: true,
      maxAge: '365d',
      preCompressed: true, // .br and .gz written by scripts/build.mjs
    });
  }
  // The expo tablet (decision 0039): its own page for /kiosk/<code> and /hi/kiosk/<code>,
  // and its service worker at each scope (/kiosk/sw.js, /hi/kiosk/sw.js), so it controls those pages only.
  const kioskFile = path.join(clientDir, 'kiosk.html');
  const kioskHtml = existsSync(kioskFile) ? readFileSync(kioskFile, 'utf8') : null;
  const kioskPages = kioskHtml
    ? {
        // The English tablet does not preload the Devanagari font (about 100 KB): its service worker does not keep it either.
        en: new HtmlDocument(kioskHtml.replace(/<link rel="preload" href="[^"]*devanagari[^"]*"[^>]*>\s*/g, '')),
        hi: new HtmlDocument(kioskHtml.replace('<html lang="en">', '<html lang="hi">')),
      }
    : null;
  const kioskWorker = existsSync(path.join(clientDir, 'kiosk-sw.js'));
  const rootFiles = new Set(shell ? ROOT_FILES.filter((f) => existsSync(path.join(clientDir, f))) : []);
  // The client shell set in Hindi, for the pages under /hi/ the browser renders.
  const hindiShell = shell ? new HtmlDocument(withLanguage(shell.html, 'hi', languageStylesheet(clientDir, 'hi'))) : null;
  await app.register(languageRoutes);

  // The script a partner site pastes to embed a channel's survey (decision 0034), built by
  // scripts/build.mjs from src/web/embed/embed.ts. Not hashed (its address is pasted once into other
  // sites), so cached for an hour; loaded by other sites, so Cross-Origin-Resource-Policy lets them.
  const embedScriptFile = path.join(clientDir, 'embed.js');
  const embedScript = shell && existsSync(embedScriptFile) ? new CompressedBody(readFileSync(embedScriptFile)) : null;
  app.get(EMBED_SCRIPT_PATH, { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (!embedScript) return reply.callNotFound();
    const { encoding, body } = embedScript.encode(request.headers['accept-encoding']);
    reply
      .header('cache-control', 'public, max-age=3600')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('vary', 'accept-encoding')
      .type('text/javascript; charset=utf-8');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(body);
  });

  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    // `//host/…` and `/\host/…` are another origin to a URL parser (the renderer's included):
    // send them to the same path on this site, never render them.
    if (/^\/[/\\]/.test(request.url)) return reply.redirect(`/${request.url.replace(/^[/\\]+/, '')}`, 301);
    const url = new URL(request.url, 'http://localhost');
    // The page's language: `/hi/viewProjects` is /viewProjects in Hindi. Below, `pathname`
    // is the specification's path; `localized` puts the language's prefix back.
    const { language, path: pathname } = splitLanguage(url.pathname);
    const localized = (p: string) => localizedPath(language, p);
    // An API path no GET route has: 405 when it has other methods, else 404 (the not-found handler).
    if (isApiPath(url.pathname)) return reply.callNotFound();
    const name = url.pathname.slice(1);
    if (rootFiles.has(name)) return reply.header('cache-control', 'public, max-age=86400').sendFile(name, clientDir);
    if (kioskPages && pathname.startsWith(KIOSK_PREFIX)) {
      if (pathname === `${KIOSK_PREFIX}sw.js`) {
        if (!kioskWorker) return reply.callNotFound();
        return reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').sendFile('kiosk-sw.js', clientDir);
      }
      reply.header('cache-control', 'no-cache').header('x-robots-tag', 'noindex').type('text/html; charset=utf-8');
      return sendHtml(request, reply, language === DEFAULT_LANGUAGE ? kioskPages.en : kioskPages.hi);
    }
    if (language !== DEFAULT_LANGUAGE) {
      // Staff pages have one language, the staff's. (`/hi` is the Hindi home page, as links under
      // the router's basename write it; its canonical address is `/hi/`.)
      if (isStaffPath(pathname) || isApiPath(pathname)) return reply.redirect(pathname + url.search, 301);
    }
    if (!shell || !hindiShell) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web client has not been built yet. Run `npm run build` (npm start does it for you).');
    }

    // A survey page without a journey in this browser: to / at once, not after
    // the app has loaded. A resume link brings its own journey.
    if (
      SURVEY_JOURNEY_PATHS.includes(pathname) &&
      !hasSurveyJourney(request.headers.cookie) &&
      !(pathname === paths.startSurvey && url.searchParams.has('resume'))
    ) {
      return reply.header('cache-control', 'no-store').redirect(localized(paths.home), 303);
    }

    // The first visit to the English home page follows the browser's languages; a visitor's own
    // choice (the cookie) is kept; search engines always get the page they asked for.
    if (url.pathname === paths.home) {
      reply.header('vary', 'accept-encoding, accept-language, cookie');
      const target = shouldRedirectHome(request.headers);
      if (target) return reply.header('cache-control', 'no-store').redirect(localizedPath(target, paths.home) + url.search, 302);
    }

    // A page's address in another letter case (/viewprojects): the browser's router would show the
    // page under a 404 status; the specification's routes are exact, so it is sent to the one address.
    const canonical = canonicalCase(pathname);
    if (canonical) return reply.redirect(localized(canonical) + url.search, 301);

    // A short link's load is a link visit (one per visitor a day, counted by the channels room); a
    // failure there is logged, never shown to the visitor.
    const linkCode = request.method === 'GET' && options.linkVisit ? channelLinkCode(pathname) : null;
    if (linkCode) await options.linkVisit!(linkCode, request.ip).catch((error: unknown) => request.log.error({ err: error }, 'link visit not counted'));

    // A channel's embed page (decision 0034): framed only by the channel's allowed origins, every
    // other page keeps frame-ancestors 'none'; 404 for a code no channel has. Never cached: the
    // channel's schedule, pause switch, cap and origins change what it shows and who may frame it.
    const embedCode = embedPageCode(pathname);
    const framing = embedCode === null ? undefined : await embedFraming(app.db, embedCode);
    const status = isPagePath(pathname) && (embedCode === null || framing) ? 200 : 404;
    reply.header('cache-control', embedCode === null ? 'no-cache' : 'no-store').type('text/html; charset=utf-8');
    if (embedCode !== null) {
      reply.header('content-security-policy', embedPagePolicy(framing?.origins ?? []));
      // X-Frame-Options knows no list of origins: frame-ancestors alone says who may frame the page.
      if (framing && framing.origins.length > 0) reply.removeHeader('x-frame-options');
      // A visit is the frame's first page, not the journey's later steps inside it.
      if (framing && isServerRenderedPath(pathname) && request.method === 'GET' && options.linkVisit) {
        await options.linkVisit(embedCode, request.ip).catch((error: unknown) => request.log.error({ err: error }, 'link visit not counted'));
      }
    }
    if (!renderer || !isServerRenderedPath(pathname)) return sendHtml(request, reply.status(status), language === DEFAULT_LANGUAGE ? shell : hindiShell);

    const origin = publicBaseUrl(app, request);
    // Rendered from what the page uses, so a query string it ignores cannot split or bypass the cache.
    const query = usedQuery(pathname, url.searchParams);
    const pageUrl = localized(pathname) + query;
    // The app's content cache (lib/content-cache.ts): a staff write makes every page stale. A page
    // rendered with what a link put in its query (free text) is rendered for that request only: such
    // links could otherwise push every other page out of the cache.
    // A short link is rendered on each visit: its schedule, pause switch and cap change what it shows.
    const fresh = query || isChannelLinkPath(pathname) || embedCode !== null;
    const page = fresh
      ? await renderer.render(pageUrl, origin)
      : await app.contentCache.get(`page:${origin}${pageUrl}`, () => renderer.render(pageUrl, origin));
    if ('location' in page) return reply.redirect(page.location, page.status);
    // A listing's page answers as its render did: 404 (the not-found page) for an id with no listing.
    // A short link too (404 for a code no channel has).
    if (isChannelLinkPath(pathname)) reply.header('cache-control', 'no-store');
    const pageStatus = embedCode !== null ? (framing ? page.status : 404) : isListingPagePath(pathname) || isChannelLinkPath(pathname) ? page.status : status;
    return sendHtml(request, reply.status(pageStatus), page.document);
  });
}

/**
 * The query parameters each server-rendered page reads. A page that starts reading one lists it
 * here, or its server render will not see it and the browser's first render will not match it
 * (React error #418).
 */
const PAGE_QUERY_PARAMS: Readonly<Record<string, readonly string[]>> = {
  // The homes and decor filters: a filtered list is rendered on the server too, without JavaScript.
  [paths.projects]: FILTER_PARAMS.project,
  [paths.products]: FILTER_PARAMS.product,
  // The contact form prefilled from a link (/result's "Ask about this home"): contact-page.tsx.
  [paths.contact]: ['quote', 'about'],
  // "Ask about this home" on its own page: the listing, the choice a link made, and the answer after a post without script.
  [paths.enquiry]: ['project', 'product', 'intent', ENQUIRY_SENT_PARAM],
  // The unsubscribe page's link token, and its answer after the form was sent or a link that is not valid (consent/unsubscribe-page.tsx).
  [paths.unsubscribe]: ['token', 'done', 'invalid'],
  // The newsletter's confirmation link, and its answer after the form was sent (consent/newsletter-confirm-page.tsx).
  [paths.newsletterConfirm]: ['token', 'done', 'refused'],
};

/**
 * A home's or decor piece's page (listings/listing-page-query.ts): why the visitor came, the EMI
 * estimate's inputs, and `sent`, set when its "Ask about this home" form was posted without script
 * (contact/listing-enquiry.tsx).
 */
const LISTING_PAGE_QUERY_PARAMS = ['intent', 'loan', 'rate', 'years', ENQUIRY_SENT_PARAM] as const;

function usedQuery(pathname: string, params: URLSearchParams): string {
  const names = isListingPagePath(pathname) ? LISTING_PAGE_QUERY_PARAMS : PAGE_QUERY_PARAMS[pathname];
  if (!names) return '';
  const used = new URLSearchParams();
  for (const name of names) for (const value of params.getAll(name)) used.append(name, value);
  used.sort();
  const query = used.toString();
  return query ? `?${query}` : '';
}

function sendHtml(request: FastifyRequest, reply: FastifyReply, document: HtmlDocument) {
  const { encoding, body } = document.encode(request.headers['accept-encoding']);
  if (!reply.hasHeader('vary')) reply.header('vary', 'accept-encoding');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
}
