import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ContactResponse } from '../../src/shared/contact/contact.contract';
import type { SiteSettings } from '../../src/shared/site';
import { baseURL, DESKTOP, E2E_STAFF, loginAsStaff, pageProblems, PHONE, useBrowser } from './browser';

const browser = useBrowser();
const TOKEN_KEY = 'abode.token';

/** Top menu entries and where they lead (SPEC.md §2). */
const MENU: Array<[label: string, path: string]> = [
  ['Advanced Survey', '/'],
  ['Homes', '/viewProjects'],
  ['Decor', '/viewProducts'],
  ['Studio', '/viewStudio'],
  ['Contact', '/viewContact'],
  ['About', '/viewAboutus'],
  ['Ask Quote', '/viewContact'],
  ['Login', '/login'],
];

let runs = 0;
/** Unique per call, so tests never depend on what else the shared server holds. */
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(runs++).toString(36)}`;

const pathOf = (page: Page) => new URL(page.url()).pathname;
const storedToken = (page: Page) => page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);

async function apiAsStaff<T>(path: string): Promise<T> {
  const login = await fetch(`${baseURL()}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: E2E_STAFF.email, password: E2E_STAFF.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${baseURL()}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/** A token with the given claims; its signature is junk, which the browser never checks. */
function fakeToken(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`;
}

/** The visible "Main" navigation; on phones it is behind the menu button, which is opened first. */
async function openMainMenu(page: Page, phone: boolean) {
  if (phone) {
    const button = page.locator('summary', { hasText: 'Menu' });
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    await button.click();
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
  }
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect.poll(() => nav.isVisible()).toBe(true);
  return nav;
}

async function fillContactForm(page: Page, values: { first: string; last: string; email: string; quotation: string; message: string }) {
  await page.getByLabel('First name').fill(values.first);
  await page.getByLabel('Last name').fill(values.last);
  await page.getByLabel('E-mail').fill(values.email);
  await page.getByLabel('Request quotation').selectOption(values.quotation);
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill(values.message);
}

async function logInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel('Username').fill(email);
  // A regular expression: the "Show password" button is labelled too.
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

for (const viewport of [PHONE, DESKTOP]) {
  const phone = viewport === PHONE;

  describe(`site shell at ${viewport.width} px`, () => {
    it('leads every top-menu entry to its page and marks the current one', async () => {
      const page = await browser.newPage(viewport);
      await page.goto('/viewAboutus');
      // One menu at a time: the desktop bar on wide screens, the menu button on phones.
      await expect.poll(() => page.locator('summary', { hasText: 'Menu' }).isVisible()).toBe(phone);
      for (const [label, path] of MENU) {
        const nav = await openMainMenu(page, phone);
        await nav.getByRole('link', { name: label, exact: true }).click();
        await page.waitForURL(`${baseURL()}${path}`);
        if (phone) {
          // The menu closes itself after navigating.
          await expect.poll(() => page.locator('summary', { hasText: 'Menu' }).getAttribute('aria-expanded')).toBe('false');
          await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
        }
        if (label !== 'Ask Quote') {
          const current = (await openMainMenu(page, phone)).locator('[aria-current="page"]');
          await expect.poll(() => current.allTextContents()).toEqual([label]);
          if (phone) await page.keyboard.press('Escape');
        }
      }
      expect(pageProblems(page)).toEqual([]);
    });

    it('works from the keyboard: skip link, menu, Escape', async () => {
      const page = await browser.newPage(viewport);
      await page.goto('/viewContact');
      await page.getByRole('heading', { level: 1 }).waitFor();

      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      await expect.poll(() => skip.evaluate((el) => el === document.activeElement)).toBe(true);
      await expect.poll(() => skip.isVisible()).toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');

      await page.locator('.brand').first().focus();
      if (phone) {
        const button = page.locator('summary', { hasText: 'Menu' });
        await page.keyboard.press('Tab');
        await expect.poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true);
        await page.keyboard.press('Enter');
        await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
        await page.keyboard.press('Escape');
        await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
        await expect.poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true);
        await page.keyboard.press('Enter');
        await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
      }
      // The next two stops are the first two entries of the menu.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Homes');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${baseURL()}/viewProjects`);
      // Focus moves to the new page's content instead of staying on a menu link.
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');

      if (phone) {
        // Tabbing past the last entry leaves the menu, which closes instead of covering the page.
        const button = page.locator('summary', { hasText: 'Menu' });
        await button.focus();
        await page.keyboard.press('Enter');
        await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
        for (let i = 0; i < MENU.length; i++) await page.keyboard.press('Tab');
        await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Login');
        await page.keyboard.press('Tab');
        await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
      }
      expect(pageProblems(page)).toEqual([]);
    });

    it('shows the studio details and a copyright line in the footer', async () => {
      const site = (await (await fetch(`${baseURL()}/api/site`)).json()) as SiteSettings;
      const page = await browser.newPage(viewport);
      await page.goto('/viewAboutus');
      const footer = page.getByRole('contentinfo');
      await expect.poll(() => footer.textContent()).toContain(`© ${new Date().getFullYear()} ${site.name}`);
      for (const [name, url] of [
        ['Instagram', site.social.instagram],
        ['Facebook', site.social.facebook],
        ['LinkedIn', site.social.linkedin],
      ] as const) {
        const link = footer.getByRole('link', { name: new RegExp(`^${name}`) });
        expect(await link.getAttribute('href')).toBe(url);
        expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
      }
      expect(await footer.getByRole('link', { name: site.email }).getAttribute('href')).toBe(`mailto:${site.email}`);
      expect(await footer.getByRole('link', { name: site.phone }).getAttribute('href')).toMatch(/^tel:\+?\d+$/);
      expect(await footer.textContent()).toContain(site.address);
      expect(pageProblems(page)).toEqual([]);
    });

    it('sends the contact form: the server message shows, then the form resets', async () => {
      const site = (await (await fetch(`${baseURL()}/api/site`)).json()) as SiteSettings;
      const page = await browser.newPage(viewport);
      await page.goto('/viewContact');
      // The studio's address, phone and e-mail sit beside the form.
      const details = page.getByRole('region', { name: 'Visit the studio' });
      await expect.poll(() => details.textContent()).toContain(site.address);
      expect(await details.getByRole('link', { name: site.phone }).getAttribute('href')).toMatch(/^tel:/);
      expect(await details.getByRole('link', { name: site.email }).getAttribute('href')).toBe(`mailto:${site.email}`);
      expect(await details.getByRole('link', { name: /Google Maps/ }).getAttribute('href')).toBe(site.mapUrl);

      const first = unique('Meera');
      await fillContactForm(page, { first, last: 'Iyer', email: 'meera@example.com', quotation: 'Partner', message: 'We would like to partner on a project.' });
      await page.getByRole('button', { name: 'Send message' }).click();
      const status = page.getByRole('status');
      await expect.poll(() => status.textContent()).toMatch(/thank you/i);
      const shownAt = Date.now();
      await expect.poll(() => page.getByLabel('First name').inputValue(), { timeout: 5000 }).toBe('');
      expect(Date.now() - shownAt).toBeGreaterThanOrEqual(700);
      expect(await status.textContent()).toBe('');
      for (const label of ['Last name', 'E-mail', 'Request quotation']) expect(await page.getByLabel(label).inputValue()).toBe('');

      const stored = (await apiAsStaff<ContactResponse[]>('/api/contactus/get')).find((r) => r.firstname === first);
      expect(stored).toMatchObject({ lastname: 'Iyer', email: 'meera@example.com', requestQuotation: 'Partner' });
      expect(pageProblems(page)).toEqual([]);
    });

    it('validates the contact form and keeps everything typed when sending fails', async () => {
      const page = await browser.newPage(viewport);
      await page.goto('/viewContact');
      await page.getByRole('button', { name: 'Send message' }).click();
      for (const message of [
        'Please input your first name!',
        'Please input your last name!',
        'Please input your E-mail!',
        'Please select a request quotation!',
        'Please input your message!',
      ]) {
        await expect.poll(() => page.getByText(message, { exact: true }).isVisible(), { message }).toBe(true);
      }
      // The first invalid field takes the focus.
      await expect.poll(() => page.getByLabel('First name').evaluate((el) => el === document.activeElement)).toBe(true);

      const first = unique('Kabir');
      await fillContactForm(page, { first, last: 'Rao', email: 'kabir.example.com', quotation: 'Carpet', message: 'Wool carpet for two rooms.' });
      await page.getByRole('button', { name: 'Send message' }).click();
      await expect.poll(() => page.getByText('The input is not valid E-mail!').isVisible()).toBe(true);
      await page.getByLabel('E-mail').fill('kabir@example.com');
      await expect.poll(() => page.getByText('The input is not valid E-mail!').count()).toBe(0);

      // The server refuses (here: too many messages): its message shows and nothing typed is lost.
      await page.route('**/api/contactus/add', (route) =>
        route.fulfill({ status: 429, contentType: 'application/json', headers: { 'retry-after': '60' }, body: JSON.stringify({ message: 'Too many requests. Please try again later.' }) }),
      );
      await page.getByRole('button', { name: 'Send message' }).click();
      await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Too many requests' }).isVisible()).toBe(true);
      expect(await page.getByLabel('First name').inputValue()).toBe(first);
      expect(await page.getByLabel('E-mail').inputValue()).toBe('kabir@example.com');
      expect(await page.getByLabel('Request quotation').inputValue()).toBe('Carpet');
      expect(await page.getByRole('textbox', { name: 'Message', exact: true }).inputValue()).toBe('Wool carpet for two rooms.');
    });

    it('shows five service cards on the about page, each leading to the contact page', async () => {
      const page = await browser.newPage(viewport);
      await page.goto('/viewAboutus');
      const services = page.getByRole('region', { name: 'What we do' });
      const links = services.getByRole('link');
      await expect.poll(() => links.count()).toBe(5);
      const names = await links.allTextContents();
      expect(names[0]).toBe('Find Homes');
      expect(names[4]).toBe('Get Quote');
      for (let i = 0; i < 5; i++) expect(await links.nth(i).getAttribute('href')).toBe('/viewContact');
      await links.nth(2).click();
      await page.waitForURL(`${baseURL()}/viewContact`);
      expect(pageProblems(page)).toEqual([]);
    });

    it('answers an unknown path with the 404 page and a way back home', async () => {
      const page = await browser.newPage(viewport);
      const res = await page.goto('/viewAboutus/nothing-here');
      expect(res?.status()).toBe(404);
      await expect.poll(() => page.getByText('Sorry, the page you visited does not exist.').isVisible()).toBe(true);
      await page.getByRole('link', { name: 'Back Home' }).click();
      await page.waitForURL(`${baseURL()}/`);
    });

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

    it('lists contact responses for staff, newest first, filtered by quotation', async () => {
      const older = unique('Older');
      const newer = unique('Newer');
      for (const [firstname, requestquotation] of [
        [older, 'VenderRegistration'],
        [newer, 'Homes'],
      ]) {
        const res = await fetch(`${baseURL()}/api/contactus/add`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ response: { firstname, lastname: 'Table', email: 'table@example.com', requestquotation, message: `Hello from ${firstname}` } }),
        });
        expect(res.status).toBe(201);
      }
      const page = await browser.newPage(viewport);
      await loginAsStaff(page);
      await page.goto('/dashboard/conatctusview');
      const headers = page.locator('.ant-table-thead th');
      await expect.poll(() => headers.allInnerTexts()).toEqual(['Date', 'First Name', 'Last Name', 'Email', 'Quotation', 'Message']);
      const firstNames = page.locator('.ant-table-tbody tr.ant-table-row td:nth-child(2)');
      await expect.poll(() => firstNames.first().textContent()).toBe(newer);
      expect((await firstNames.allTextContents()).indexOf(older)).toBe(1);

      // Filter from the keyboard, with the select above the table.
      const filter = page.getByRole('combobox', { name: 'Quotation' });
      await filter.focus();
      await page.keyboard.press('Enter');
      await page.locator('.ant-select-dropdown').getByText('VenderRegistration', { exact: true }).click();
      const quotations = page.locator('.ant-table-tbody tr.ant-table-row td:nth-child(5)');
      await expect.poll(async () => new Set(await quotations.allTextContents())).toEqual(new Set(['VenderRegistration']));
      await expect.poll(() => firstNames.first().textContent()).toBe(older);
      if (phone) {
        // A phone shows a card per message instead of the table (issue 14), filtered the same way.
        const cards = page.locator('.contact-responses-card');
        await expect.poll(() => cards.first().innerText()).toContain(`Hello from ${older}`);
        expect((await cards.allInnerTexts()).every((text) => text.includes('VenderRegistration'))).toBe(true);
      } else {
        // The column's own filter shows the same choice, and clearing it shows everything again.
        await page.locator('.ant-dropdown-trigger.ant-table-filter-trigger').click();
        const dropdown = page.locator('.ant-table-filter-dropdown');
        await dropdown.getByRole('button', { name: 'Reset' }).click();
        await dropdown.getByRole('button', { name: 'OK' }).click();
        await expect.poll(() => firstNames.first().textContent()).toBe(newer);
        await expect.poll(() => page.locator('.ant-select-content, .ant-select-selection-item').first().textContent()).toBe('All');
      }
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
