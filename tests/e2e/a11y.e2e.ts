import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isStaffPath, paths } from '#shared/paths';
import { staffToken } from './api';
import { DESKTOP, pageProblems, PHONE, seriousA11yViolations, useBrowser } from './browser';

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

async function check(page: Page, label: string) {
  await settle(page);
  const where = new URL(page.url()).pathname;
  expect.soft(await seriousA11yViolations(page), `${label} (landed on ${where})`).toEqual([]);
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

    // One test per staff page: each full load of a staff page fetches the dashboard's code and data,
    // which on a busy machine takes seconds; together they outlasted one test's time. Each is a full
    // load in a tab of the file's logged-in context (one login; the dashboard's code cached).
    for (const path of STAFF_PAGES) {
      it(`staff page ${path}, logged in`, async () => {
        const page = await browser.staffPage(viewport);
        await page.goto(path);
        await check(page, path);
        expect(pageProblems(page)).toEqual([]);
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
