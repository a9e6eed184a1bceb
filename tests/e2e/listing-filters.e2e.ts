import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { testImage } from '../helpers/images';
import { staffToken } from './api';
import { baseURL, pageProblems, PHONE, seriousA11yViolations, unique, useBrowser, waitForApp } from './browser';

/*
 * Listing filters (decision 0022) on a phone (390 px): a visitor filters the homes and decor, the results change in place
 * (no page load) with how many match, an empty result says so with a way back, and the back button
 * brings the filters back. Without JavaScript the same form works as a plain GET form.
 */

const browser = useBrowser();
// Localities and a tag of this run only: the shared server holds other tests' listings too.
const here = unique('Filterpur ');
const there = unique('Otherpur ');
const LOCALITY = `${here}, Pune`;
const OTHER = `${there}, Mumbai`;
const TAG = unique('Style');

async function add(token: string, kind: 'project' | 'product', fields: Record<string, string>, color: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(await testImage('jpeg', { color, width: 120, height: 120 }))], { type: 'image/jpeg' }), 'seed.jpg');
  const res = await fetch(`${baseURL()}/api/${kind}/add`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  expect(res.status, await res.clone().text()).toBe(201);
}

const home = (name: string, area: string, squareft: string, sizeofunit: string, price: string) => ({
  name,
  area,
  squareft,
  dateofcomplition: '15-08-2027',
  sizeofunit,
  gmaplink: '',
  price,
});

beforeAll(async () => {
  const token = await staffToken();
  await add(token, 'project', home('Filter Alpha', LOCALITY, '1400', '3 BHK', '9500000'), '#335577');
  await add(token, 'project', home('Filter Beta', LOCALITY, '1800', '3 BHK', '14500000'), '#553377');
  await add(token, 'project', home('Filter Gamma', LOCALITY, '900', '2 BHK', '6200000'), '#775533');
  await add(token, 'project', home('Filter Delta', OTHER, '2200', '4 BHK', '32000000'), '#337755');
  await add(token, 'product', { productname: 'Filter Lamp', description: 'Brass reading lamp', price: '18500', tags: `${TAG}, Classic` }, '#aa6633');
  await add(token, 'product', { productname: 'Filter Rug', description: 'Cotton dhurrie', price: '32000', tags: TAG }, '#33aa66');
});

const countText = (page: Page) => page.locator('.listing-filters__count').textContent();
const titles = (page: Page) => page.locator('.listing-card__title').allTextContents();
/** True while the page is the one this test opened (a full reload would lose the mark). */
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __filterMark?: number }).__filterMark === 1);

