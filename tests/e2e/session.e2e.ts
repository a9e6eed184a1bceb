import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, E2E_STAFF, loginAsStaff, pageProblems, useBrowser } from './browser';

const browser = useBrowser();
const ENDED = 'Your session has ended. Please log in again.';

/** Revokes the token on the server, as a logout elsewhere would; the browser still holds it. */
async function revoke(token: string): Promise<void> {
  const res = await fetch(`${baseURL()}/api/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
}

async function logInOnThePage(page: Page): Promise<void> {
  await page.getByLabel('Username').fill(E2E_STAFF.email);
  await page.getByLabel(/^Password/).fill(E2E_STAFF.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

describe('a session the server refuses (issue 12 item 13)', () => {
  for (const path of ['/dashboard', '/dashboard/project']) {
    it(`a fresh load of ${path} with a revoked token goes to log in, says why, and comes back after`, async () => {
      const page = await browser.newPage();
      await revoke(await loginAsStaff(page));

      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('next')).toBe(path);
      await page.getByText(ENDED).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('abode.token'))).toBeNull();

      await logInOnThePage(page);
      await page.waitForURL((url) => url.pathname === path);
      await page.getByRole('navigation', { name: 'Dashboard' }).waitFor();
      expect(await page.getByText(ENDED).count()).toBe(0);
      expect(pageProblems(page)).toEqual([]);
    });
  }

  it('a 401 from a call made on an open page ends the session there too', async () => {
    const page = await browser.newPage();
    const token = await loginAsStaff(page);
    await page.goto('/dashboard/project');
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    await menu.waitFor();
    await revoke(token);

    // An in-app move: the layout already accepted the token; the next staff call (the menu's count of
    // new leads, read on every navigation) is the one refused.
    await menu.getByRole('link', { name: 'Decor' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/dashboard/decor');
    await page.getByText(ENDED).waitFor();
    expect(pageProblems(page)).toEqual([]);
  });
});
