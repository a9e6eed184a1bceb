// Bundle budgets: the gzip bytes of JavaScript and CSS each page really loads before interaction,
// measured in Chromium against the production build, plus where antd and SurveyJS may appear.
// "Before interaction" on / ends where the page, idle, starts preloading the survey (counted apart);
// on /dashboard, once the campaign cards (the page's heading) are shown and the network is idle.
// The budgets (FIRST_VIEW_BUDGETS, tests/helpers/first-view.ts) are also checked by the browser tests.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHANNEL_LINK_BUDGET, FIRST_VIEW_BUDGETS, launchChromium, measureFirstView } from '#tests/helpers/first-view';
import { EMBED_SCRIPT_BUDGET_GZIP, EMBED_SCRIPT_PATH } from '#shared/channels/embed';
import { atMost, figure, type Figure } from './lib/report';
import type { Running } from './lib/processes';

// `/hi/`: the landing page in Hindi (decision 0026) has the same budget as `/`.
const PAGES = ['/', '/hi/', '/viewProducts', '/startsurvey', '/dashboard'] as const;
const HOME_PAGES: readonly string[] = ['/', '/hi/'];
const HEAVY = [
  /node_modules\/antd\//,
  /node_modules\/@ant-design\//,
  /node_modules\/rc-/,
  /node_modules\/@rc-component\//,
  /node_modules\/survey-core\//,
  /node_modules\/survey-react-ui\//,
];

export async function benchBundles(server: Running, staffToken: string, surveyState: object | null): Promise<Figure[]> {
  const clientDir = path.resolve('dist/client');
  const chunkModules = JSON.parse(readFileSync(path.join(clientDir, '.vite/chunk-modules.json'), 'utf8')) as Record<string, string[]>;
  const browser = await launchChromium();
  const figures: Figure[] = [];
  try {
    for (const pagePath of PAGES) {
      const view = await measureFirstView(browser, server.url, pagePath, {
        clientDir,
        staffToken: pagePath === '/dashboard' ? staffToken : undefined,
        surveyState,
      });
      const heavy = new Set<string>();
      for (const asset of view.files) {
        // BENCH_BUNDLE_FILES=1 lists each file a page loads before interaction, to find what grew.
        if (process.env.BENCH_BUNDLE_FILES) {
          const kb = gzipSync(readFileSync(path.join(clientDir, asset))).length / 1024;
          console.log(
            `  ${pagePath} ${asset} ${kb.toFixed(1)} KB: ${(chunkModules[asset] ?? [])
              .filter((m) => m.startsWith('src/'))
              .slice(0, 6)
              .join(', ')}`,
          );
        }
        for (const mod of chunkModules[asset] ?? []) {
          const hit = HEAVY.find((re) => re.test(mod));
          if (hit) heavy.add(hit.source.replace(/\\\//g, '/').replace('node_modules/', '').replace(/\/$/, ''));
        }
      }
      const kb = (n: number) => Math.round((n / 1024) * 10) / 10;
      const budget = FIRST_VIEW_BUDGETS[pagePath];
      figures.push(
        figure(
          'bundles',
          `${pagePath} JavaScript (gzip)`,
          kb(view.js),
          'KB',
          budget ? atMost(view.js, budget.bytes, budget.text) : undefined,
          `${view.files.length} files`,
        ),
        figure('bundles', `${pagePath} CSS (gzip)`, kb(view.css), 'KB'),
      );
      if (HOME_PAGES.includes(pagePath)) {
        figures.push(
          figure(
            'bundles',
            `${pagePath} survey runner preloaded once idle (gzip)`,
            kb(view.later),
            'KB',
            undefined,
            `${view.preloaded.length} files, after the first view`,
          ),
        );
      }
      const publicPage = HOME_PAGES.includes(pagePath) || pagePath === '/viewProducts';
      if (publicPage) {
        figures.push(
          figure(
            'bundles',
            `${pagePath} loads antd or SurveyJS`,
            heavy.size,
            'packages',
            { text: '0', pass: heavy.size === 0 },
            [...heavy].join(', ') || 'none',
          ),
        );
      }
    }
    // A channel's short link (README "Channels"): the campaign's landing page, with the landing page's budget.
    const link = await channelLinkPath(server.url, staffToken);
    const view = await measureFirstView(browser, server.url, link, { clientDir });
    const kb = Math.round((view.js / 1024) * 10) / 10;
    figures.push(
      figure(
        'bundles',
        '/s/<code> JavaScript (gzip)',
        kb,
        'KB',
        atMost(view.js, CHANNEL_LINK_BUDGET.bytes, CHANNEL_LINK_BUDGET.text),
        `${view.files.length} files`,
      ),
      figure('bundles', '/s/<code> CSS (gzip)', Math.round((view.css / 1024) * 10) / 10, 'KB'),
    );
    // embed.js, the script partner sites paste (decision 0034): gzip bytes as served, and as built.
    const served = await fetch(`${server.url}${EMBED_SCRIPT_PATH}`, { headers: { 'accept-encoding': 'gzip' } });
    const servedBytes = (await served.arrayBuffer()).byteLength;
    const builtBytes = gzipSync(readFileSync(path.join(clientDir, 'embed.js')), { level: 9 }).length;
    figures.push(
      figure(
        'bundles',
        `${EMBED_SCRIPT_PATH} (gzip, as built)`,
        Math.round((builtBytes / 1024) * 100) / 100,
        'KB',
        atMost(builtBytes, EMBED_SCRIPT_BUDGET_GZIP, '5 KB'),
      ),
      figure(
        'bundles',
        `${EMBED_SCRIPT_PATH} (as served, ${served.headers.get('content-encoding') ?? 'identity'})`,
        Math.round((servedBytes / 1024) * 100) / 100,
        'KB',
        atMost(servedBytes, EMBED_SCRIPT_BUDGET_GZIP, '5 KB'),
      ),
    );
  } finally {
    await browser.close();
  }
  return figures;
}

/** A new channel of the first campaign, through the API: its short link's path. */
async function channelLinkPath(url: string, staffToken: string): Promise<string> {
  const headers = { authorization: `Bearer ${staffToken}`, 'content-type': 'application/json' };
  const campaigns = (await (await fetch(`${url}/api/campagin/all`, { headers })).json()) as Array<{ _id: string }>;
  if (!campaigns[0]) throw new Error('The bundle bench needs a campaign for a channel.');
  const res = await fetch(`${url}/api/channels`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Bundle bench', kind: 'link', campaignId: campaigns[0]._id }),
  });
  if (res.status !== 201) throw new Error(`channel create failed: ${res.status} ${await res.text()}`);
  return `/s/${((await res.json()) as { channel: { code: string } }).channel.code}`;
}
