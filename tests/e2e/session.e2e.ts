import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { testImage } from '../helpers/images';
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

describe('a session the server refuses', () => {
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

  it('a 401 on saving a listing form asks before leaving, and keeps what was typed until staff choose to leave', async () => {
    const page = await browser.newPage();
    const token = await loginAsStaff(page);
    await page.goto('/dashboard/decor');
    await page.getByRole('heading', { name: 'Decor', level: 1 }).waitFor();
    const name = `Unsaved ${Date.now().toString(36).slice(-6)}`;
    await page.getByLabel('Product name').fill(name);
    await page.getByLabel('Description').fill('Typed before the session ended');
    await page.getByLabel('Price').fill('4500');
    await page.getByLabel('Image').setInputFiles({ name: 'ok.webp', mimeType: 'image/webp', buffer: await testImage('webp') });
    await page.getByRole('img', { name: 'Preview of the image' }).waitFor();
    await revoke(token);

    const refused = page.waitForResponse((res) => res.url().includes('/api/product/add'));
    await page.getByRole('button', { name: 'Add product' }).click();
    expect((await refused).status()).toBe(401);
    // The session has ended, but what was typed is not thrown away without asking.
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Your changes to this product have not been saved and will be lost.');
    await page.getByRole('button', { name: 'Stay here' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/dashboard/decor');
    expect(await page.getByLabel('Product name').inputValue()).toBe(name);
    expect(await page.getByLabel('Description').inputValue()).toBe('Typed before the session ended');

    // Leaving on purpose goes to log in, with the reason.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Projects' }).click();
    await page.getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText(ENDED).waitFor();
    expect(pageProblems(page)).toEqual([]);
  });
});
