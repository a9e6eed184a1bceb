// Lighthouse with its default mobile settings (emulated phone, simulated slow 4G) on public pages.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { atLeast, figure, type Figure } from './lib/report';
import type { Running } from './lib/processes';

/** A page to measure: its path, how the figure names it, and its budgets when not the site's. */
export interface LighthousePage {
  path: string;
  label?: string;
  budgets?: Partial<Record<keyof typeof BUDGETS, number>>;
}

const PAGES: LighthousePage[] = [{ path: '/' }, { path: '/viewProjects' }, { path: '/viewProducts' }];
const BUDGETS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100 } as const;
/** A home's page with 12 photos and a filtered list, best practices 100 as well. */
export const LISTING_BUDGETS = { ...BUDGETS, 'best-practices': 100 } as const;

export async function benchLighthouse(server: Running, pages: readonly LighthousePage[] = PAGES): Promise<Figure[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const figures: Figure[] = [];
  try {
    for (const { path: page, label = page, budgets = BUDGETS } of pages) {
      // Warm the server's page cache as a real visitor after the first would find it.
      await fetch(`${server.url}${page}`);
      // A broken trace (runtimeError NO_NAVSTART and the like, about one run in eight here) is a
      // failure of the measurement, not a score of 0: measure that page again, twice at most.
      let result: Awaited<ReturnType<typeof lighthouse>>;
      for (let attempt = 1; ; attempt++) {
        result = await lighthouse(`${server.url}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: Object.keys(BUDGETS),
        });
        if (!result?.lhr.runtimeError || attempt === 3) break;
        console.log(`Lighthouse on ${page}: ${result.lhr.runtimeError.code}, measuring again`);
      }
      if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
      if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${page}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
      for (const [category, min] of Object.entries({ ...BUDGETS, ...budgets })) {
        const score = Math.round((result.lhr.categories[category]?.score ?? 0) * 100);
        const failing = Object.values(result.lhr.audits)
          .filter(
            (a) =>
              a.score !== null &&
              a.score < 1 &&
              a.scoreDisplayMode !== 'informative' &&
              a.scoreDisplayMode !== 'notApplicable' &&
              result.lhr.categories[category]?.auditRefs.some((r) => r.id === a.id && r.weight > 0),
          )
          .map((a) => a.id)
          .slice(0, 4)
          .join(', ');
        figures.push(figure('lighthouse', `${label} ${category}`, score, '', atLeast(score, min), failing || undefined));
      }
    }
  } finally {
    chrome.kill();
  }
  return figures;
}
