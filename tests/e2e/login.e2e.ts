import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { listMailFiles } from '#server/features/notifications/mailer';
import { STAFF_MESSAGES } from '#shared/auth/auth.contract';
import { dataDir, staffApi } from './api';
import { baseURL, DESKTOP, E2E_STAFF, loginAsStaff, pageProblems, PHONE, unique, useBrowser } from './browser';

/** Staff logging in and out, the way back to the page they asked for, and the token the browser keeps (SPEC.md §4, §5). */
const browser = useBrowser();
const TOKEN_KEY = 'abode.token';

const pathOf = (page: Page) => new URL(page.url()).pathname;
const storedToken = (page: Page) => page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);

/** A token with the given claims; its signature is junk, which the browser never checks. */
function fakeToken(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`;
}

async function logInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel('Username').fill(email);
  // A regular expression: the "Show password" button is labelled too.
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

for (const viewport of [PHONE, DESKTOP]) {
  const phone = viewport === PHONE;

  describe(`staff login at ${viewport.width} px`, () => {
    it('sends a visitor from /dashboard/decor to /login, and back to /dashboard/decor after logging in', async () => {
      const page = await browser.newPage(viewport);
      await page.goto('/dashboard/decor');
      await page.waitForURL(`${baseURL()}/login?next=%2Fdashboard%2Fdecor`);
      // The form checks its fields before calling the server.
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect.poll(() => page.getByText('Please input your username!').isVisible()).toBe(true);
      await expect.poll(() => page.getByText('Please input your password!').isVisible()).toBe(true);

      await logInThroughForm(page, E2E_STAFF.email, E2E_STAFF.password);
      await page.waitForURL(`${baseURL()}/dashboard/decor`);
      expect(await storedToken(page)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      await expect.poll(() => page.getByText(E2E_STAFF.name).isVisible()).toBe(true);
      const selected = page.locator('.ant-menu-item-selected');
      await expect.poll(() => selected.textContent()).toBe('Decor');

      // Someone already logged in is sent on from /login.
      await page.goto('/login');
      await page.waitForURL(`${baseURL()}/dashboard`);
      expect(pageProblems(page)).toEqual([]);
    });

    it('"Forgot password?" takes an address on a host name, such as the first owner’s admin@localhost, and mails the link', async () => {
      // An account as the first start-up makes one (admin@localhost): a name without a dot after the @.
      const email = `${unique('owner').toLowerCase()}@localhost`;
      const added = await (
        await staffApi()
      )<{ member: { email: string } }>('POST', '/api/staff', { name: 'Host Owner', email, role: 'owner', password: 'generate' });
      expect(added.status).toBe(201);
      const page = await browser.newPage(viewport);
      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.getByLabel('E-mail').fill(email);
      await page.getByRole('button', { name: 'Send me a link' }).click();
      await page.getByRole('status').filter({ hasText: STAFF_MESSAGES.forgot }).waitFor();
      expect(await page.getByText('Please enter a valid e-mail address.').count()).toBe(0);
      const dir = path.join(dataDir(), 'mail');
      await expect
        .poll(
          async () => {
            for (const name of await listMailFiles(dir)) {
              const mail = await simpleParser(await readFile(path.join(dir, name)));
              if (JSON.stringify(mail.to).includes(email) && /\/password\/reset\?token=/.test(mail.text ?? '')) return true;
            }
            return false;
          },
          { timeout: 15_000 },
        )
        .toBe(true);
      expect(pageProblems(page)).toEqual([]);
    });

    it('shows "Invalid Authentication" for a failed login and removes any stored token', async () => {
      const page = await browser.newPage(viewport);
      await page.goto('/login');
      await page.getByLabel('Username').waitFor();
      await page.evaluate((key) => localStorage.setItem(key, 'left-over-token'), TOKEN_KEY);
      await logInThroughForm(page, `${unique('nobody')}@abode.test`, 'not-the-password');
      await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Invalid Authentication' }).isVisible()).toBe(true);
      expect(await storedToken(page)).toBeNull();
      expect(pathOf(page)).toBe('/login');
      // The toast goes away by itself.
      await expect.poll(() => page.getByText('Invalid Authentication').count(), { timeout: 5000 }).toBe(0);

      // A token without a user name is a failure too (SPEC.md §4), and nothing is kept.
      await page.route('**/api/login', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ token: fakeToken({ exp: 4102444800 }), message: 'Logged in.' }) }),
      );
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Invalid Authentication' }).isVisible()).toBe(true);
      expect(await storedToken(page)).toBeNull();
      expect(pathOf(page)).toBe('/login');

      // Too many attempts: the server's own message is shown.
      await page.unroute('**/api/login');
      await page.route('**/api/login', (route) =>
        route.fulfill({
          status: 429,
          contentType: 'application/json',
          headers: { 'retry-after': '600' },
          body: JSON.stringify({ message: 'Too many failed logins. Please wait and try again.' }),
        }),
      );
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Too many failed logins. Please wait and try again.' }).isVisible()).toBe(true);
    });

    it('logs out from the dashboard menu: the token is gone and /dashboard redirects again', async () => {
      const page = await browser.newPage(viewport);
      const token = await loginAsStaff(page);
      await page.goto('/dashboard/fetch/contactus');
      if (phone) {
        const toggle = page.getByRole('button', { name: 'Open the menu' });
        await toggle.click();
        await expect.poll(() => page.getByRole('button', { name: 'Close the menu' }).first().isVisible()).toBe(true);
      }
      const menu = page.getByRole('navigation', { name: 'Dashboard' });
      await expect.poll(() => page.locator('.ant-menu-item-selected').textContent()).toBe('Contactus Responses');
      await menu.getByRole('link', { name: 'Logout' }).click();
      await page.waitForURL(`${baseURL()}/login`);
      expect(await storedToken(page)).toBeNull();
      // The server revoked the token too.
      const res = await fetch(`${baseURL()}/api/contactus/get`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(401);

      await page.goto('/dashboard');
      await page.waitForURL(`${baseURL()}/login?next=%2Fdashboard`);
      expect(pageProblems(page)).toEqual([]);
    });

    it('removes an expired token at start-up', async () => {
      const page = await browser.newPage(viewport);
      await page.goto('/viewAboutus');
      const expired = fakeToken({ sub: 's', name: 'Former Staff', email: 'former@abode.test', jti: 'j', exp: Math.floor(Date.now() / 1000) - 60 });
      await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [TOKEN_KEY, expired]);
      await page.goto('/viewContact');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await storedToken(page)).toBeNull();

      // A token that is still valid stays.
      const valid = fakeToken({ sub: 's', name: 'Current Staff', email: 'current@abode.test', jti: 'k', exp: Math.floor(Date.now() / 1000) + 600 });
      await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [TOKEN_KEY, valid]);
      await page.goto('/viewAboutus');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await storedToken(page)).toBe(valid);
      expect(pageProblems(page)).toEqual([]);
    });
  });
}
