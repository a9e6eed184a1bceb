// The browser entry. A server-rendered page is complete without script (links, the phone menu and
// text all work), so its app (React, the router and the page's module: about 100 KB) starts once the
// page has loaded and shown its content, instead of competing with its stylesheets, fonts and images
// for the network — or at once if the visitor interacts first. Pages rendered in the browser (staff,
// login, survey) start at once. docs/decisions/0005-app-after-load.md
import { currentStaff } from './lib/auth-token';
import './styles/global.css';

// SPEC.md §4: a stored token is checked at start-up; an expired one logs the user out.
currentStaff();

const INTERACTIONS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;
let started = false;

function start(): void {
  if (started) return;
  started = true;
  for (const type of INTERACTIONS) window.removeEventListener(type, start, true);
  void import('./start-app').then((app) => app.startApp());
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
