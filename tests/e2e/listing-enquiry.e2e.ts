import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContactResponse } from '#shared/contact/contact.contract';
import type { Product, Project } from '#shared/listings/listings.contract';
import { staffApi, visitorApi } from './api';
import { baseURL, failCalls, pageProblems, seriousA11yViolations, unique, useBrowser, waitForApp } from './browser';

/*
 * "Ask about this home" (decision 0021) in Chromium, on the enquiry page that mounts the same component
 * the listings' pages do: with script at 360 px (errors announced, the answer in place) and without
 * script (a plain form post that the server stores and answers with a redirect, or with the form
 * and its errors).
 */

const browser = useBrowser();
const NARROW = { width: 360, height: 740 } as const;

let home: Project;
let piece: Product;

beforeAll(async () => {
  home = (await visitorApi<Project[]>('GET', '/api/project/get')).data[0]!;
  piece = (await visitorApi<Product[]>('GET', '/api/product/get')).data[0]!;
  expect(home, 'the demo data has a home').toBeDefined();
  expect(piece, 'the demo data has a decor piece').toBeDefined();
});

async function storedBy(email: string): Promise<ContactResponse[]> {
  const staff = await staffApi();
  return (await staff<ContactResponse[]>('GET', '/api/contactus/get')).data.filter((r) => r.email === email);
}

const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });

describe('listing enquiry with script, at 360 px', () => {
  it('fits the screen, says what is wrong, keeps what was typed on a failure, and answers in place', async () => {
    const page = await browser.newPage(NARROW);
    await page.goto(`/enquiry?project=${encodeURIComponent(home._id)}&intent=${encodeURIComponent('site visit')}`);
    await waitForApp(page);
    const form = page.getByRole('region', { name: 'Ask about this home' });
    await form.waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(home.name);
    // "Book a site visit" came chosen from the link.
    expect(await page.getByRole('radio', { name: 'Book a site visit' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Send me the newsletter' }).isChecked()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Nothing filled in: each required field says so, tied to its field, and the first one has the focus.
    await page.getByRole('button', { name: 'Ask for a visit' }).click();
    const firstName = page.getByLabel('First name');
    await expect.poll(() => firstName.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('firstname');
    const alerts = await page.getByRole('alert').allTextContents();
    expect(alerts).toEqual(expect.arrayContaining(['Please input your first name!', 'Please input your E-mail!', 'Please input your message!']));
    const described = await firstName.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${described}"]`).textContent()).toBe('Please input your first name!');

    const email = `${unique('visit')}@example.com`;
    await firstName.fill('Meera');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Phone (optional)').fill('call me');
    await messageBox(page).fill('Could we see the show flat on Saturday?');
    await page.getByRole('button', { name: 'Ask for a visit' }).click();
    await expect.poll(() => page.getByLabel('Phone (optional)').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('alert').allTextContents()).toContain('Please enter a valid phone number, for example 98450 99999 or +91 98450 99999.');
    await page.getByLabel('Phone (optional)').fill('98450 99999');

    // The server is down: said, and nothing typed is lost.
    const down = await failCalls(page, '**/api/contactus/add', { message: 'We could not take your message just now.' });
    await page.getByRole('button', { name: 'Ask for a visit' }).click();
    await expect.poll(() => page.getByRole('alert').allTextContents()).toContain('We could not take your message just now.');
    expect(await firstName.inputValue()).toBe('Meera');
    expect(await page.getByLabel('E-mail').inputValue()).toBe(email);
    expect(await page.getByLabel('Phone (optional)').inputValue()).toBe('98450 99999');
    expect(await messageBox(page).inputValue()).toBe('Could we see the show flat on Saturday?');
    expect(await page.getByRole('radio', { name: 'Book a site visit' }).isChecked()).toBe(true);
    down.recover();
    // The failed call's 503 is what this test made happen.
    const problems = () => pageProblems(page).filter((p) => !p.includes('status of 503'));

    await page.getByRole('button', { name: 'Ask for a visit' }).click();
    const done = page.getByRole('heading', { name: 'Message sent' });
    await done.waitFor();
    // The answer takes the focus, and is said politely.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Message sent');
    expect(await form.getByRole('status').textContent()).toContain(`We have your request to visit ${home.name}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);

    await expect.poll(async () => (await storedBy(email)).length).toBe(1);
    expect((await storedBy(email))[0]).toMatchObject({
      firstname: 'Meera',
      requestQuotation: 'Homes',
      phone: '+919845099999',
      topic: 'site visit',
      listing: { kind: 'project', id: home._id, name: home.name },
    });

    // Another message: the person's details stay, the message starts afresh.
    await page.getByRole('button', { name: 'Send another message' }).click();
    expect(await firstName.inputValue()).toBe('Meera');
    expect(await messageBox(page).inputValue()).toBe('');
    expect(problems()).toEqual([]);
  });

  it('asks about a decor piece, and offers WhatsApp and a call about it', async () => {
    const page = await browser.newPage(NARROW);
    await page.goto(`/enquiry?product=${encodeURIComponent(piece._id)}`);
    await waitForApp(page);
    await page.getByRole('region', { name: 'Ask about this piece' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Ask a question' }).isChecked()).toBe(true);
    const whatsApp = await page.getByRole('link', { name: new RegExp(`WhatsApp us about`) }).getAttribute('href');
    expect(whatsApp).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
    expect(new URL(whatsApp!).searchParams.get('text')).toContain(`${piece.productname} from your decor collection: `);
    expect(new URL(whatsApp!).searchParams.get('text')).toContain(`/viewProducts/${piece._id}`);
    expect(await page.getByRole('link', { name: /^Call / }).getAttribute('href')).toMatch(/^tel:\+\d+$/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });
});

describe('listing enquiry without script', () => {
  it('posts the form: the server stores it and sends the browser back with the answer; a refused one comes back with its errors', async () => {
    const page = await browser.newPage(NARROW, { javaScriptEnabled: false });
    await page.goto(`/enquiry?product=${encodeURIComponent(piece._id)}`);
    await page.getByRole('region', { name: 'Ask about this piece' }).waitFor();
    const email = `${unique('noscript')}@example.com`;
    await page.getByLabel('First name').fill('Kabir');
    await page.getByLabel('E-mail').fill(email);
    // Not a phone number: the browser cannot tell, the server does.
    await page.getByLabel('Phone (optional)').fill('12345');
    await page.getByRole('radio', { name: 'See it at our studio' }).check();
    await messageBox(page).fill('Is it in stock in teak?');
    await page.getByRole('checkbox', { name: 'Send me the newsletter' }).check();
    // The button's words follow the choice only once the script runs.
    await page.getByRole('button', { name: 'Send message' }).click();

    // The form again, with why and with everything typed.
    await page.getByRole('heading', { name: 'Your message was not sent' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toContain('Please enter a valid phone number');
    expect(await page.getByLabel('E-mail').inputValue()).toBe(email);
    expect(await page.getByLabel('Phone (optional)').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('Is it in stock in teak?');
    expect(await page.getByRole('radio', { name: 'See it at our studio' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Send me the newsletter' }).isChecked()).toBe(true);
    // (Measured from outside the page: with script off, nothing runs in it.)
    expect((await page.locator('main').boundingBox())!.width).toBeLessThanOrEqual(NARROW.width);
    expect(await storedBy(email)).toEqual([]);

    await page.getByLabel('Phone (optional)').fill('+91 98450 12345');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.waitForURL((url) => url.pathname === '/enquiry' && url.searchParams.get('sent') === 'visit');
    const done = page.getByRole('region', { name: 'Ask about this piece' });
    expect(await done.getByRole('status').textContent()).toContain(`We have your request to see ${piece.productname} at our studio`);
    expect(await storedBy(email)).toEqual([
      expect.objectContaining({
        requestQuotation: 'Carpet',
        phone: '+919845012345',
        topic: 'site visit',
        listing: { kind: 'product', id: piece._id, name: piece.productname },
      }),
    ]);

    // Another one, from the same page: a plain link back to the empty form.
    await done.getByRole('link', { name: 'Send another message' }).click();
    await page.getByLabel('First name').waitFor();
    expect(new URL(page.url()).searchParams.has('sent')).toBe(false);
  });

  it('the page a refused form comes back as is accessible and fits 360 px', async () => {
    // Posted as a browser without script would; looked at in a page where axe can run.
    const res = await fetch(`${baseURL()}/enquiry`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ listingKind: 'project', listingId: home._id, firstname: '', email: 'x', message: 'Hi', phone: '1' }).toString(),
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    const page = await browser.newPage(NARROW);
    await page.route('**/enquiry-refused', (route) => route.fulfill({ status: 400, contentType: 'text/html', body: html }));
    await page.goto('/enquiry-refused');
    expect(await page.getByRole('alert').getByRole('link').allTextContents()).toEqual([
      'First name: Please input your first name!',
      'E-mail: The input is not valid E-mail!',
      'Phone (optional): Please enter a valid phone number, for example 98450 99999 or +91 98450 99999.',
    ]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
