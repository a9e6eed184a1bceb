// Renders public pages on the server (bundled by `vite build --ssr`, loaded by the server at run time).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, StaticRouterProvider } from 'react-router';
import { loadCatalogue } from '#shared/i18n/catalogues';
import { LANGUAGES, languagePrefix, splitLanguage, type Language } from '#shared/i18n/languages';
import { en } from '#shared/i18n/messages/en';
import { LANDING_PATH, LandingIsland } from './app/landing-island';
import { routes } from './app/routes';
import { CHANNEL_LINK_ROUTE_ID, SITE_ROUTE_ID, type SiteContext } from './lib/site-settings';
import { isChannelLinkPath } from '#shared/paths';
import type { ChannelLink } from '#shared/channels/channels.contract';
import { setApiTransport } from './lib/api-client';
import { I18nProvider } from './lib/i18n';

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      /** The page's language: `hi` for a page under /hi/. */
      language: Language;
      /** <title>, <meta> and <link> elements React hoisted out of the tree, for <head>. */
      head: string;
      body: string;
      /** Loader data for hydration, as JSON safe to place in a <script type="application/json">. */
      data: string;
      /** Source files of the matched route modules (keys of the Vite manifest). */
      files: string[];
      /** Source files of modules the page fetches once idle (`handle.later`), such as the survey runner. */
      later: string[];
      /**
       * How the browser starts the page: `landing` without the router (src/web/start-landing.tsx,
       * the landing page's script budget), `app` with it (src/web/start-app.tsx).
       */
      entry: 'landing' | 'app';
    };

// One handler per language: a language's pages live under its prefix (React Router's basename), so
// every link a page renders stays in its language.
const handlers = Object.fromEntries(
  LANGUAGES.map((language) => [language, createStaticHandler(routes, { basename: languagePrefix(language) || undefined })]),
) as Record<Language, ReturnType<typeof createStaticHandler>>;
// Loaded as the browser loads it (a chunk of its own), once, when the server loads this bundle.
const catalogues = { en, hi: await loadCatalogue('hi') } as const;

// React 19 emits hoistable elements first when it renders a tree that is not a whole document.
const HOISTED = /^(?:<title>[\s\S]*?<\/title>|<meta\b[^>]*\/?>|<link\b[^>]*\/?>)+/;

export async function render(request: Request, apiFetch: (path: string, init: RequestInit) => Promise<Response>): Promise<RenderResult> {
  setApiTransport(apiFetch);
  const url = new URL(request.url);
  const { language, path } = splitLanguage(url.pathname);
  const handler = handlers[language];
  const context = await handler.query(request);
  if (context instanceof Response) {
    const location = context.headers.get('location');
    if (location && context.status >= 300 && context.status < 400) return { kind: 'redirect', status: context.status, location };
    throw new Error(`Unexpected response while rendering ${request.url}: ${context.status}`);
  }

  // The landing page, rendered as the browser will hydrate it: without the router (landing-island.tsx).
  // A channel's short link is its campaign's landing page, rendered the same way (README "Channels").
  const landing = (path === LANDING_PATH || isChannelLinkPath(path)) && context.statusCode === 200 && !context.errors;
  const html = landing
    ? renderToString(
        <LandingIsland
          language={language}
          messages={catalogues[language]}
          site={context.loaderData[SITE_ROUTE_ID] as SiteContext}
          location={{ pathname: path, search: url.search, key: 'default' }}
          navigate={() => undefined}
          channel={context.loaderData[CHANNEL_LINK_ROUTE_ID] as ChannelLink | undefined}
        />,
      )
    : renderToString(
        <StrictMode>
          <I18nProvider language={language} messages={catalogues[language]}>
            <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
          </I18nProvider>
        </StrictMode>,
      );
  const head = HOISTED.exec(html)?.[0] ?? '';

  const data = {
    loaderData: context.loaderData,
    actionData: context.actionData,
    errors: serializeErrors(context.errors),
  };
  return {
    kind: 'page',
    status: context.statusCode,
    language,
    head,
    body: html.slice(head.length),
    data: JSON.stringify(data)
      .replace(/</g, '\\u003c')
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029'),
    files: context.matches.map((m) => (m.route.handle as { file?: string } | undefined)?.file).filter((f): f is string => Boolean(f)),
    later: context.matches.flatMap((m) => (m.route.handle as { later?: string[] } | undefined)?.later ?? []),
    entry: landing ? 'landing' : 'app',
  };
}

/** The shape React Router's browser router expects in window.__staticRouterHydrationData.errors. */
function serializeErrors(errors: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!errors) return null;
  return Object.fromEntries(
    Object.entries(errors).map(([id, error]) => {
      if (isRouteErrorResponse(error)) return [id, { ...error, __type: 'RouteErrorResponse' }];
      if (error instanceof Error) return [id, { message: 'This page could not be loaded.', __type: 'Error' }];
      return [id, error];
    }),
  );
}
