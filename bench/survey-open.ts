// From the click on "Choose Your Lifestyle" to the survey's first question on screen, on a phone
// under Lighthouse's mobile conditions, set through the DevTools protocol as Lighthouse's
// devtools throttling does: 4× CPU slowdown and slow 4G (150 ms RTT, 1.6 Mbps down, 750 Kbps up).
// Each run is a first visit (fresh context, empty cache). Two visitors (decision 0053):
// - "reads first": opens /, types an e-mail, reads the page until 5 s after its load event, then clicks;
// - "types and taps": opens /, types the e-mail at 100 ms a key once the page has loaded, and taps the
//   button at once (no pause: nothing can be built while they wait).
// Then both type their city into the first page at 100 ms a key: the keys typed there count too.
// `--survey-open-baseline=<dir>` (a built checkout of another commit) runs that build's server beside
// this one, turn by turn, so both are measured in the same conditions (docs/decisions/0012).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { atMost, figure, type Figure } from './lib/report';
import type { Running } from './lib/processes';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** BENCH_RUNS=<n> for a quicker look (the figures' medians are of 5). */
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** From the click to the first question on screen (decision 0055; it was 500 ms before). */
const BUDGET_MS = 300;
/** Work done ahead must not make typing slow: INP's "good" is at most 200 ms. */
const KEY_BUDGET_MS = 200;
/** Lighthouse's mobileSlow4G and mobile CPU slowdown (lighthouse/core/config/constants.js). */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;
/** Lighthouse's emulated phone (Moto G Power). */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const READING_MS = 5_000;
/** The visitor who types and taps at once: 100 ms a key, then the tap with no pause. */
const TYPING_DELAY_MS = 100;

/** Who is measured: the reader pauses 5 s after the page's load before the click, the hurried visitor does not. */
export type Visitor = 'reads first' | 'types and taps';
/** The landing page's work ahead of the click (survey-preload.ts, start-survey-page.tsx). */
const AHEAD_MARKS = ['abode:runner-ready', 'abode:survey-prepared', 'abode:survey-rehearsed'];
/** The first question's title as SurveyJS renders it, or the first page shown before SurveyJS (light-survey.tsx). */
const FIRST_QUESTION = '.sd-question__title, .light-survey__title';
/** The first page's text question (bench/lib/abode-client.ts BENCH_SURVEY), typed into once it shows. */
const CITY = { label: 'City', text: 'Bengaluru' };

interface Run {
  ms: number;
  /** The slowest keystroke while typing the e-mail: Event Timing's duration, from the key to the frame that shows it. */
  worstKeyMs: number;
  /** The slowest keystroke while typing the city into the first page, after the click. */
  worstSurveyKeyMs: number;
  /** The slowest key's event: its name, when it waited and what its handlers took (where the time went). */
  worstKey: string;
  worstSurveyKey: string;
  /** Tasks over 50 ms between the click and the question, in ms. */
  longTasksAfterClick: number[];
  /** When the work done ahead of the click was done. */
  ahead: string;
  /** Tasks over 50 ms while the visitor typed (from the first key to the click), in ms. */
  longTasksTyping: number[];
  /** Whether the landing page had built the SurveyJS model before the click (SURVEY_PREPARED_MARK). */
  prepared: boolean;
  /** Scripts and stylesheets the page requested after the click. */
  afterClick: string[];
}

/**
 * Resolves, in the page, with ms from the click to the frame after the first question's title is laid
 * out. A string, not a function: tsx would wrap the function's inner names in a helper the page lacks.
 */
function watchClickToQuestion(page: Page, selector: string): Promise<number> {
  return page.evaluate(`new Promise((resolve) => {
    let clickedAt = 0;
    window.addEventListener('click', () => { clickedAt = performance.now(); }, { capture: true, once: true });
    const observer = new MutationObserver(() => {
      const title = document.querySelector(${JSON.stringify(selector)});
      if (clickedAt === 0 || title === null || title.getBoundingClientRect().height === 0) return;
      observer.disconnect();
      // On screen: the frame that paints it.
      requestAnimationFrame(() => resolve(performance.now() - clickedAt));
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
  })`);
}

/**
 * Installed before the page's own scripts: long tasks and slow input events (Event Timing, the data
 * behind INP), with the page's clock, so the run can tell what typing cost and what followed the click.
 */
const WATCH_MAIN_THREAD = `(() => {
  const seen = { long: [], keys: [], clickAt: 0, firstKeyAt: 0 };
  window.__abodeBench = seen;
  window.addEventListener('click', () => { if (!seen.clickAt && seen.firstKeyAt) seen.clickAt = performance.now(); }, { capture: true });
  window.addEventListener('keydown', () => { if (!seen.firstKeyAt) seen.firstKeyAt = performance.now(); }, { capture: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) seen.long.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (/^key|^input|^beforeinput/.test(e.name)) seen.keys.push([e.startTime, e.duration, e.name, e.processingStart - e.startTime, e.processingEnd - e.processingStart]);
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
})()`;

interface MainThread {
  long: [number, number][];
  /** Start, duration, name, delay before its handlers ran, their time. */
  keys: [number, number, string, number, number][];
  clickAt: number;
  firstKeyAt: number;
}

/** BENCH_PROF=<dir>: each run's page CPU profile and trace from the page's load to the question, for chrome://inspect or speedscope. */
const PROFILE_DIR = process.env.BENCH_PROF;

async function startProfile(cdp: CDPSession): Promise<void> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
}

