import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { testImage } from '../helpers/images';
import { staffToken } from './api';
import { baseURL, DESKTOP, failCalls, loginAsStaff, pageProblems, PHONE, seriousA11yViolations, useBrowser } from './browser';

const browser = useBrowser();
const unique = Date.now().toString(36).slice(-6);
/** Pages load lazily (the dashboard chunk is large): give them time. */
const SLOW = { timeout: 10_000 };

/** One record of each kind through the API, so every page has cards to check. */
async function addThroughApi(token: string, kind: string, fields: Record<string, string>, color: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(await testImage('jpeg', { color }))], { type: 'image/jpeg' }), 'seed.jpg');
  const res = await fetch(`${baseURL()}/api/${kind}/add`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  expect(res.status).toBe(201);
}

async function toast(page: Page, text: string) {
  await expect.poll(() => page.locator('.ant-message').getByText(text).isVisible(), SLOW).toBe(true);
}

beforeAll(async () => {
  const token = await staffToken();
  await addThroughApi(token, 'product', { productname: `Lamp ${unique}`, description: 'Brass table lamp', price: '1250000' }, '#884422');
  await addThroughApi(
    token,
    'studio',
    { title: `Studio ${unique}`, address: '12 MG Road, Bengaluru', gmaplink: 'https://www.google.com/maps/search/?api=1&query=MG+Road' },
    '#224488',
  );
  await addThroughApi(
    token,
    'project',
    { name: `Home ${unique}`, area: 'Baner, Pune', squareft: '1450', dateofcomplition: '01-04-2027', sizeofunit: '2 BHK', gmaplink: '' },
    '#228844',
  );
});

/** Staff on the decor admin page; `sent()` counts the add requests the page has made since. */
async function openDecorAdmin(): Promise<{ page: Page; sent: () => number }> {
  const page = await browser.newPage(DESKTOP);
  await loginAsStaff(page);
  await page.goto('/dashboard/decor');
  await expect.poll(() => page.getByRole('heading', { name: 'Decor', level: 1 }).isVisible(), SLOW).toBe(true);
  let sent = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/product/add')) sent += 1;
  });
  return { page, sent: () => sent };
}

