import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ContactResponse } from '#shared/contact/contact.contract';
import type { SiteSettings } from '#shared/site';
import { staffApi, visitorApi } from './api';
import { baseURL, DESKTOP, failCalls, loginAsStaff, pageProblems, PHONE, unique, useBrowser } from './browser';

/** The contact page's form (SPEC.md §4, §5) and the staff list of the messages it sends. */
const browser = useBrowser();

async function fillContactForm(page: Page, values: { first: string; last: string; email: string; quotation: string; message: string }) {
  await page.getByLabel('First name').fill(values.first);
  await page.getByLabel('Last name').fill(values.last);
  await page.getByLabel('E-mail').fill(values.email);
  await page.getByLabel('Request quotation').selectOption(values.quotation);
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill(values.message);
}

for (const viewport of [PHONE, DESKTOP]) {
  const phone = viewport === PHONE;

  describe(`contact form and responses at ${viewport.width} px`, () => {
    it('sends the contact form: the server message shows for 1 s, then the form resets', async () => {
      const site = (await (await fetch(`${baseURL()}/api/site`)).json()) as SiteSettings;
      const page = await browser.newPage(viewport);
      // The page's timers run on a clock the test moves, so the second the message stays is counted
      // on the page's own time, not on how busy the machine running the test is.
      await page.clock.install();
      await page.goto('/viewContact');
      // The studio's address, phone and e-mail sit beside the form.
      const details = page.getByRole('region', { name: 'Visit the studio' });
      await expect.poll(() => details.textContent()).toContain(site.address);
      expect(await details.getByRole('link', { name: site.phone }).getAttribute('href')).toMatch(/^tel:/);
      expect(await details.getByRole('link', { name: site.email }).getAttribute('href')).toBe(`mailto:${site.email}`);
      expect(await details.getByRole('link', { name: /Google Maps/ }).getAttribute('href')).toBe(site.mapUrl);

      const first = unique('Meera');
      const typed = { first, last: 'Iyer', email: 'meera@example.com', quotation: 'Partner', message: 'We would like to partner on a project.' };
      await fillContactForm(page, typed);
      const fields = () =>
        Promise.all([
          ...['First name', 'Last name', 'E-mail', 'Request quotation'].map((label) => page.getByLabel(label).inputValue()),
          page.getByRole('textbox', { name: 'Message', exact: true }).inputValue(),
        ]);
      // From here the page's time stands still unless the test moves it.
      await page.clock.pauseAt(Date.now() + 1000);
      await page.getByRole('button', { name: 'Send message' }).click();
      const status = page.getByRole('status');
      await expect.poll(() => status.textContent()).toMatch(/thank you/i);
      // Let the page finish the work its render queued (the effect that starts the 1 s).
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve();
            channel.port2.postMessage(null);
          }),
      );

      // Just short of a second on the page's clock: the message still shows over everything typed.
      await page.clock.runFor(999);
      expect(await status.textContent()).toMatch(/thank you/i);
      expect(await fields()).toEqual([typed.first, typed.last, typed.email, typed.quotation, typed.message]);
      // At one second the form resets and the message goes.
      await page.clock.runFor(1);
      await expect.poll(fields).toEqual(['', '', '', '', '']);
      expect(await status.textContent()).toBe('');

      const responses = await (await staffApi())<ContactResponse[]>('GET', '/api/contactus/get');
      expect(responses.status).toBe(200);
      const stored = responses.data.find((r) => r.firstname === first);
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
        route.fulfill({
          status: 429,
          contentType: 'application/json',
          headers: { 'retry-after': '60' },
          body: JSON.stringify({ message: 'Too many requests. Please try again later.' }),
        }),
      );
      await page.getByRole('button', { name: 'Send message' }).click();
      await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Too many requests' }).isVisible()).toBe(true);
      expect(await page.getByLabel('First name').inputValue()).toBe(first);
      expect(await page.getByLabel('E-mail').inputValue()).toBe('kabir@example.com');
      expect(await page.getByLabel('Request quotation').inputValue()).toBe('Carpet');
      expect(await page.getByRole('textbox', { name: 'Message', exact: true }).inputValue()).toBe('Wool carpet for two rooms.');
    });

    it('lists contact responses for staff, newest first, filtered by quotation', async () => {
      const older = unique('Older');
      const newer = unique('Newer');
      for (const [firstname, requestquotation] of [
        [older, 'VenderRegistration'],
        [newer, 'Homes'],
      ]) {
        const res = await visitorApi('POST', '/api/contactus/add', {
          response: { firstname, lastname: 'Table', email: 'table@example.com', requestquotation, message: `Hello from ${firstname}` },
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
        // A phone shows a card per message instead of the table, filtered the same way.
        const cards = page.locator('.phone-card');
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
  });
}

describe('contact responses when the list cannot be loaded', () => {
  it('says why, keeps the page, and loads the list on "Try again"', async () => {
    const page = await browser.newPage(DESKTOP);
    await loginAsStaff(page);
    const list = await failCalls(page, '**/api/contactus/get', { message: 'The list is resting.' });
    await page.goto('/dashboard/conatctusview');
    const alert = page.getByRole('alert').filter({ hasText: 'The list is resting.' });
    await alert.waitFor();
    expect(await page.getByText('The responses could not be loaded.').first().isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Contact responses', level: 1 }).isVisible()).toBe(true);

    list.recover();
    await alert.getByRole('button', { name: 'Try again' }).click();
    await alert.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByText(/^\d+ messages?$/).isVisible()).toBe(true);
    expect(await page.locator('.ant-table-tbody tr.ant-table-row').count()).toBeGreaterThan(0);
  });
});