async function saveProfile(cdp: CDPSession, name: string): Promise<void> {
  const { profile } = await cdp.send('Profiler.stop');
  writeFileSync(join(PROFILE_DIR!, `${name}.cpuprofile`), JSON.stringify(profile));
}

async function measureOnce(server: Running, browser: Awaited<ReturnType<typeof chromium.launch>>, email: string, run: number, visitor: Visitor): Promise<Run> {
  const context = await browser.newContext({ baseURL: server.url, ...PHONE });
  try {
    const page = await context.newPage();
    await page.addInitScript(WATCH_MAIN_THREAD);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    let clicked = false;
    const afterClick: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (clicked && /\.(js|css)$/.test(url.pathname)) afterClick.push(url.pathname);
    });

    await page.goto('/', { waitUntil: 'load', timeout: 60_000 });
    const loadedAt = Date.now();
    // From the page's load: what typing costs shows too, and starting a profile never delays the click.
    if (PROFILE_DIR) {
      await startProfile(cdp);
      await browser.startTracing(page, {
        path: join(PROFILE_DIR, `survey-open-${slug(visitor)}-${run + 1}.trace.json`),
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'],
      });
    }
    const field = page.getByRole('textbox', { name: 'E-mail address' });
    await field.click();
    if (visitor === 'reads first') {
      await field.pressSequentially(email, { delay: 30 });
      await page.waitForTimeout(Math.max(0, loadedAt + READING_MS - Date.now()));
    } else {
      await field.pressSequentially(email, { delay: TYPING_DELAY_MS });
    }

    const prepared = await page.evaluate(`performance.getEntriesByName('abode:survey-prepared').length > 0`);
    // When the work ahead was done, in ms before the click (negative: after it, or never).
    const marksAt = async () =>
      (await page.evaluate(
        `Object.fromEntries(${JSON.stringify(AHEAD_MARKS)}.map((name) => [name, performance.getEntriesByName(name)[0]?.startTime ?? null]))`,
      )) as Record<string, number | null>;
    const measured = watchClickToQuestion(page, FIRST_QUESTION);
    // Let the observer's listeners be in place before the click (the same round trip for both visitors).
    await page.evaluate(() => undefined);
    clicked = true;
    await page.getByRole('button', { name: 'Choose Your Lifestyle' }).click();
    const ms = await Promise.race([
      measured,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the first question did not appear within 30 s')), 30_000)),
    ]);
    // The visitor answers: the city, typed into the first page at once.
    await page.getByRole('textbox', { name: CITY.label }).pressSequentially(CITY.text, { delay: TYPING_DELAY_MS });
    const typedCityAt = (await page.evaluate('performance.now()')) as number;
    // Event Timing reports a key once its frame is painted: wait for the last key's.
    await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
    if (PROFILE_DIR) {
      await saveProfile(cdp, `survey-open-${slug(visitor)}-${run + 1}`);
      await browser.stopTracing();
    }
    // Event Timing reports an event once its frame is painted: by now, every key's.
    const main = (await page.evaluate('window.__abodeBench')) as MainThread;
    const marks = await marksAt();
    const ahead = AHEAD_MARKS.map(
      (name) => `${name.replace('abode:', '')} ${marks[name] === null ? 'never' : `${Math.round(main.clickAt - marks[name]!)} ms before`}`,
    ).join(', ');
    const emailKeys = main.keys.filter(([at]) => at < main.clickAt);
    const cityKeys = main.keys.filter(([at]) => at > main.clickAt + ms && at <= typedCityAt);
    if (process.env.BENCH_KEYS) {
      console.log(
        `    keys typing the e-mail (start after the first key, duration, name, waiting, handlers): ${JSON.stringify(emailKeys.filter(([, d]) => d >= 40).map(([at, d, n, w, h]) => [Math.round(at - main.firstKeyAt), Math.round(d), n, Math.round(w), Math.round(h)]))}`,
      );
      console.log(
        `    long tasks from the first key to the click (start, duration): ${JSON.stringify(main.long.filter(([at]) => at >= main.firstKeyAt - 200 && at < main.clickAt).map(([at, d]) => [Math.round(at - main.firstKeyAt), Math.round(d)]))}`,
      );
    }
    if (process.env.BENCH_KEYS)
      console.log(
        `    keys after the question (start after the click, duration, name, waiting, handlers): ${JSON.stringify(cityKeys.map(([at, d, n, w, h]) => [Math.round(at - main.clickAt), Math.round(d), n, Math.round(w), Math.round(h)]))}`,
      );
    const worstKeyMs = Math.max(0, ...emailKeys.map(([, duration]) => duration));
    const worstSurveyKeyMs = Math.max(0, ...cityKeys.map(([, duration]) => duration));
    const longTasksAfterClick = main.long.filter(([at]) => at >= main.clickAt && at <= main.clickAt + ms).map(([, duration]) => Math.round(duration));
    const longTasksTyping = main.long.filter(([at]) => at >= main.firstKeyAt && at < main.clickAt).map(([, duration]) => Math.round(duration));
    return {
      ms: Math.round(ms),
      ahead,
      worstKey: describeWorst(emailKeys),
      worstSurveyKey: describeWorst(cityKeys),
      longTasksTyping,
      worstKeyMs: Math.round(worstKeyMs),
      worstSurveyKeyMs: Math.round(worstSurveyKeyMs),
      longTasksAfterClick,
      prepared: prepared === true,
      afterClick,
    };
  } finally {
    await context.close();
  }
}