describe('listings: staff manage projects in the browser', () => {
  it('adds a project through the real file input, sees it in the table and on /viewProjects, edits it and deletes it', async () => {
    const page = await browser.newPage(DESKTOP);
    await loginAsStaff(page);
    await page.goto('/dashboard/project');
    await expect.poll(() => page.getByRole('heading', { name: 'Projects', level: 1 }).isVisible(), SLOW).toBe(true);

    const name = `Tower ${unique}`;
    await page.getByLabel('Project name').fill(name);
    await page.getByLabel('Area').fill('Koramangala, Bengaluru');
    await page.getByLabel('Sq. feet').fill('1450');
    await page.getByLabel('Date of completion').fill('15-08-2027');
    await page.getByLabel('Date of completion').press('Enter');
    await page.getByLabel('Size of unit').fill('3 BHK');
    await page.getByLabel('Google map link').fill('https://www.google.com/maps/search/?api=1&query=Koramangala');

    // A wide PNG: the browser must crop and resize it to a 300×300 JPEG before upload.
    const png = await testImage('png', { width: 1200, height: 700, color: '#1d4e89' });
    await page.getByLabel('Image').setInputFiles({ name: 'tower.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => page.getByRole('img', { name: 'Preview of the image' }).getAttribute('src'), SLOW).toMatch(/^blob:/);

    // Intercepted (a plain request event does not carry a body built from blobs), then sent on.
    const upload = new Promise<{ body: Buffer | null; type: string }>((resolve) => {
      void page.route('**/api/project/add', async (route) => {
        resolve({ body: route.request().postDataBuffer(), type: (await route.request().allHeaders())['content-type'] ?? '' });
        await route.continue();
      });
    });
    await page.getByRole('button', { name: 'Add project' }).click();
    const sent = await uploadedFile(await upload);
    expect(sent.filename).toBe('tower.png');
    const meta = await sharp(sent.bytes).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'jpeg', width: 300, height: 300 });

    await toast(page, 'Project added successfully.');
    await expect.poll(() => page.getByRole('cell', { name, exact: true }).isVisible(), SLOW).toBe(true);
    // The form and the image are reset after a save.
    expect(await page.getByLabel('Project name').inputValue()).toBe('');
    expect(await page.getByRole('img', { name: 'Preview of the image' }).count()).toBe(0);
    // …and the new project is one tap from its photos (decision 0025): the button opens it in the form.
    await page.getByRole('button', { name: `Add photos and the floor plan to ${name}` }).click();
    expect(await page.getByLabel('Project name').inputValue()).toBe(name);
    await expect.poll(() => page.getByRole('region', { name: /^Photos/ }).isVisible(), SLOW).toBe(true);
    await page.getByRole('button', { name: 'Reset' }).click();

    const site = await browser.newPage(PHONE);
    await site.goto('/viewProjects');
    const card = site.getByRole('listitem').filter({ has: site.getByRole('heading', { name }) });
    await expect.poll(() => card.isVisible(), SLOW).toBe(true);
    expect(await card.textContent()).toContain('1,450 sq. ft');
    expect(await card.textContent()).toContain('15-08-2027');
    const map = card.getByRole('link', { name: new RegExp(`Google map: ${name}`) });
    expect(await map.getAttribute('target')).toBe('_blank');
    expect(await map.getAttribute('rel')).toBe('noopener noreferrer');
    const image = card.getByRole('img');
    expect(await image.getAttribute('src')).toMatch(/^\/media\/[0-9a-f]{64}\.jpg$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), SLOW).toBe(300);

    // Edit: the form fills from the row, the current image shows, the update keeps it.
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    expect(await page.getByLabel('Project name').inputValue()).toBe(name);
    expect(await page.getByLabel('Date of completion').inputValue()).toBe('15-08-2027');
    expect(await page.getByRole('img', { name: 'Preview of the image' }).getAttribute('src')).toMatch(/^\/media\//);
    const renamed = `Towers ${unique}`;
    await page.getByLabel('Project name').fill(renamed);
    await page.getByRole('button', { name: 'Update project' }).click();
    await toast(page, 'Project updated successfully.');
    await expect.poll(() => page.getByRole('cell', { name: renamed, exact: true }).isVisible(), SLOW).toBe(true);
    expect(await page.getByRole('cell', { name, exact: true }).count()).toBe(0);

    // Delete through the confirmation.
    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    await expect.poll(() => page.getByText('Are you sure to delete this Record\uFF1F', { exact: true }).isVisible(), SLOW).toBe(true);
    await page.getByRole('button', { name: 'Yes' }).click();
    await toast(page, 'Project deleted successfully.');
    await expect.poll(() => page.getByRole('cell', { name: renamed, exact: true }).count(), SLOW).toBe(0);

    await site.reload();
    await expect.poll(() => site.getByRole('heading', { name: 'Homes we are building' }).isVisible(), SLOW).toBe(true);
    expect(await site.getByRole('heading', { name: renamed }).count()).toBe(0);
    expect(pageProblems(page)).toEqual([]);
    expect(pageProblems(site)).toEqual([]);
  });

  it('shows the specification messages before sending, refuses a file that is not an image, and Reset clears the form', async () => {
    const { page, sent } = await openDecorAdmin();
    await page.getByRole('button', { name: 'Add product' }).click();
    for (const text of ['Please select product name!', 'Please select price!', 'Please select description!', 'Please select an image!']) {
      await expect.poll(() => page.getByText(text).isVisible(), { ...SLOW, message: text }).toBe(true);
    }
    await page.getByLabel('Product name').fill('x'.repeat(21));
    await expect.poll(() => page.getByText('Value should be less than 20 character').isVisible(), SLOW).toBe(true);

    await page.getByLabel('Image').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await toast(page, 'Please choose an image file (JPEG, PNG or WebP).');

    await page.getByLabel('Image').setInputFiles({ name: 'ok.webp', mimeType: 'image/webp', buffer: await testImage('webp') });
    await expect.poll(() => page.getByRole('img', { name: 'Preview of the image' }).isVisible(), SLOW).toBe(true);
    await page.getByRole('button', { name: 'Reset' }).click();
    expect(await page.getByLabel('Product name').inputValue()).toBe('');
    expect(await page.getByRole('img', { name: 'Preview of the image' }).count()).toBe(0);
    expect(await page.getByLabel('Image').inputValue()).toBe('');
    expect(sent()).toBe(0);
    expect(pageProblems(page)).toEqual([]);
  });
  it('refuses a negative decor price with its message and adds nothing (it was saved as ₹0 before)', async () => {
    const { page, sent } = await openDecorAdmin();
    const name = `Neg ${unique}`;
    await page.getByLabel('Product name').fill(name);
    await page.getByLabel('Description').fill('Priced below zero');
    await page.getByLabel('Price').fill('-3');
    await page.getByLabel('Image').setInputFiles({ name: 'ok.webp', mimeType: 'image/webp', buffer: await testImage('webp') });
    await expect.poll(() => page.getByRole('img', { name: 'Preview of the image' }).isVisible(), SLOW).toBe(true);
    await page.getByRole('button', { name: 'Add product' }).click();

    await expect.poll(() => page.getByText('Price cannot be negative').isVisible(), SLOW).toBe(true);
    // Nothing silently changed: the typed value stays, and no success message.
    expect(await page.getByLabel('Price').inputValue()).toBe('-3');
    expect(await page.locator('.ant-message').getByText('Product added successfully.').count()).toBe(0);
    expect(sent()).toBe(0);
    const products = (await (await fetch(`${baseURL()}/api/product/get`)).json()) as Array<{ productname: string }>;
    expect(products.map((p) => p.productname)).not.toContain(name);
    expect(pageProblems(page)).toEqual([]);
  });
});

