import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { baseURL, staffToken } from './api';
import { E2E_STAFF } from './global-setup';

export { baseURL, E2E_STAFF };

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/** Where the web client keeps the staff token (src/web/lib/auth-token.ts). */
const TOKEN_KEY = 'abode.token';

let shared: Promise<Browser> | undefined;

/**
 * This worker's Chromium, shared by the files it runs one after another (vitest.e2e.config.ts keeps a
 * worker's modules between files): launched by its first file, again if it has gone. Launching took
 * 8–10 s a file on this loaded machine (docs/decisions/0060-browser-tests-speed.md). Files never share
 * a context: each page gets a fresh one, closed with its file. Playwright closes it when the worker exits.
 */
export function workerBrowser(): Promise<Browser> {
  const launch = () => chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
  shared = (shared ?? launch()).then((browser) => (browser.isConnected() ? browser : launch()));
  // A failed launch is not kept: the next file tries again.
  shared.catch(() => (shared = undefined));
  return shared;
}

/** The worker's Chromium for this file; call in the file's top level. Pages fail the test on page errors. */
export function useBrowser() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await workerBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
  });
  // A test's own contexts are closed when it ends: a page left open goes on running (its timers,
  // polls and animations; Playwright keeps background pages unthrottled) beside the next tests, on
  // the same two cores. The logged-in contexts of staffPage() stay for the file.
  const kept = new Set<BrowserContext>();
  afterEach(async () => {
    const own = contexts.filter((c) => !kept.has(c));
    contexts.splice(0, contexts.length, ...contexts.filter((c) => kept.has(c)));
    await Promise.all(own.map((c) => c.close().catch(() => undefined)));
  });

  /**
   * A fresh context (own storage and cache) at the given viewport, closed when the test ends. With `token`,
   * it starts logged in: the token is in its storage as the login page stores it (see loginAsStaff).
   */
  async function newContext(
    viewport: { width: number; height: number } = DESKTOP,
    options: { javaScriptEnabled?: boolean; hasTouch?: boolean; timezoneId?: string; token?: string } = {},
  ): Promise<BrowserContext> {
    const context = await browser.newContext({
      baseURL: baseURL(),
      viewport,
      javaScriptEnabled: options.javaScriptEnabled ?? true,
      hasTouch: options.hasTouch ?? false,
      timezoneId: options.timezoneId,
      storageState: options.token ? { cookies: [], origins: [{ origin: baseURL(), localStorage: [{ name: TOKEN_KEY, value: options.token }] }] } : undefined,
    });
    contexts.push(context);
    return context;
  }

  /** A page in the context that records its errors (uncaught exceptions, console.error): see pageProblems(). */
  async function newPageIn(context: BrowserContext): Promise<Page> {
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !/Failed to load resource: the server responded with a status of (4\d\d)/.test(msg.text())) {
        problems.push(`console error: ${msg.text()}`);
      }
    });
    (page as Page & { problems: string[] }).problems = problems;
    return page;
  }

  // staffPage(): one logged-in context per viewport for the file, its tabs closed after each test.
  const loggedIn = new Map<string, Promise<BrowserContext>>();
  const tabs: Page[] = [];
  const keptTabs = new Map<string, Promise<Page>>();
  afterEach(async () => {
    await Promise.all(tabs.splice(0).map((page) => page.close().catch(() => undefined)));
  });
  // Registered after the tabs' closing, so it runs before it (vitest runs after-hooks last first).
  // A failed test leaves a picture of every page it had open, and what each logged: a failure on a
  // loaded machine is seldom reproduced at will (E2E_FAILURE_DIR, else abode-e2e-failures in the temp dir).
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    const dir = process.env.E2E_FAILURE_DIR ?? path.join(tmpdir(), 'abode-e2e-failures');
    mkdirSync(dir, { recursive: true });
    const name = `${task.file?.name.split('/').pop() ?? 'test'}-${task.name}`.replace(/[^\w.-]+/g, '_').slice(0, 120);
    const pages = contexts.flatMap((c) => c.pages());
    await Promise.all(
      pages.map(async (page, i) => {
        const file = path.join(dir, `${name}-${i}.png`);
        await page.screenshot({ path: file, fullPage: true, timeout: 10_000 }).catch(() => undefined);
        console.error(`failed test's page ${i}: ${page.url()} -> ${file}; problems: ${JSON.stringify(pageProblems(page))}`);
      }),
    );
  });

  /**
   * A new tab logged in as the e2e staff user, in a context the file's tests share per viewport:
   * one login, and the dashboard's code fetched and compiled once, not once per test
   * (docs/decisions/0065-browser-tests-shared-logins.md). The tab is closed after the test. The
   * tabs share the token and the HTTP cache, nothing else the staff pages keep: a test that logs
   * out, or needs a first load on an empty cache, opens a context of its own.
   */
  async function staffPage(viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
    const key = `${viewport.width}x${viewport.height}`;
    let context = loggedIn.get(key);
    if (!context) {
      context = staffToken().then(async (token) => {
        const made = await newContext(viewport, { token });
        kept.add(made);
        return made;
      });
      // A failed login is not kept: the next test tries again.
      context.catch(() => loggedIn.delete(key));
      loggedIn.set(key, context);
    }
    const page = await newPageIn(await context);
    tabs.push(page);
    return page;
  }

  return {
    newContext,
    newPageIn,
    staffPage,
    /**
     * One logged-in tab per viewport kept for the whole file, in staffPage()'s context: for tests that
     * each move it to another staff page the way the dashboard's own links do (see `moveTo`), where a
     * full load of the dashboard for each would cost seconds a page. Closed with the file's contexts.
     */
    staffTab(viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
      const key = `${viewport.width}x${viewport.height}`;
      let tab = keptTabs.get(key);
      if (!tab) {
        tab = (async () => {
          const made = await staffPage(viewport);
          tabs.splice(tabs.indexOf(made), 1);
          return made;
        })();
        tab.catch(() => keptTabs.delete(key));
        keptTabs.set(key, tab);
      }
      return tab;
    },
    /** A fresh context (own storage) and page at the given viewport. */
    async newPage(
      viewport: { width: number; height: number } = DESKTOP,
      options: { javaScriptEnabled?: boolean; hasTouch?: boolean; timezoneId?: string } = {},
    ): Promise<Page> {
      return newPageIn(await newContext(viewport, options));
    },
  };
}

