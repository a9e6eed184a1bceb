// The app itself, started by main.tsx (see there for when).
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { routes } from './app/routes';

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

  if (serverData) {
    window.__staticRouterHydrationData = JSON.parse(serverData);
    // The matched route modules must be loaded before hydrating, or the first render would differ.
    const matches = matchRoutes(routes, window.location) ?? [];
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
          <RouterProvider router={createBrowserRouter(routes)} />
        </StrictMode>,
      );
    });
  } else {
    createRoot(container).render(
      <StrictMode>
        <RouterProvider router={createBrowserRouter(routes)} />
      </StrictMode>,
    );
  }
}
