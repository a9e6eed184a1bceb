// The kiosk's service worker (decision 0039): registered at /kiosk/sw.js (scope /kiosk/) and
// /hi/kiosk/sw.js (scope /hi/kiosk/) only, so it never touches the rest of the site. Built on its own
// by scripts/build.mjs (esbuild), which puts in the list of the kiosk's files (its entry's scripts,
// stylesheets, fonts and images from Vite's manifest) and a version made of their names.
//
// - install: every kiosk file and the page itself (the scope's address serves kiosk.html) are cached.
// - the page (a navigation): network first (4 s), else the cached page: reloads work offline.
// - /assets/*: cache first (hashed names never change). /api/kiosk/config/*: network first, else the
//   cached answer. /media/* (the survey's images) and the icon: cache first, kept once fetched.
// - activate: caches of older builds are dropped.

declare const __KIOSK_PRECACHE__: string[];
declare const __KIOSK_VERSION__: string;

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response> | Response): void;
}
interface WorkerScope {
  registration: { scope: string };
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

const sw = self as unknown as WorkerScope;
const PREFIX = 'abode-kiosk-';
const CACHE = `${PREFIX}${__KIOSK_VERSION__}`;
const RUNTIME = `${PREFIX}runtime`;
const SHELL_KEY = 'shell';
/** The files only a Hindi tablet (scope /hi/kiosk/) uses: the Devanagari font, SurveyJS's Hindi (survey-core/i18n/hindi). */
const HINDI_ONLY = /\/assets\/(noto-sans-devanagari-[^/]*|hindi-[\w-]{8}\.js)$/;

function scopePath(): string {
  return new URL(sw.registration.scope).pathname;
}

sw.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // The English tablet keeps no Hindi: neither the Devanagari font (about 100 KB) nor SurveyJS's Hindi texts.
      const hindi = scopePath().startsWith('/hi/');
      await cache.addAll(hindi ? __KIOSK_PRECACHE__ : __KIOSK_PRECACHE__.filter((file) => !HINDI_ONLY.test(file)));
      const shell = await fetch(scopePath(), { cache: 'no-store' });
      if (shell.ok) await cache.put(`${scopePath()}${SHELL_KEY}`, shell);
      await sw.skipWaiting();
    })(),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith(PREFIX) && name !== CACHE && name !== RUNTIME) await caches.delete(name);
      await sw.clients.claim();
    })(),
  );
});

function withTimeout(promise: Promise<Response>, ms: number): Promise<Response> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

async function page(request: Request): Promise<Response> {
  const key = `${scopePath()}${SHELL_KEY}`;
  try {
    const response = await withTimeout(fetch(request), 4000);
    if (response.ok) {
      const cache = await caches.open(CACHE);
      await cache.put(key, response.clone());
    }
    return response;
  } catch {
    const cached = await caches.match(key);
    if (cached) return cached;
    throw new Error('offline and no cached kiosk page');
  }
}

async function cacheFirst(request: Request, cacheName: string): Promise<Response> {
  const cached = await caches.match(request, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await (await caches.open(cacheName)).put(request, response.clone());
  return response;
}

async function networkFirst(request: Request): Promise<Response> {
  try {
    const response = await withTimeout(fetch(request), 8000);
    if (response.ok) await (await caches.open(RUNTIME)).put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await caches.match(request, { ignoreVary: true });
    if (cached) return cached;
    throw error;
  }
}

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  if (request.mode === 'navigate') {
    if (url.pathname.startsWith(scopePath()) && url.pathname !== `${scopePath()}sw.js`) event.respondWith(page(request));
    return;
  }
  if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request, CACHE));
  else if (url.pathname.startsWith('/api/kiosk/config/')) event.respondWith(networkFirst(request));
  else if (url.pathname.startsWith('/media/') || url.pathname === '/favicon.svg') event.respondWith(cacheFirst(request, RUNTIME));
});
