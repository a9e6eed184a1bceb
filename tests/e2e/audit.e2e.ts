import { expect, it } from 'vitest';
import { testImage } from '../helpers/images';
import { staffToken } from './api';
import { baseURL, DESKTOP, loginAsStaff, pageProblems, PHONE, seriousA11yViolations, useBrowser } from './browser';

const browser = useBrowser();
const unique = Date.now().toString(36).slice(-6);
const SLOW = { timeout: 10_000 };

async function addProject(token: string, name: string): Promise<void> {
  const form = new FormData();
  for (const [k, v] of Object.entries({ name, area: 'Baner, Pune', squareft: '1450', dateofcomplition: '01-04-2027', sizeofunit: '2 BHK', gmaplink: '' }))
    form.append(k, v);
  form.append('file', new Blob([new Uint8Array(await testImage('jpeg', { color: '#446688' }))], { type: 'image/jpeg' }), 'seed.jpg');
  const res = await fetch(`${baseURL()}/api/project/add`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  expect(res.status).toBe(201);
}

it('a listing edited in the dashboard shows in the audit log, filtered by kind, at 390 and 1280 px', async () => {
  const name = `Audit Home ${unique}`;
  await addProject(await staffToken(), name);

  const page = await browser.newPage(DESKTOP);
  await loginAsStaff(page);
  await page.goto('/dashboard/project');
  await expect.poll(() => page.getByRole('heading', { name: 'Projects', level: 1 }).isVisible(), SLOW).toBe(true);
  await expect.poll(() => page.getByRole('button', { name: `Edit ${name}` }).isVisible(), SLOW).toBe(true);
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  await page.getByLabel('Area').fill('Aundh, Pune');
  await page.getByRole('button', { name: 'Update project' }).click();
  await expect.poll(() => page.locator('.ant-message').getByText('Project updated successfully.').isVisible(), SLOW).toBe(true);

  // Through the dashboard's menu.
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Audit log', level: 1 }).isVisible(), SLOW).toBe(true);

  await page.getByRole('combobox', { name: 'Kind' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Listing edited' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('kind'), SLOW).toBe('listing.updated');
  // Only that kind is listed, once the filtered page has loaded (the demo listings were added at start).
  await expect.poll(() => page.getByRole('row').filter({ hasText: 'Listing added' }).count(), SLOW).toBe(0);
  const row = page.getByRole('row').filter({ hasText: 'Listing edited' }).first();
  await expect.poll(() => row.isVisible(), SLOW).toBe(true);
  // The record's name comes after the rows (read from the listings' own list).
  await expect.poll(async () => (await row.textContent()) ?? '', SLOW).toContain(name);
  const text = (await row.textContent()) ?? '';
  expect(text).toContain('E2E Staff');
  expect(text).toContain('area');
  expect(text).toContain('IST');
  expect(text).not.toContain('Aundh');
  // The record by its name, not its id.
  expect(text).toContain(name);
  expect(await row.locator('code').count()).toBe(0);
  // Checked on a fresh load of the filtered view (the URL keeps it): antd leaves an opened select's
  // hidden listbox in the page without a name.
  await page.reload();
  await expect.poll(() => page.getByRole('row').filter({ hasText: 'Listing edited' }).first().isVisible(), SLOW).toBe(true);
  expect(await seriousA11yViolations(page)).toEqual([]);

  // The same view on a phone: cards, nothing wider than the screen.
  const phone = await browser.newPage(PHONE);
  await loginAsStaff(phone);
  await phone.goto('/dashboard/audit?kind=listing.updated');
  await expect.poll(() => phone.getByRole('heading', { name: 'Audit log', level: 1 }).isVisible(), SLOW).toBe(true);
  const card = phone.locator('.audit-card').first();
  await expect.poll(() => card.isVisible(), SLOW).toBe(true);
  expect(await card.textContent()).toContain('Listing edited');
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousA11yViolations(phone)).toEqual([]);

  // An empty result says so.
  await phone.goto('/dashboard/audit?kind=staff.reset');
  await expect.poll(() => phone.locator('.phone-cards').getByText('No entries match these filters.').isVisible(), SLOW).toBe(true);

  expect(pageProblems(page)).toEqual([]);
  expect(pageProblems(phone)).toEqual([]);
});

it('the audit log shows its entries while the names of their records are still being read, and the names once they come', async () => {
  const name = `Audit Slow ${unique}`;
  await addProject(await staffToken(), name);
  const page = await browser.newPage(DESKTOP);
  await loginAsStaff(page);
  // The listings' list (where the names come from) does not answer until released.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/project/get', async (route) => {
    await released;
    await route.fallback();
  });
  await page.goto('/dashboard/audit?kind=listing.created');
  await expect.poll(() => page.getByRole('heading', { name: 'Audit log', level: 1 }).isVisible(), SLOW).toBe(true);
  const row = page.getByRole('row').filter({ hasText: 'Listing added' }).first();
  await expect.poll(() => row.isVisible(), SLOW).toBe(true);
  expect(await row.locator('[aria-busy="true"]').count()).toBe(1);
  expect(await row.locator('code').count()).toBe(0);

  release();
  await expect.poll(() => page.getByRole('row').filter({ hasText: name }).count(), SLOW).toBe(1);
  expect(await page.locator('.ant-table [aria-busy="true"]').count()).toBe(0);
  expect(pageProblems(page)).toEqual([]);
});
