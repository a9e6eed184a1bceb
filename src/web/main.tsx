// The browser entry. A server-rendered page is complete without script (links, the phone menu and
// text all work), so its app (React, the router and the page's module; the landing page without the router) starts once the
// page has loaded and shown its content, instead of competing with its stylesheets, fonts and images
// for the network — or at once if the visitor interacts first. Pages rendered in the browser (staff,
// login, survey) start at once. docs/decisions/0005-app-after-load.md
import { currentStaff } from './lib/auth-token';
import './styles/global.css';

// SPEC.md §4: a stored token is checked at start-up; an expired one logs the user out.
currentStaff();

// Before any zod schema is made (they are all in the app's chunks): zod 4 compiles object schemas
// with `new Function` when it can, and finds out by trying `Function('')`. The site's CSP refuses
// eval, so that try was a CSP violation on every page, which Chrome reports as an issue (Lighthouse
// best practices 96, "inspector-issues"). zod reads this global config (`z.config` writes it) without
// the entry importing zod; jitless, it parses the same way, interpreted.
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig ??= { jitless: true };

/** Set by the server (page-renderer.ts) on the page that starts without the router: the landing page. */
const START_META = 'abode-start';

const INTERACTIONS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;
let started = false;

function start(): void {
  if (started) return;
  started = true;
  for (const type of INTERACTIONS) window.removeEventListener(type, start, true);
  // The landing page starts without the router (start-landing.tsx); every other page starts the app.
  if (document.querySelector(`meta[name="${START_META}"]`)?.getAttribute('content') === 'landing')
    void import('./start-landing').then((page) => page.startLanding());
  else void import('./start-app').then((app) => app.startApp());
}

/** Calls `then` once the page has shown its first content (which can come after the load event). */
function afterFirstContentfulPaint(then: () => void): void {
  if (document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return then();
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    setTimeout(then, 0);
  }).observe({ type: 'paint', buffered: true });
}

if (!document.getElementById('__abode_data')) {
  start();
} else {
  for (const type of INTERACTIONS) window.addEventListener(type, start, { capture: true, passive: true });
  if (document.readyState === 'complete') afterFirstContentfulPaint(start);
  else window.addEventListener('load', () => afterFirstContentfulPaint(start), { once: true });
}
