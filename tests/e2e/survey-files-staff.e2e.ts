import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { testImage } from '../helpers/images';
import { createActiveCampaign, staffApi, visitorApi, type Api } from './api';
import { DESKTOP, failCalls, loginAsStaff, pageProblems, PHONE, seriousA11yViolations, useBrowser } from './browser';

// Staff open the files visitors attached, from the results and from the lead.
const browser = useBrowser();
const RUN = Date.now().toString(36);
const SLOW = { timeout: 15_000 };
const FILE_NAME = `hall-${RUN}.png`;
const EMAIL = `files-${RUN}@example.com`;
const SURVEY = {
  pages: [
    {
      name: 'p1',
      elements: [
        { type: 'file', name: 'photo', title: 'A photo of the room', storeDataAsText: false },
        { type: 'text', name: 'city', title: 'Your city' },
      ],
    },
  ],
};

let staff: Api;
let campaignId = '';
let fileId = '';

beforeAll(async () => {
  staff = await staffApi();
  campaignId = await createActiveCampaign(staff, `Files E2E ${RUN}`, SURVEY);
  // The visitor's own calls: the e-mail, the file on its own, then the answers holding its reference.
  const record = await visitorApi<{ emailID: string }>('POST', '/api/email/add', { email: EMAIL, campaignid: campaignId });
  expect(record.status).toBe(201);
  const form = new FormData();
  form.append('email', EMAIL);
  form.append('emailId', record.data.emailID);
  form.append('file', new Blob([new Uint8Array(await testImage('png', { color: '#3a7d44' }))], { type: 'image/png' }), FILE_NAME);
  const uploaded = await visitorApi<{ fileId: string; name: string; type: string; url: string }>('POST', `/api/campaign/file/${campaignId}`, form);
  expect(uploaded.status).toBe(201);
  fileId = uploaded.data.fileId;
  const answer = { photo: [{ name: uploaded.data.name, type: uploaded.data.type, content: uploaded.data.url }], city: 'Pune' };
  expect((await visitorApi('POST', `/api/campaign/response/${campaignId}`, { response: { email: EMAIL, emailId: record.data.emailID, answer } })).status).toBe(
    200,
  );
});

/** On the file page: the heading names the file and the image has loaded through its signed address. */
async function expectFilePage(page: Page): Promise<void> {
  await page.waitForURL(`**/dashboard/file/${fileId}`, SLOW);
  await page.getByRole('heading', { name: FILE_NAME, level: 1 }).waitFor(SLOW);
  const image = page.getByRole('img', { name: `${FILE_NAME}, attached by the visitor` });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), SLOW).toBeGreaterThan(0);
  expect(await page.getByRole('link', { name: 'Download' }).getAttribute('href')).toMatch(/^\/api\/survey-file\//);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('files visitors attached, for staff', () => {
  it('open from the results table on a desktop, and show the image', async () => {
    const page = await browser.newPage(DESKTOP);
    await loginAsStaff(page);
    await page.goto(`/dashboard/campaign/result?id=${encodeURIComponent(campaignId)}`);
    await page.locator('.results-answers-table').getByRole('link', { name: FILE_NAME }).click(SLOW);
    await expectFilePage(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });

  it('open from the lead page on a phone', async () => {
    const page = await browser.newPage(PHONE);
    await loginAsStaff(page);
    const leads = await staff<{ items: Array<{ _id: string }> }>('GET', `/api/leads?q=${encodeURIComponent(EMAIL)}`);
    expect(leads.data.items).toHaveLength(1);
    await page.goto(`/dashboard/leads/${encodeURIComponent(leads.data.items[0]!._id)}`);
    await page.getByRole('link', { name: FILE_NAME }).click(SLOW);
    await expectFilePage(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });

  it('say why when the address cannot be had, and open the file on "Try again"', async () => {
    const page = await browser.newPage(DESKTOP);
    await loginAsStaff(page);
    const link = await failCalls(page, `**/api/campaign/file/${fileId}/link`, { status: 500, message: 'The file store is resting.' });
    await page.goto(`/dashboard/file/${fileId}`);
    const alert = page.getByRole('alert').filter({ hasText: 'The file could not be opened.' });
    await alert.waitFor(SLOW);
    expect(await alert.innerText()).toContain('The file store is resting.');
    expect(await page.getByRole('link', { name: 'Back' }).isVisible()).toBe(true);

    link.recover();
    await alert.getByRole('button', { name: 'Try again' }).click();
    await alert.waitFor({ state: 'detached' });
    await expectFilePage(page);
    expect(pageProblems(page).filter((p) => !p.includes('Failed to load resource'))).toEqual([]);
  });

  it('say so when there is no such file', async () => {
    const page = await browser.newPage(PHONE);
    await loginAsStaff(page);
    await page.goto('/dashboard/file/no-such-file');
    await page.getByText('There is no such file.').waitFor(SLOW);
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Back' }).isVisible()).toBe(true);
    expect(pageProblems(page).filter((p) => !p.includes('404'))).toEqual([]);
  });
});