describe('listings: public pages', () => {
  it('shows prices in rupees with Indian grouping and studio map links that open safely in a new tab', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto('/viewProducts');
    const product = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Lamp ${unique}` }) });
    await expect.poll(() => product.isVisible(), SLOW).toBe(true);
    expect(await product.textContent()).toContain('₹12,50,000/-');
    // One column on a phone: the card spans the width of the list it sits in.
    const [cardWidth, listWidth] = await product.evaluate((el) => [el.getBoundingClientRect().width, el.parentElement!.getBoundingClientRect().width]);
    expect(cardWidth).toBeGreaterThan(listWidth - 2);
    expect(cardWidth).toBeGreaterThan(PHONE.width * 0.75);

    await page.goto('/viewStudio');
    const link = page.getByRole('link', { name: `Google map: Studio ${unique} (opens in a new tab)` });
    await expect.poll(() => link.isVisible(), SLOW).toBe(true);
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await link.getAttribute('target')).toBe('_blank');

    // Above-the-fold images load at once (the first with high priority), the rest lazily; all sized.
    const images = await page.locator('.card-grid img').evaluateAll((imgs) =>
      imgs.map((img) => ({
        loading: img.getAttribute('loading'),
        priority: img.getAttribute('fetchpriority'),
        w: img.getAttribute('width'),
        h: img.getAttribute('height'),
      })),
    );
    expect(images[0]).toEqual({ loading: 'eager', priority: 'high', w: '300', h: '300' });
    expect(pageProblems(page)).toEqual([]);
  });

  it('offers a retry when the list cannot be loaded', async () => {
    const page = await browser.newPage(DESKTOP);
    const list = await failCalls(page, '**/api/studio/get');
    // Public pages arrive with their data rendered on the server: the browser fetches the list
    // itself when the visitor navigates within the site.
    await navigateInSite(page, 'Studio');
    await expect.poll(() => page.getByRole('alert').textContent(), SLOW).toContain('could not load the studios');
    list.recover();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => page.getByRole('link', { name: new RegExp(`Studio ${unique}`) }).isVisible(), SLOW).toBe(true);
  });

  it('says so when there is nothing to show yet', async () => {
    const page = await browser.newPage(DESKTOP);
    await page.route('**/api/product/get', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }));
    await navigateInSite(page, 'Decor');
    await expect.poll(() => page.getByRole('status').textContent(), SLOW).toContain('No decor is listed right now');
    expect(await page.getByRole('link', { name: 'Talk to our team' }).getAttribute('href')).toBe('/viewContact');
    expect(pageProblems(page)).toEqual([]);
  });
});

describe('listings: the staff list when it cannot be loaded', () => {
  it('says why above the table and loads the records on "Try again", keeping what was typed', async () => {
    const page = await browser.newPage(DESKTOP);
    await loginAsStaff(page);
    const list = await failCalls(page, '**/api/studio/get', { message: 'The studio list is resting.' });
    await page.goto('/dashboard/studio');
    const alert = page.getByRole('alert').filter({ hasText: 'The studio list is resting.' });
    await alert.waitFor(SLOW);
    await page.getByLabel('Title').fill(`Typed ${unique}`);

    list.recover();
    await alert.getByRole('button', { name: 'Try again' }).click();
    await alert.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('cell', { name: `Studio ${unique}`, exact: true }).isVisible(), SLOW).toBe(true);
    expect(await page.getByLabel('Title').inputValue()).toBe(`Typed ${unique}`);
  });
});

/** Opens the about page (rendered on the server), then follows a main-menu link inside the app. */
async function navigateInSite(page: Page, menuItem: string): Promise<void> {
  await page.goto('/viewAboutus');
  await page.waitForLoadState('networkidle');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: menuItem, exact: true }).click();
}

describe('listings: accessibility', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`has no serious or critical axe violations at ${viewport.width} px`, async () => {
      const page = await browser.newPage(viewport);
      await loginAsStaff(page);
      for (const [path, heading] of [
        ['/viewProjects', 'Homes we are building'],
        ['/viewProducts', 'Decor for every room'],
        ['/viewStudio', 'Visit a studio'],
        ['/dashboard/project', 'Projects'],
        ['/dashboard/decor', 'Decor'],
        ['/dashboard/studio', 'Studio'],
      ] as const) {
        await page.goto(path);
        await expect.poll(() => page.getByRole('heading', { name: heading, level: 1 }).isVisible(), { ...SLOW, message: path }).toBe(true);
        if (path.startsWith('/dashboard')) await expect.poll(() => page.locator('.ant-table-row').count(), { ...SLOW, message: path }).toBeGreaterThan(0);
        // The dashboard's side menu belongs to the shell and is checked there; this checks the listings page in it.
        const exclude = path.startsWith('/dashboard') ? ['.ant-layout-sider'] : [];
        expect(await seriousA11yViolations(page, { exclude }), `${path} at ${viewport.width}px`).toEqual([]);
      }
      expect(pageProblems(page)).toEqual([]);
    });
  }
});

/** The `file` part (and `filename`) of a captured multipart upload. */
async function uploadedFile({ body, type }: { body: Buffer | null; type: string }): Promise<{ bytes: Buffer; filename: string }> {
  if (!body) throw new Error('the upload had no body');
  const form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
  const file = form.get('file');
  if (!(file instanceof Blob)) throw new Error('no file part');
  return { bytes: Buffer.from(await file.arrayBuffer()), filename: String(form.get('filename')) };
}
