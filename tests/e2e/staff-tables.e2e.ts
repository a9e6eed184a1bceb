import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { testImage } from '../helpers/images';
import { baseURL, DESKTOP, loginAsStaff, pageProblems, PHONE, useBrowser } from './browser';

const browser = useBrowser();
const unique = Date.now().toString(36).slice(-6);
const name = `Long ${unique}`;
/** Pages load lazily (the dashboard chunk is large): give them time. */
const SLOW = { timeout: 10_000 };

async function addLongProduct(token: string) {
  const form = new FormData();
  form.append('productname', name);
  form.append('price', '990000');
  // One long word and many short ones: neither may push the actions out of view.
  form.append('description', `${'Hand-carved teak sideboard with brass inlay. '.repeat(19)}${'x'.repeat(45)}`.slice(0, 900));
  form.append('file', new Blob([new Uint8Array(await testImage('jpeg', { color: '#665544' }))], { type: 'image/jpeg' }), 'long.jpg');
  const res = await fetch(`${baseURL()}/api/product/add`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  expect(res.status).toBe(201);
}

/** The row's Edit and Delete buttons are shown and lie fully inside the viewport's width, without scrolling anything. */
async function expectActionsInView(page: Page, width: number) {
  for (const label of [`Edit ${name}`, `Delete ${name}`]) {
    const button = page.getByRole('button', { name: label, exact: true });
    await expect.poll(() => button.isVisible(), { ...SLOW, message: label }).toBe(true);
    const box = await button.boundingBox();
    expect(box, label).not.toBeNull();
    expect(box!.x, label).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${label} at ${width} px`).toBeLessThanOrEqual(width);
  }
}

describe('staff tables keep their actions in view', () => {
  let added = false;
  async function open(viewport: { width: number; height: number }) {
    const page = await browser.newPage(viewport);
    const token = await loginAsStaff(page);
    if (!added) {
      await addLongProduct(token);
      added = true;
    }
    await page.goto('/dashboard/decor');
    await expect.poll(() => page.getByRole('cell', { name, exact: true }).isVisible(), SLOW).toBe(true);
    return page;
  }

  it('shows Edit and Delete of a product with a 900-character description at 1280 px', async () => {
    const page = await open(DESKTOP);
    await expectActionsInView(page, DESKTOP.width);
    expect(pageProblems(page)).toEqual([]);
  });

  it('shows Edit and Delete of that product at 390 px', async () => {
    const page = await open(PHONE);
    await expectActionsInView(page, PHONE.width);
    expect(pageProblems(page)).toEqual([]);
  });

  it('stretches the side menu to the bottom of a long page at 1280 px', async () => {
    const page = await open(DESKTOP);
    const sider = page.locator('.dashboard-sider');
    await expect.poll(() => sider.isVisible(), SLOW).toBe(true);
    const docHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(docHeight).toBeGreaterThan(DESKTOP.height);
    // The menu's dark column runs down to the end of the document, not one screen high.
    const bottom = await sider.evaluate((el) => el.getBoundingClientRect().bottom + window.scrollY);
    expect(Math.round(bottom)).toBeGreaterThanOrEqual(docHeight - 1);
    // Scrolled to the end, the menu itself is still on screen.
    await page.evaluate((top) => window.scrollTo(0, top), docHeight);
    const decor = page.locator('.dashboard-sider').getByRole('link', { name: 'Decor' });
    const box = await decor.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(DESKTOP.height);
    expect(pageProblems(page)).toEqual([]);
  });
});
