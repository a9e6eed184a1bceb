// Bundle budgets: the gzip bytes of JavaScript and CSS each page really loads before interaction,
// measured in Chromium against the production build, plus where antd and SurveyJS may appear.
// "Before interaction" on / ends where the page, idle, starts preloading the survey (counted apart).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { atMost, figure, type Figure } from './lib/report';
import type { Running } from './lib/processes';

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
// `/hi/`: the landing page in Hindi (issue 27) has the same budget as `/`.
const PAGES = ['/', '/hi/', '/viewProducts', '/startsurvey', '/dashboard'] as const;
const HOME_PAGES: readonly string[] = ['/', '/hi/'];
const HEAVY = [/node_modules\/antd\//, /node_modules\/@ant-design\//, /node_modules\/rc-/, /node_modules\/@rc-component\//, /node_modules\/survey-core\//, /node_modules\/survey-react-ui\//];
const JS_BUDGET_HOME = 110 * 1024;
/** SURVEY_PRELOAD_MARK in src/web/features/responses/landing-page.tsx (which this file cannot import: it needs Vite). */
const SURVEY_PRELOAD_MARK = 'abode:survey-preload';

export async function benchBundles(server: Running, staffToken: string, surveyState: object | null): Promise<Figure[]> {
  const clientDir = path.resolve('dist/client');
  const chunkModules = JSON.parse(readFileSync(path.join(clientDir, '.vite/chunk-modules.json'), 'utf8')) as Record<string, string[]>;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const figures: Figure[] = [];
  try {
    for (const pagePath of PAGES) {
      const context = await browser.newContext({ baseURL: server.url });
      const page = await context.newPage();
      const assets = new Set<string>();
      page.on('response', (res) => {
        const url = new URL(res.url());
        if (url.pathname.startsWith('/assets/') && /\.(js|css)$/.test(url.pathname)) assets.add(url.pathname.slice(1));
      });
      if (pagePath === '/dashboard') {
        await page.goto('/viewAboutus');
        await page.evaluate((t) => localStorage.setItem('abode.token', t), staffToken);
      }
      if (pagePath === '/startsurvey' && surveyState) {
        // /startsurvey needs navigation state: arrive the way a visitor does, through history state.
        await page.goto('/viewAboutus');
        await page.waitForLoadState('networkidle');
        assets.clear();
        await page.evaluate((state) => {
          window.history.pushState({ usr: state, key: 'bench', idx: 1 }, '', '/startsurvey');
          window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
        }, surveyState);
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(500);
      } else {
        await page.goto(pagePath, { waitUntil: 'networkidle' });
      }
      // The home page fetches the survey runner once it is idle (src/web/features/responses/survey-preload.ts):
      // those files come after the first view, marked in the page, and are counted apart.
      const preloaded = new Set<string>(
        await page.evaluate(`(() => {
          const mark = performance.getEntriesByName(${JSON.stringify(SURVEY_PRELOAD_MARK)})[0];
          if (!mark) return [];
          return performance.getEntriesByType('resource').filter((r) => r.startTime >= mark.startTime).map((r) => new URL(r.name).pathname.slice(1));
        })()`),
      );
      let js = 0;
      let css = 0;
      let later = 0;
      const heavy = new Set<string>();
      for (const asset of assets) {
        if (preloaded.has(asset)) {
          later += gzipSync(readFileSync(path.join(clientDir, asset))).length;
          continue;
        }
        const gz = gzipSync(readFileSync(path.join(clientDir, asset))).length;
        // BENCH_BUNDLE_FILES=1 lists each file a page loads before interaction, to find what grew.
        if (process.env.BENCH_BUNDLE_FILES) console.log(`  ${pagePath} ${asset} ${(gz / 1024).toFixed(1)} KB: ${(chunkModules[asset] ?? []).filter((m) => m.startsWith('src/')).slice(0, 6).join(', ')}`);
        if (asset.endsWith('.js')) js += gz;
        else css += gz;
        for (const mod of chunkModules[asset] ?? []) {
          const hit = HEAVY.find((re) => re.test(mod));
          if (hit) heavy.add(hit.source.replace(/\\\//g, '/').replace('node_modules/', '').replace(/\/$/, ''));
        }
      }
      const kb = (n: number) => Math.round((n / 1024) * 10) / 10;
      figures.push(
        figure('bundles', `${pagePath} JavaScript (gzip)`, kb(js), 'KB', HOME_PAGES.includes(pagePath) ? atMost(js, JS_BUDGET_HOME, '≤ 110 KB') : undefined, `${assets.size - preloaded.size} files`),
        figure('bundles', `${pagePath} CSS (gzip)`, kb(css), 'KB'),
      );
      if (HOME_PAGES.includes(pagePath)) {
        figures.push(figure('bundles', `${pagePath} survey runner preloaded once idle (gzip)`, kb(later), 'KB', undefined, `${preloaded.size} files, after the first view`));
      }
      const publicPage = HOME_PAGES.includes(pagePath) || pagePath === '/viewProducts';
      if (publicPage) {
        figures.push(
          figure('bundles', `${pagePath} loads antd or SurveyJS`, heavy.size, 'packages', { text: '0', pass: heavy.size === 0 }, [...heavy].join(', ') || 'none'),
        );
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return figures;
}
