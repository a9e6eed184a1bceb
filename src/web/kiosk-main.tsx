// The expo tablet's entry (docs/decisions/0039-kiosk-tablet.md): its own Vite entry
// (kiosk.html), not in the site's or the dashboard's first views. Reads the device key from the
// address (`#key=`), takes it out of the address bar at once, and registers the service worker
// for /kiosk/ (or /hi/kiosk/) only.
import { createRoot } from 'react-dom/client';
import { KioskRoot, readKioskLocation } from './features/kiosk/kiosk-app';

// zod is not on the tablet, but SurveyJS's and React's code paths never need eval: the CSP holds.
const where = readKioskLocation(location.pathname);
let initialKey: string | null = null;
const match = /(?:^#|&)key=([^&]+)/.exec(location.hash);
if (match) {
  initialKey = decodeURIComponent(match[1]!);
  history.replaceState(null, '', location.pathname + location.search);
}
if (where) {
  document.documentElement.lang = where.language;
  if ('serviceWorker' in navigator) {
    void navigator.serviceWorker
      .register(`${where.scope}sw.js`, { scope: where.scope })
      .catch((error: unknown) => console.warn('Kiosk service worker not registered', error));
  }
  createRoot(document.getElementById('root')!).render(<KioskRoot where={where} initialKey={initialKey} />);
}