/**
 * Makes the page's calls to `url` fail until `recover()`: a 503 (or `status`) with the API's error
 * body `{ message, code: 'INTERNAL' }`, or, with `abort` (a Playwright error code), no answer at all.
 * Only calls with `method` when given. After `recover()` calls go on — to a route registered before
 * this one (e.g. a stub), else to the server. `count()` is how many calls came, failed or not.
 */
export async function failCalls(
  page: Page,
  url: string | RegExp,
  options: { status?: number; message?: string; abort?: string; method?: string } = {},
): Promise<{ recover(): void; count(): number }> {
  const { status = 503, message = 'down', abort, method } = options;
  let failing = true;
  let calls = 0;
  await page.route(url, (route) => {
    if (method && route.request().method() !== method) return route.fallback();
    calls += 1;
    if (!failing) return route.fallback();
    if (abort) return route.abort(abort);
    return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ message, code: 'INTERNAL' }) });
  });
  return {
    recover: () => {
      failing = false;
    },
    count: () => calls,
  };
}

/**
 * Waits until the app has taken over the server-rendered page: hydrateRoot has marked the container,
 * hydration has committed and the page is idle. Before the commit, links navigate natively, with a
 * full page load. Public pages hydrate in a transition, which a loaded machine can keep uncommitted
 * for seconds after the container is marked; the commit shows in the site header's menu button,
 * whose aria-expanded is rendered only after hydration (site-header.tsx, useClientRender).
 */
