// A page's first view in bytes: the gzip size of each script and stylesheet Chromium loads before
// the page can be used, read from the production build. Used by the bundle bench (bench/bundles.ts)
// and by the browser tests' budget check (tests/e2e/bundle-budgets.e2e.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** SURVEY_PRELOAD_MARK in src/web/features/responses/landing-page.tsx (which this file cannot import: it needs Vite). */
const SURVEY_PRELOAD_MARK = 'abode:survey-preload';
/** Where the staff's token is kept (src/web/lib/auth-token.ts). */
const TOKEN_KEY = 'abode.token';

/**
 * The script budgets of a page's first view (gzip bytes): the home page's (`/hi/`, the landing page in
 * Hindi, has the same), and the staff's first page.
 */
export const FIRST_VIEW_BUDGETS: Readonly<Record<string, { bytes: number; text: string }>> = {
  '/': { bytes: 110 * 1024, text: '≤ 110 KB' },
  '/hi/': { bytes: 110 * 1024, text: '≤ 110 KB' },
  '/dashboard': { bytes: 250 * 1024, text: '≤ 250 KB' },
};

/** A channel's short link, `/s/<code>` (README "Channels"): the campaign's landing page, with the landing page's budget. Its path needs a channel, so it is measured apart. */
export const CHANNEL_LINK_BUDGET = { bytes: 110 * 1024, text: '≤ 110 KB' } as const;

export interface FirstView {
  /** gzip bytes of the scripts and styles loaded before interaction. */
  js: number;
  css: number;
  /** gzip bytes of what the home page preloads once idle (the survey runner), after its first view. */
  later: number;
  /** The files of the first view (under dist/client), and those preloaded after it. */
  files: string[];
  preloaded: string[];
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/**
 * Opens `pagePath` in a fresh context (empty cache) and adds up the gzip size of each script and
 * stylesheet it loads before its first view, read from `clientDir` (the build's dist/client). With
 * `staffToken`, the page opens logged in, as a staff member's browser does. `/startsurvey` needs
 * `surveyState`, the navigation state a visitor arrives with.
 */
export async function measureFirstView(
  browser: Browser,
  baseURL: string,
  pagePath: string,
  options: { clientDir: string; staffToken?: string; surveyState?: object | null },
): Promise<FirstView> {
  const context = await browser.newContext({ baseURL });
  try {
    if (options.staffToken) await context.addInitScript(({ key, token }) => localStorage.setItem(key, token), { key: TOKEN_KEY, token: options.staffToken });
    const page = await context.newPage();
    const assets = new Set<string>();
    // When each request for an asset started (ms since 1970, the browser's clock), to tell the preload's.
    const started: Array<{ asset: string; at: number }> = [];
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (!url.pathname.startsWith('/assets/') || !/\.(js|css)$/.test(url.pathname)) return;
      assets.add(url.pathname.slice(1));
      started.push({ asset: url.pathname.slice(1), at: res.request().timing().startTime });
    });
    if (pagePath === '/startsurvey' && options.surveyState) {
      // /startsurvey needs navigation state: arrive the way a visitor does, through history state.
      await page.goto('/viewAboutus');
      await page.waitForLoadState('networkidle');
      assets.clear();
      await page.evaluate((state) => {
        window.history.pushState({ usr: state, key: 'bench', idx: 1 }, '', '/startsurvey');
        window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
      }, options.surveyState);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
    } else {
      await page.goto(pagePath, { waitUntil: 'networkidle' });
    }
    // A server-rendered page starts its script after its first paint (src/web/main.tsx), which on a busy
    // machine can come after the network's first quiet moment: the first view ends once React runs.
    await page.waitForFunction(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')), undefined, {
      timeout: 60_000,
    });
    await page.waitForLoadState('networkidle');
    if (pagePath.startsWith('/dashboard')) {
      // The staff pages render in the browser: their first view is there once the page's heading is,
      // which on a busy machine may be long after the first quiet moment of the network.
      if (new URL(page.url()).pathname !== pagePath) throw new Error(`${pagePath} went to ${page.url()}: is the staff token valid?`);
      await page.locator('main h1').first().waitFor({ timeout: 60_000 });
      await page.waitForLoadState('networkidle');
    }
    // The home page fetches the survey runner once it is idle (src/web/features/responses/survey-preload.ts):
    // those files come after the first view, marked in the page, and are counted apart. A file whose
    // fetch is still under way has no resource entry yet: on a busy machine the idle moment (at most 5 s)
    // can come before the first view is measured, and SurveyJS, still loading, was counted in it (a
    // budget run failed with 443 KB on /s/<code>). Requests seen starting after the mark count apart too.
    const { entries, markAt } = (await page.evaluate(`(() => {
      const mark = performance.getEntriesByName(${JSON.stringify(SURVEY_PRELOAD_MARK)})[0];
      if (!mark) return { entries: [], markAt: null };
      const entries = performance.getEntriesByType('resource').filter((r) => r.startTime >= mark.startTime).map((r) => new URL(r.name).pathname.slice(1));
      return { entries, markAt: performance.timeOrigin + mark.startTime };
    })()`)) as { entries: string[]; markAt: number | null };
    const preloaded = new Set<string>(entries);
    if (markAt !== null) for (const { asset, at } of started) if (at >= markAt) preloaded.add(asset);
    const gz = (asset: string) => gzipSync(readFileSync(path.join(options.clientDir, asset))).length;
    const files = [...assets].filter((asset) => !preloaded.has(asset));
    const later = [...assets].filter((asset) => preloaded.has(asset));
    const sum = (list: string[]) => list.reduce((total, asset) => total + gz(asset), 0);
    return {
      js: sum(files.filter((f) => f.endsWith('.js'))),
      css: sum(files.filter((f) => f.endsWith('.css'))),
      later: sum(later),
      files,
      preloaded: later,
    };
  } finally {
    await context.close();
  }
}
