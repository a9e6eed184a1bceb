// The app itself, started by main.tsx (see there for when), or taking over the landing page
// (start-landing.tsx) when the visitor leaves it.
import { startTransition, StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { loadCatalogue, type Catalogue } from '#shared/i18n/catalogues';
import { languagePrefix, splitLanguage, type Language } from '#shared/i18n/languages';
import { routes } from './app/routes';
import { SITE_ROUTE_ID, type SiteContext } from './lib/site-settings';
import { I18nProvider } from './lib/i18n';

declare global {
  interface Window {
    __staticRouterHydrationData?: unknown;
  }
}

function App({ language, messages, router }: { language: Language; messages: Catalogue; router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <StrictMode>
      <I18nProvider language={language} messages={messages}>
        <RouterProvider router={router} />
      </I18nProvider>
    </StrictMode>
  );
}

/** Hydrates a server-rendered page with its loader data, or renders the page in the browser. */
export async function startApp(): Promise<void> {
  const container = document.getElementById('root')!;
  // Server-rendered pages carry their loader data as JSON (not as inline script: the CSP forbids it).
  const serverData = document.getElementById('__abode_data')?.textContent;
  // The page's language: its prefix is the router's basename, and only its catalogue is loaded.
  const { language } = splitLanguage(window.location.pathname);
  const basename = languagePrefix(language) || undefined;
  const messages = await loadCatalogue(language);

  if (serverData) {
    window.__staticRouterHydrationData = JSON.parse(serverData);
    // The matched route modules must be loaded before hydrating, or the first render would differ.
    const matches = matchRoutes(routes, window.location, basename) ?? [];
    await Promise.all(
      matches.map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        Object.assign(route, await route.lazy(), { lazy: undefined });
      }),
    );
    // As a transition, hydration yields to the browser every few milliseconds instead of holding the
    // main thread for the whole page (React Router's own client entry does the same).
    startTransition(() => {
      hydrateRoot(container, <App language={language} messages={messages} router={createBrowserRouter(routes, { basename })} />);
    });
  } else {
    createRoot(container).render(<App language={language} messages={messages} router={createBrowserRouter(routes, { basename })} />);
  }
}

/** What the landing page (start-landing.tsx) hands over: its language, catalogue and the site's details. */
export type LandingPage = { language: Language; messages: Catalogue; site: SiteContext };

let prepared: Promise<ReturnType<typeof createBrowserRouter>> | null = null;

/**
 * The router for taking over the landing page (start-landing.tsx), made ahead — when the visitor
 * shows intent — at the landing page's own address and with the site's details it already has (no
 * second fetch): the click then only navigates and renders, as it did when the router ran the page.
 */
export function prepareTakeOver({ language, site }: LandingPage): Promise<ReturnType<typeof createBrowserRouter>> {
  prepared ??= (async () => {
    const router = createBrowserRouter(routes, {
      basename: languagePrefix(language) || undefined,
      hydrationData: { loaderData: { [SITE_ROUTE_ID]: site } },
    });
    if (!router.state.initialized) {
      await new Promise<void>((resolve) => {
        const stop = router.subscribe((state) => {
          if (!state.initialized) return;
          stop();
          resolve();
        });
      });
    }
    return router;
  })();
  return prepared;
}

/**
 * Takes over the landing page: the router goes to `to` (its code and data loaded, the history entry
 * pushed with the state), then the app renders in place of the landing page, so nothing blank shows
 * in between.
 */
export async function takeOver(root: Root, page: LandingPage, to: string, options: { state?: unknown; replace?: boolean } = {}): Promise<void> {
  const router = await prepareTakeOver(page);
  await router.navigate(to, { state: options.state, replace: options.replace });
  // As after the app's own navigations: the new page from its top, and focus in it, not on the body
  // (the link that was followed has gone) — unless the page has put it somewhere itself.
  if (!window.location.hash) window.scrollTo(0, 0);
  flushSync(() => root.render(<App language={page.language} messages={page.messages} router={router} />));
  const active = document.activeElement;
  if (!active || active === document.body) document.getElementById('main')?.focus({ preventScroll: true });
}
