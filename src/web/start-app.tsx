// The app itself, started by main.tsx (see there for when).
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { loadCatalogue } from '#shared/i18n/catalogues';
import { languagePrefix, splitLanguage } from '#shared/i18n/languages';
import { routes } from './app/routes';
import { I18nProvider } from './lib/i18n';

declare global {
  interface Window {
    __staticRouterHydrationData?: unknown;
  }
}

/** Hydrates a server-rendered page with its loader data, or renders the page in the browser. */
export async function startApp(): Promise<void> {
  const container = document.getElementById('root')!;
  // Server-rendered pages carry their loader data as JSON (not as inline script: the CSP forbids it).
  const serverData = document.getElementById('__abode_data')?.textContent;
  // The page's language (issue 27): its prefix is the router's basename, and only its catalogue is loaded.
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
      hydrateRoot(
        container,
        <StrictMode>
          <I18nProvider language={language} messages={messages}>
            <RouterProvider router={createBrowserRouter(routes, { basename })} />
          </I18nProvider>
        </StrictMode>,
      );
    });
  } else {
    createRoot(container).render(
      <StrictMode>
        <I18nProvider language={language} messages={messages}>
          <RouterProvider router={createBrowserRouter(routes, { basename })} />
        </I18nProvider>
      </StrictMode>,
    );
  }
}
