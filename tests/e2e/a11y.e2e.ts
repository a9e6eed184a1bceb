import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isStaffPath, paths } from '#shared/paths';
import { staffToken } from './api';
import { DESKTOP, moveTo, pageProblems, PHONE, seriousA11yViolations, useBrowser } from './browser';

const browser = useBrowser();

// Every page route (SPEC.md §2), plus an unknown path for the 404 page. /logout is checked last, on
// the page it lands on, since it ends the session. Pages that redirect without navigation state
// (/startsurvey, /result, /dashboard/campaign/edit, /dashboard/campaign/result) are checked where they land.
const ALL = Object.values(paths);
const PUBLIC_PAGES = [...ALL.filter((p) => !isStaffPath(p) && p !== paths.logout), '/no-such-page'];
const STAFF_PAGES = ALL.filter((p) => isStaffPath(p));

/**
 * Waits until the page (and any redirect it makes) has loaded its code and data. One wait for a quiet
 * network (500 ms without a request), after the spinners: what loads after them is waited for, and
 * a second quiet spell before them cost half a second a page (about 50 s a run).
 */
async function settle(page: Page) {
  await page.waitForLoadState('load');
  await page.locator('main').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .ant-spin-spinning'), undefined, { timeout: 15_000 }).catch(() => undefined);
  await page.waitForLoadState('networkidle');
  // Colours are measured at rest, not halfway through a transition.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 5_000 }).catch(() => undefined);
}

/**
 * Waits until the app, moved to another page without a load (`moveTo`), has fetched that page's code
 * and data and drawn it: neither a request nor a change to the document for 300 ms, no spinner, and
 * no animation running. The old page stays until the new one's code and data are in, so quiet on both
 * counts, not the first `main`, is what says the new page is there.
 */
async function settleInApp(page: Page) {
  const quiet = quietWatch(page);
  await page.evaluate(() => {
    const w = window as Window & { lastChange?: number };
    if (w.lastChange !== undefined) return;
    w.lastChange = Date.now();
    new MutationObserver(() => (w.lastChange = Date.now())).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  const started = Date.now();
  for (;;) {
    const lastChange = await page.evaluate(() => (window as Window & { lastChange?: number }).lastChange ?? 0);
    const now = Date.now();
    if (quiet.inFlight === 0 && now - Math.max(quiet.lastEnd, lastChange, started) >= 300) break;
    if (now - started > 20_000) throw new Error(`${page.url()} did not settle in 20 s (${quiet.inFlight} requests under way)`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await page.locator('main').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .ant-spin-spinning'), undefined, { timeout: 15_000 }).catch(() => undefined);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 5_000 }).catch(() => undefined);
}

/** The page's requests under way and when the last one ended, counted from the first call on. */
const watches = new WeakMap<Page, { inFlight: number; lastEnd: number }>();
function quietWatch(page: Page): { inFlight: number; lastEnd: number } {
  let watch = watches.get(page);
  if (!watch) {
    const made = { inFlight: 0, lastEnd: Date.now() };
    const ended = () => {
      made.inFlight = Math.max(0, made.inFlight - 1);
      made.lastEnd = Date.now();
    };
    page.on('request', () => made.inFlight++);
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
    watches.set(page, made);
    watch = made;
  }
  return watch;
}

async function axeCheck(page: Page, label: string) {
  const where = new URL(page.url()).pathname;
  expect.soft(await seriousA11yViolations(page), `${label} (landed on ${where})`).toEqual([]);
}

async function check(page: Page, label: string) {
  await settle(page);
  await axeCheck(page, label);
}

for (const viewport of [PHONE, DESKTOP]) {
  describe(`accessibility at ${viewport.width} px (axe: no serious or critical violations)`, () => {
    it('public pages', { timeout: 180_000 }, async () => {
      const page = await browser.newPage(viewport);
      for (const path of PUBLIC_PAGES) {
        await page.goto(path);
        await check(page, path);
      }
      if (viewport === PHONE) {
        // The phone menu, open.
        await page.goto(paths.about);
        await settle(page);
        await page.locator('summary', { hasText: 'Menu' }).click();
        await check(page, `${paths.about} with the menu open`);
      }
      expect(pageProblems(page)).toEqual([]);
    });

    // One test per staff page, in one logged-in tab per viewport kept for the file: the first loads the
    // dashboard, each next one moves the tab to its page as the dashboard's links do. A full load of
    // the dashboard took 1.2–2.2 s a page here before its first `main`, 100 times a run; the page's own
    // code and data are still fetched and drawn. After a failed test the next one loads its page afresh.
    let fresh = true;
    for (const path of STAFF_PAGES) {
      it(`staff page ${path}, logged in`, async () => {
        const page = await browser.staffTab(viewport);
        const problemsBefore = pageProblems(page).length;
        if (fresh) {
          await page.goto(path);
          await settle(page);
          quietWatch(page);
        } else {
          await moveTo(page, path);
          await settleInApp(page);
        }
        // Until this test ends well: a test that throws leaves the next one a fresh load.
        fresh = true;
        await axeCheck(page, path);
        expect(pageProblems(page).slice(problemsBefore)).toEqual([]);
        fresh = false;
      });
    }

    it('the staff side menu in its other state, and /logout', async () => {
      // A session of its own: /logout ends it.
      const page = await browser.newPageIn(await browser.newContext(viewport, { token: await staffToken() }));
      // The side menu in its other state: open as a drawer on phones, folded to icons on desktops.
      await page.goto(paths.dashboard);
      await settle(page);
      await page.getByRole('button', { name: viewport === PHONE ? 'Open the menu' : 'Close the menu' }).click();
      await check(page, `${paths.dashboard} with the menu ${viewport === PHONE ? 'open' : 'folded'}`);
      await page.goto(paths.logout);
      await page.waitForURL((url) => url.pathname === paths.login);
      await check(page, paths.logout);
      expect(pageProblems(page)).toEqual([]);
    });
  });
}