/** The slowest of these events: name, total, input delay, handlers, and the rest (until its frame was presented). */
function describeWorst(keys: MainThread['keys']): string {
  const worst = [...keys].sort((a, b) => b[1] - a[1])[0];
  if (!worst) return 'none';
  const [, duration, name, delay, handlers] = worst;
  return `${name} ${Math.round(duration)} ms = ${Math.round(delay)} waiting + ${Math.round(handlers)} handlers + ${Math.round(duration - delay - handlers)} to the frame`;
}

const slug = (visitor: Visitor) => visitor.replace(/ /g, '-');

/** A server to measure, and the name its figures carry ('' for this build). */
export interface SurveyOpenBuild {
  label: string;
  server: Running;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchSurveyOpen(builds: SurveyOpenBuild[]): Promise<Figure[]> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const visitors: Visitor[] = ['reads first', 'types and taps'];
  const key = (build: SurveyOpenBuild, visitor: Visitor) => `${build.label}|${visitor}`;
  const runs = new Map<string, Run[]>(builds.flatMap((b) => visitors.map((v) => [key(b, v), []] as [string, Run[]])));
  try {
    // The builds and the two visitors alternate, so a busy moment on the (shared) machine falls on all alike.
    for (let i = 0; i < RUNS; i++) {
      for (const build of builds) {
        for (const visitor of visitors) {
          const run = await measureOnce(build.server, browser, `survey-open-${Date.now().toString(36)}-${i}@bench.test`, i, visitor);
          console.log(
            `  ${build.label ? `${build.label}, ` : ''}${visitor}, run ${i + 1}: ${run.ms} ms from click to first question (long tasks: ${run.longTasksAfterClick.join(', ') || 'none'} ms); while typing: slowest key ${run.worstKeyMs} ms (${run.worstKey}), long tasks ${run.longTasksTyping.join(', ') || 'none'}; typing the city: slowest key ${run.worstSurveyKeyMs} ms (${run.worstSurveyKey}); ahead: ${run.ahead}; requested after the click: ${run.afterClick.join(', ') || 'no script or stylesheet'}`,
          );
          runs.get(key(build, visitor))!.push(run);
        }
      }
    }
  } finally {
    await browser.close();
  }
  return builds.flatMap((build) =>
    visitors.flatMap((visitor) => {
      const all = runs.get(key(build, visitor))!;
      const ms = median(all.map((r) => r.ms));
      const after = all[all.length - 1]!.afterClick.length;
      const who = `${build.label ? `${build.label}: ` : ''}${visitor === 'reads first' ? 'reads 5 s, then clicks' : `types at ${TYPING_DELAY_MS} ms a key, taps at once`}`;
      const worstKey = Math.max(...all.map((r) => r.worstKeyMs));
      const worstSurveyKey = Math.max(...all.map((r) => r.worstSurveyKeyMs));
      return [
        figure(
          'survey-open',
          `${who}: click → first question (median of ${RUNS}, slow 4G, 4× CPU)`,
          ms,
          'ms',
          atMost(ms, BUDGET_MS, `≤ ${BUDGET_MS} ms`),
          `runs: ${all.map((r) => r.ms).join(', ')} ms`,
        ),
        figure('survey-open', `${who}: scripts and styles requested after the click`, after, 'files', undefined, 'last run, up to the city typed'),
        figure('survey-open', `${who}: runs with the SurveyJS model built before the click`, all.filter((r) => r.prepared).length, `of ${RUNS}`),
        figure(
          'survey-open',
          `${who}: slowest keystroke while typing the e-mail (Event Timing, worst of ${RUNS})`,
          worstKey,
          'ms',
          atMost(worstKey, KEY_BUDGET_MS, `≤ ${KEY_BUDGET_MS} ms`),
          `runs: ${all.map((r) => r.worstKeyMs).join(', ')} ms`,
        ),
        figure(
          'survey-open',
          `${who}: slowest keystroke typing the city on the first page (worst of ${RUNS})`,
          worstSurveyKey,
          'ms',
          atMost(worstSurveyKey, KEY_BUDGET_MS, `≤ ${KEY_BUDGET_MS} ms`),
          `runs: ${all.map((r) => r.worstSurveyKeyMs).join(', ')} ms`,
        ),
      ];
    }),
  );
}