describe('listing filters on a phone (390 px)', () => {
  it('filters homes in place, counts them, says when none match, and the back button brings the filters back', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto('/viewProjects');
    await waitForApp(page);
    await page.evaluate(() => ((window as unknown as { __filterMark: number }).__filterMark = 1));
    expect(await countText(page)).toMatch(/^\d+ homes$/);

    // Choose a locality: the list changes without a page load, with its count and a shareable address.
    await page.getByLabel('Locality').selectOption(LOCALITY);
    await expect.poll(() => countText(page)).toBe('3 homes match');
    expect(await titles(page)).toEqual(['Filter Gamma', 'Filter Beta', 'Filter Alpha']);
    expect(new URL(page.url()).search).toBe(`?locality=${encodeURIComponent(LOCALITY).replace(/%20/g, '+')}`);
    expect(await sameDocument(page)).toBe(true);

    await page.getByLabel('Unit size').selectOption('3');
    await expect.poll(() => countText(page)).toBe('2 homes match');
    expect(await titles(page)).toEqual(['Filter Beta', 'Filter Alpha']);

    // A typed value applies when committed (Enter).
    await page.getByLabel('Min sq. ft').fill('1500');
    await page.getByLabel('Min sq. ft').press('Enter');
    await expect.poll(() => countText(page)).toBe('1 home matches');
    expect(await titles(page)).toEqual(['Filter Beta']);
    expect(page.url()).toContain('minSqft=1500');
    // Rupees as typed are echoed in Indian grouping.
    await page.getByLabel('Max price').fill('15000000');
    expect(await page.locator('.listing-filters__amount').allTextContents()).toEqual(['₹1,50,00,000/-']);
    await page.getByLabel('Max price').press('Enter');
    await expect.poll(() => page.url()).toContain('maxPrice=15000000');
    expect(await countText(page)).toBe('1 home matches');
    await page.getByLabel('Sort by').selectOption('-price');
    await expect.poll(() => page.url()).toContain('sort=-price');

    // Nothing matches: said plainly, with a link back to every home.
    await page.getByLabel('Unit size').selectOption('2');
    await expect.poll(() => countText(page)).toBe('0 homes match');
    expect(await titles(page)).toEqual([]);
    await expect.poll(() => page.getByText('No homes match these filters.').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'clear all filters' }).getAttribute('href')).toBe('/viewProjects');

    // Back: the filters before, in the form and in the list.
    await page.goBack();
    await expect.poll(() => countText(page)).toBe('1 home matches');
    expect(await page.getByLabel('Unit size').inputValue()).toBe('3');
    expect(await page.getByLabel('Min sq. ft').inputValue()).toBe('1500');
    expect(await page.getByLabel('Sort by').inputValue()).toBe('-price');
    expect(await sameDocument(page)).toBe(true);

    // Away and back again: the address holds the filters.
    await page.locator('.site-footer__quote').click();
    await page.waitForURL(/\/viewContact$/);
    await page.goBack();
    await expect.poll(() => countText(page)).toBe('1 home matches');
    expect(await page.getByLabel('Locality').inputValue()).toBe(LOCALITY);
    expect(await titles(page)).toEqual(['Filter Beta']);

    // It fits a phone's width, and stays accessible.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Clear: every home again.
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await expect.poll(() => countText(page)).toMatch(/^\d+ homes$/);
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByLabel('Locality').inputValue()).toBe('');
    expect(await sameDocument(page)).toBe(true);
    expect(pageProblems(page)).toEqual([]);
  });

  it('filters decor by keyword and style in place', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto('/viewProducts');
    await waitForApp(page);
    await page.getByLabel('Style').selectOption(TAG);
    await expect.poll(() => countText(page)).toBe('2 decor items match');
    await page.getByLabel('Keyword').fill('brass');
    await page.getByLabel('Keyword').press('Enter');
    await expect.poll(() => countText(page)).toBe('1 decor item matches');
    expect(await titles(page)).toEqual(['Filter Lamp']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(pageProblems(page)).toEqual([]);
  });

  it('works without JavaScript: the form reloads the page with the filters, rendered by the server', async () => {
    const page = await browser.newPage(PHONE, { javaScriptEnabled: false });
    await page.goto('/viewProjects');
    await page.getByLabel('Locality').selectOption(LOCALITY);
    await page.getByLabel('Unit size').selectOption('3');
    await page.getByRole('button', { name: 'Show homes' }).click();
    await page.waitForURL(/bhk=3/);
    expect(await countText(page)).toBe('2 homes match');
    expect(await titles(page)).toEqual(['Filter Beta', 'Filter Alpha']);
    expect(await page.getByLabel('Unit size').inputValue()).toBe('3');

    // The same address, fetched as it is (no script at all): only the matching cards and the count.
    const html = await (await fetch(`${baseURL()}/viewProjects?bhk=3&locality=${encodeURIComponent(LOCALITY)}`)).text();
    expect([...html.matchAll(/<h2 class="listing-card__title">(?:<a [^>]*>)?([^<]*)(?:<\/a>)?<\/h2>/g)].map((m) => m[1])).toEqual([
      'Filter Beta',
      'Filter Alpha',
    ]);
    expect(html.replaceAll('<!-- -->', '')).toContain('<p class="listing-filters__count" aria-live="polite" aria-atomic="true">2 homes match</p>');

    // A value the page cannot use is left out, and the form says so.
    await page.goto(`/viewProjects?locality=${encodeURIComponent(LOCALITY)}&bhk=lots`);
    expect(await countText(page)).toBe('3 homes match');
    await expect.poll(() => page.getByText('Bedrooms must be a whole number from 1 to 20, such as 3.').isVisible()).toBe(true);
  });
});