export async function waitForApp(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const root = document.getElementById('root');
          if (!root || !Object.keys(root).some((key) => key.startsWith('__reactContainer'))) return false;
          const menuButton = document.querySelector('.phone-menu__button');
          return menuButton === null || menuButton.hasAttribute('aria-expanded');
        }),
      { timeout: 30_000 },
    )
    .toBe(true);
  await page.waitForLoadState('networkidle');
}

/** A visitor gives the landing page an e-mail and starts the active survey: the page ends on /startsurvey. */
export async function beginSurvey(page: Page, email: string): Promise<void> {
  await page.goto('/');
  await page.getByPlaceholder('Enter email to begin survey').fill(email);
  await page.getByRole('button', { name: 'Choose Your Lifestyle' }).click();
  await page.waitForURL(/\/startsurvey$/);
}

let uniqueCount = 0;
/** A name unique per call (prefix, time, counter), so tests never depend on what else the shared server holds. */
export function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${(uniqueCount++).toString(36)}`;
}

/** Errors the page logged (uncaught exceptions, console.error) — assert it is empty at the end of a test. */
/**
 * Moves an app page to `path` the way the app's own links do: the address changes and the router
 * draws the new page, with no page load (React Router hears the history's popstate).
 */
export async function moveTo(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}

export function pageProblems(page: Page): string[] {
  return (page as Page & { problems?: string[] }).problems ?? [];
}

/** Logs in through the API and stores the token as the login page would. */
export async function loginAsStaff(page: Page): Promise<string> {
  const token = await staffToken();
  await page.goto('/viewAboutus');
  await page.evaluate(([key, t]) => localStorage.setItem(key, t), [TOKEN_KEY, token] as const);
  return token;
}

/**
 * Staff-written HTML shown without what would run: the trap image (`#<trap>`, an onerror handler)
 * stays without its handler, the `#<link>` (a javascript: URL) without its href, clicking it runs
 * nothing, and nothing inside `within` (a selector; the whole page when empty) could still run.
 */
export async function expectScriptsDefused(page: Page, ids: { trap: string; link: string }, within = ''): Promise<void> {
  const scoped = (selector: string) => (within ? `${within} ${selector}` : selector);
  expect(await page.locator(`#${ids.trap}`).count()).toBe(1);
  expect(await page.locator(`#${ids.trap}`).getAttribute('onerror')).toBeNull();
  expect(await page.locator(`#${ids.link}`).textContent()).toBe('Open');
  expect(await page.locator(`#${ids.link}`).getAttribute('href')).toBeNull();
  await page.locator(`#${ids.link}`).click();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(await page.locator(`${scoped('[onerror]')}, ${scoped('[href^="javascript:" i]')}`).count()).toBe(0);
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The one axe-core check of the browser tests: runs axe on the page, or only inside `include` (a
 * selector, e.g. the designer's area), leaving out `exclude`; returns the serious and critical
 * violations (ids and targets), to assert empty.
 */
export async function seriousA11yViolations(page: Page, options: { include?: string; exclude?: string[] } = {}): Promise<string[]> {
  // A field message fading in (antd's help animation) or anything else mid-transition (a list item
  // appearing, a button's colour) is half transparent: checked once it has settled. On a loaded
  // machine a 0.2 s transition can take seconds. Endless animations (a spinner) are not waited for.
  await page
    .waitForFunction(
      () =>
        !document.querySelector('.ant-form-show-help-item-appear, .ant-form-show-help-item-enter, .ant-form-show-help-item-leave') &&
        document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
      undefined,
      { timeout: 5000 },
    )
    .catch(() => undefined);
  // Evaluated, not added as a <script>: the site's CSP refuses inline scripts (as it should).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(
    async ({ include, exclude }) => {
      const axe = (
        window as unknown as {
          axe: { run: (ctx: object, opts: object) => Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }> };
        }
      ).axe;
      return axe.run({ include: [[include]], exclude: exclude.map((selector) => [selector]) }, { resultTypes: ['violations'] });
    },
    { include: options.include ?? 'html', exclude: options.exclude ?? [] },
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join(', ')}`,
    );
}
