import { beforeAll, describe, expect, it } from 'vitest';
import { INVALID_LINK } from '#shared/listings/listings.contract';
import { testImage } from '../helpers/images';
import { staffToken } from './api';
import { baseURL, DESKTOP, loginAsStaff, pageProblems, PHONE, unique, useBrowser, waitForApp } from './browser';

// The smaller things a visitor and a studio owner found.
const browser = useBrowser();
const SLOW = { timeout: 15_000 };
const DECOR = unique('Cane ');

beforeAll(async () => {
  // A decor price typed with paise (14999.5).
  const form = new FormData();
  for (const [k, v] of Object.entries({ productname: DECOR, description: 'Handwoven cane chair', price: '14999.5' })) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(await testImage('jpeg', { color: '#8a6d3b' }))], { type: 'image/jpeg' }), 'chair.jpg');
  const res = await fetch(`${baseURL()}/api/product/add`, { method: 'POST', headers: { authorization: `Bearer ${await staffToken()}` }, body: form });
  expect(res.status).toBe(201);
});

describe('visitor pages: the smaller things', () => {
  it('(a) sends bare /startsurvey and /result to / from the server, with no blank page first', async () => {
    const page = await browser.newPage(PHONE);
    for (const path of ['/startsurvey', '/result']) {
      const res = await page.goto(path);
      // The redirect came with the first answer: the app never loaded on that address.
      expect(res!.request().redirectedFrom()?.url(), path).toBe(`${baseURL()}${path}`);
      expect(page.url()).toBe(`${baseURL()}/`);
      await page.getByRole('button', { name: 'Choose Your Lifestyle' }).waitFor();
    }
    expect(pageProblems(page)).toEqual([]);
  });

  it('(b) renders /viewContact?quote=…&about=… the same on the server and in the browser (no React error #418)', async () => {
    const page = await browser.newPage(PHONE);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    const res = await page.goto('/viewContact?quote=Homes&about=Skyline%20Residences');
    expect(res!.status()).toBe(200);
    await waitForApp(page);
    expect(await page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('I would like to know more about Skyline Residences.');
    expect(await page.getByRole('combobox', { name: 'Request quotation' }).inputValue()).toBe('Homes');
    expect(errors).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
    // The server's HTML already holds the prefill (so the browser's first render is the same).
    expect(await res!.text()).toContain('I would like to know more about Skyline Residences.');
  });

  it('(c) sends /viewprojects to /viewProjects (301), the Homes page with 200', async () => {
    const page = await browser.newPage(PHONE);
    const res = await page.goto('/viewprojects');
    expect(res!.request().redirectedFrom()?.url()).toBe(`${baseURL()}/viewprojects`);
    expect(res!.status()).toBe(200);
    expect(page.url()).toBe(`${baseURL()}/viewProjects`);
    await page.getByRole('heading', { name: 'Homes we are building' }).waitFor(SLOW);
    expect(pageProblems(page)).toEqual([]);
  });

  it('(e) shows a decor price in whole rupees with Indian grouping', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto('/viewProducts');
    const card = page
      .locator('li.card-grid__item')
      .filter({ has: page.getByRole('heading', { name: DECOR }) })
      .first();
    await card.waitFor(SLOW);
    const text = await card.innerText();
    expect(text).toContain('₹15,000/-');
    expect(text).not.toMatch(/₹[\d,]+\.\d/);
  });
});

describe('staff pages: the smaller things', () => {
  it('(d) asks "Are you sure to delete this Record？" with the specification’s full-width question mark, drawn by a font that has it', async () => {
    const page = await browser.newPage(DESKTOP);
    await loginAsStaff(page);
    await page.goto('/dashboard/decor');
    await page.getByRole('button', { name: `Delete ${DECOR}` }).click(SLOW);
    const confirm = page.locator('.ant-popconfirm');
    const title = confirm.getByText('Are you sure to delete this Record\uFF1F', { exact: true });
    await title.waitFor(SLOW);
    expect(await confirm.innerText()).not.toContain('Record?');
    // The staff font stack's full-width face was needed for it and loaded, and the mark is drawn a
    // full em wide (a missing glyph, or an ASCII "?", is about half of that).
    const drawn = await title.evaluate(async (el) => {
      await document.fonts.ready;
      const style = getComputedStyle(el);
      const faces = [...document.fonts].filter((f) => f.family.replace(/["']/g, '') === 'Abode full-width').map((f) => f.status);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return {
        family: style.fontFamily,
        faces,
        em: parseFloat(style.fontSize),
        full: context.measureText('\uFF1F').width,
        ascii: context.measureText('?').width,
      };
    });
    expect(drawn.family).toContain('Abode full-width');
    expect(drawn.faces).toEqual(['loaded']);
    expect(drawn.full).toBeGreaterThanOrEqual(drawn.em * 0.9);
    expect(drawn.full).toBeGreaterThan(drawn.ascii * 1.5);
    await confirm.getByRole('button', { name: 'No' }).click();
  });

  it('(f) shows only the app’s message for a bad map link, never the browser’s "Please enter a URL." bubble', async () => {
    const page = await browser.newPage(DESKTOP);
    await loginAsStaff(page);
    await page.goto('/dashboard/studio');
    const link = page.getByLabel('Google map link');
    await link.waitFor(SLOW);
    await page.getByLabel('Title').fill('Bad Link Studio');
    await link.fill('not a link');
    await page.getByRole('button', { name: 'Add studio record' }).click();
    await page.getByText(INVALID_LINK).waitFor(SLOW);
    expect(await page.getByText(INVALID_LINK).isVisible()).toBe(true);
    // The browser did not validate the field itself: nothing for it to show in a bubble.
    expect(await link.evaluate((input: HTMLInputElement) => ({ message: input.validationMessage, valid: input.form?.checkValidity() }))).toEqual({
      message: '',
      valid: true,
    });
    expect(pageProblems(page)).toEqual([]);
  });
});
