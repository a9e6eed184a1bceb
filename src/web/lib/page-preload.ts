type PageLoader = (file: string) => Promise<unknown>;

let loader: PageLoader | null = null;
let routerImport: (() => Promise<unknown>) | null = null;

/**
 * routes.tsx hands its page imports over here when it loads. Pages preload another page through this
 * module, never by importing the router: the router imports every page (import.meta.glob), so a page
 * importing it back would be an import cycle the linter cannot see.
 */
export function setPageLoader(load: PageLoader): void {
  loader = load;
}

/**
 * Loads a public page's module (and links its stylesheets) ahead of a visit, through the very import
 * the router makes: when the visitor goes there, the route renders without waiting for the network.
 * `file` is the module's path under src/web/features/.
 */
export async function preloadPage(file: string): Promise<unknown> {
  if (!loader && routerImport) await routerImport();
  if (!loader) throw new Error('The router is not loaded yet.');
  return loader(file);
}

/** Imports the router ahead (on the landing page, the app with it), without loading a page. */
export async function preloadRouter(): Promise<void> {
  if (!loader && routerImport) await routerImport();
}

/**
 * The landing page starts without the router (start-landing.tsx): it says here how to import it,
 * and a preload imports it first.
 */
export function setRouterImport(load: () => Promise<unknown>): void {
  routerImport = load;
}
