import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { testImage } from '../helpers/images';
import { apiAs, staffToken } from './api';
import { baseURL, DESKTOP, E2E_STAFF, pageProblems, seriousA11yViolations, unique, useBrowser } from './browser';

const browser = useBrowser();
// At most NAME_MAX (20) characters: unique() adds 8 for the time and the worker's count of names so far.
const NAME = unique('Photos ');
let id = '';

/** The smallest phone the pages must work at. */
const SMALL_PHONE = { width: 360, height: 740 } as const;

/** A project made through the API: the test is about its photos, not about adding it. */
beforeAll(async () => {
  const form = new FormData();
  const fields = { name: NAME, area: 'Baner, Pune', squareft: '1450', dateofcomplition: '15-12-2030', sizeofunit: '3 BHK', price: '9500000', gmaplink: '' };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(await testImage('jpeg', { color: '#1d4e89' }))], { type: 'image/jpeg' }), 'home.jpg');
  const res = await apiAs(await staffToken())<{ _id: string }>('POST', '/api/project/add', form);
  expect(res.status, JSON.stringify(res.data)).toBe(201);
  id = res.data._id;
});

/** Logs in through the login page, as staff do, and opens the projects page with this project in its form. */
async function openProjectForEditing(page: Page): Promise<Locator> {
  await page.goto('/dashboard/project');
  await page.waitForURL(`${baseURL()}/login?next=%2Fdashboard%2Fproject`);
  await page.getByLabel('Username').fill(E2E_STAFF.email);
  await page.getByLabel(/^Password/).fill(E2E_STAFF.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${baseURL()}/dashboard/project`);
  await page.getByRole('button', { name: `Edit ${NAME}` }).click();
  const photos = page.getByRole('region', { name: /^Photos/ });
  await expect.poll(() => photos.isVisible()).toBe(true);
  return photos;
}

/** The alt texts of the staff thumbnails, in the order shown. */
const staffOrder = (photos: Locator) =>
  photos
    .getByRole('listitem')
    .locator('img')
    .evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt')));

/** Chooses files through the page's own file chooser, as a person does. */
async function chooseFiles(page: Page, input: Locator, files: Array<{ name: string; mimeType: string; buffer: Buffer }>) {
  const chooser = page.waitForEvent('filechooser');
  await input.click();
  await (await chooser).setFiles(files);
}

const jpeg = async (name: string, color: string) => ({ name, mimeType: 'image/jpeg', buffer: await testImage('jpeg', { width: 1600, height: 1200, color }) });

describe('listing photos: staff in the browser', () => {
  it('uploads photos through the file chooser, reorders them by button and by drag, sets alt text, deletes one; the public page shows that order', async () => {
    const page = await browser.newPage(DESKTOP);
    const photos = await openProjectForEditing(page);
    expect(await photos.getByText('No photos yet.').isVisible()).toBe(true);
    expect(await photos.getByRole('heading', { level: 2 }).textContent()).toBe('Photos (0 of 12)');

    // Three photos in one go: they come in the order chosen, the first is the cover.
    await chooseFiles(page, photos.getByLabel('Add photos'), [
      await jpeg('red.jpg', '#b3261e'),
      await jpeg('green.jpg', '#2f6b4f'),
      await jpeg('blue.jpg', '#1d4e89'),
    ]);
    await expect.poll(() => photos.getByRole('listitem').count()).toBe(3);
    await expect.poll(() => photos.locator('[aria-live="polite"]').textContent()).toBe('3 photos added. The listing has 3 of 12 photos.');
    expect(await photos.getByRole('listitem').first().getByText('Cover', { exact: true }).isVisible()).toBe(true);
    // Every thumbnail is a real rendition served by the server.
    for (const img of await photos.getByRole('listitem').locator('img').all()) {
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(320);
      expect(await img.getAttribute('src')).toMatch(/^\/media\/photos\/[0-9a-f]{64}\/320\.jpg$/);
    }

    // Alt text, saved one by one.
    for (const [n, alt] of [
      [1, 'Red living room'],
      [2, 'Green kitchen'],
      [3, 'Blue bedroom'],
    ] as const) {
      await photos.getByLabel(`Alt text for photo ${n}`, { exact: true }).fill(alt);
      await photos.getByRole('button', { name: `Save alt text: photo ${n}`, exact: true }).click();
      await expect.poll(() => staffOrder(photos).then((alts) => alts[n - 1])).toBe(alt);
    }
    expect(await staffOrder(photos)).toEqual(['Red living room', 'Green kitchen', 'Blue bedroom']);

    // By keyboard: the blue photo moves earlier; the new place is announced and the focus stays on it.
    await photos.getByRole('button', { name: 'Move earlier: photo 3', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => staffOrder(photos)).toEqual(['Red living room', 'Blue bedroom', 'Green kitchen']);
    await expect.poll(() => photos.locator('[aria-live="polite"]').textContent()).toBe('Photo moved to position 2 of 3.');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move earlier: photo 2');
    // Once more: it is the cover, "Move earlier" is off and the focus goes to "Move later".
    await page.keyboard.press('Enter');
    await expect.poll(() => staffOrder(photos)).toEqual(['Blue bedroom', 'Red living room', 'Green kitchen']);
    await expect.poll(() => photos.locator('[aria-live="polite"]').textContent()).toBe('Photo moved to position 1 of 3: it is the cover.');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move later: photo 1');
    expect(await photos.getByRole('button', { name: 'Move earlier: photo 1', exact: true }).isDisabled()).toBe(true);
    expect(await photos.getByRole('button', { name: 'Move later: photo 3', exact: true }).isDisabled()).toBe(true);

    // By drag (the thumbnail is the handle): the green photo dropped on the first place becomes the cover.
    const items = photos.getByRole('listitem');
    await items.nth(2).locator('img').dragTo(items.nth(0));
    await expect.poll(() => staffOrder(photos)).toEqual(['Green kitchen', 'Blue bedroom', 'Red living room']);
    await expect.poll(() => items.first().getByText('Cover', { exact: true }).isVisible()).toBe(true);

    // The order and the alt texts are saved: a fresh load of the page shows them.
    await page.reload();
    await page.getByRole('button', { name: `Edit ${NAME}` }).click();
    await expect.poll(() => staffOrder(photos)).toEqual(['Green kitchen', 'Blue bedroom', 'Red living room']);

    expect(await seriousA11yViolations(page)).toEqual([]);

    // Delete asks first.
    await photos.getByRole('button', { name: 'Delete: photo 3', exact: true }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => staffOrder(photos)).toEqual(['Green kitchen', 'Blue bedroom']);
    await expect.poll(() => photos.locator('[aria-live="polite"]').textContent()).toBe('Photo deleted. The listing has 2 of 12 photos.');

    // The public page shows the photos in that order, the cover first, with their alt texts.
    const site = await browser.newPage(DESKTOP);
    await site.goto(`/viewProjects/${id}`);
    const gallery = site.locator('.gallery__track img');
    await expect.poll(() => gallery.evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt')))).toEqual(['Green kitchen', 'Blue bedroom']);
    expect(pageProblems(page)).toEqual([]);
    expect(pageProblems(site)).toEqual([]);
  });

  it('refuses a 13th photo with the server’s message, and adds, replaces and removes a floor plan', async () => {
    const page = await browser.newPage(DESKTOP);
    const photos = await openProjectForEditing(page);
    const start = await photos.getByRole('listitem').count();
    const files = await Promise.all(
      Array.from({ length: 13 - start }, (_, i) => jpeg(`extra-${i}.jpg`, `#${(0x203040 + i * 0x0a0b0c).toString(16).slice(0, 6)}`)),
    );
    await chooseFiles(page, photos.getByLabel('Add photos'), files);
    const refusal = `A listing can have at most 12 photos: this one has ${start}, so at most ${12 - start} more can be added.`;
    await expect.poll(() => photos.getByRole('alert').textContent()).toContain(refusal);
    expect(await photos.getByRole('listitem').count()).toBe(start);
    // One fewer fits: the listing is full and says so.
    await chooseFiles(page, photos.getByLabel('Add photos'), files.slice(1));
    await expect.poll(() => photos.getByRole('listitem').count()).toBe(12);
    expect(await photos.getByLabel('Add photos').isDisabled()).toBe(true);
    expect(await photos.getByText('This listing has 12 photos: delete one to add another.').isVisible()).toBe(true);

    const plan = page.getByRole('region', { name: 'Floor plan' });
    expect(await plan.getByText('No floor plan yet.').isVisible()).toBe(true);
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    );
    await chooseFiles(page, plan.getByLabel('Add floor plan'), [{ name: 'Tower A plan.pdf', mimeType: 'application/pdf', buffer: pdf }]);
    const link = plan.getByRole('link', { name: /\(PDF\)$/ });
    await expect.poll(() => link.getAttribute('href')).toMatch(/^\/media\/files\/[0-9a-f]{64}\/Tower-A-plan\.pdf$/);
    // Replace it with a drawing: the image shows.
    await chooseFiles(page, plan.getByLabel('Replace floor plan'), [
      { name: 'plan.png', mimeType: 'image/png', buffer: await testImage('png', { width: 800, height: 600, color: '#ffffff' }) },
    ]);
    await expect.poll(() => plan.getByRole('img', { name: /^Floor plan/ }).getAttribute('src')).toMatch(/\.png$/);
    expect(await plan.getByRole('link', { name: /\(PDF\)$/ }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    const site = await browser.newPage(DESKTOP);
    await site.goto(`/viewProjects/${id}`);
    expect(await site.locator('.gallery__track img').count()).toBe(12);
    expect(await site.locator(`a[href$="plan.png"], img[src$="plan.png"]`).count()).toBeGreaterThan(0);

    await plan.getByRole('button', { name: 'Remove floor plan' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => plan.getByText('No floor plan yet.').isVisible()).toBe(true);
    expect(pageProblems(page)).toEqual([]);
  });

  it('works at 360 px: nothing wider than the screen, every control reachable', async () => {
    const page = await browser.newPage(SMALL_PHONE);
    const photos = await openProjectForEditing(page);
    await expect.poll(() => photos.getByRole('listitem').count()).toBeGreaterThan(0);
    const overflow = await page.evaluate(() =>
      [...document.querySelectorAll('.listing-media *')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((el) => el.className || el.tagName),
    );
    expect(overflow).toEqual([]);
    const later = photos.getByRole('button', { name: 'Move later: photo 1', exact: true });
    await later.scrollIntoViewIfNeeded();
    expect(await later.isVisible()).toBe(true);
    expect(await seriousA11yViolations(page, { include: '.listing-media' })).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });
});
