import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SURVEY_FILE_MESSAGES } from '#shared/responses/survey-files.contract';
import { testImage } from '../helpers/images';
import { createActiveCampaign, staffApi } from './api';
import { beginSurvey, pageProblems, PHONE, unique, useBrowser } from './browser';

// A photo the visitor attached still shows in the survey after a reload (it broke
// with GET /api/campaign/file/<id> → 401: that reference is for staff).
const browser = useBrowser();
const SLOW = { timeout: 15_000 };

const SURVEY = {
  pages: [
    { name: 'photo', elements: [{ type: 'file', name: 'photo', title: 'A photo of your room' }] },
    { name: 'city', elements: [{ type: 'text', name: 'city', title: 'Which city?' }] },
  ],
};

/** The width of the loaded preview image of the file question (0 while it has not loaded or is broken). */
function previewWidth(page: Page): Promise<number> {
  return page
    .locator('.sd-question img')
    .first()
    .evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))
    .catch(() => 0);
}

describe('a visitor’s photo in a file question', () => {
  beforeAll(async () => {
    await createActiveCampaign(await staffApi(), unique('E2E preview '), SURVEY);
  });

  it('is uploaded through the file chooser and still shows after a reload', async () => {
    const page = await browser.newPage(PHONE);
    const refused: string[] = [];
    page.on('response', (res) => {
      if (res.url().includes('/api/') && res.status() >= 400) refused.push(`${res.status()} ${res.request().method()} ${new URL(res.url()).pathname}`);
    });
    await beginSurvey(page, `${unique('preview-')}@example.com`);
    await page.getByText(SURVEY_FILE_MESSAGES.hint).waitFor();

    const photo = await testImage('png', { color: '#2a6f97' });
    const uploaded = page.waitForResponse((res) => /\/api\/campaign\/file\/[^/]+$/.test(new URL(res.url()).pathname) && res.request().method() === 'POST');
    // As a visitor does it: the Select File button opens the file chooser.
    const chooser = page.waitForEvent('filechooser');
    await page.locator('label.sd-file__choose-btn').first().click();
    await (await chooser).setFiles({ name: 'living-room.png', mimeType: 'image/png', buffer: photo });
    expect((await uploaded).status()).toBe(201);
    await expect.poll(() => previewWidth(page), SLOW).toBeGreaterThan(0);

    // The answers are kept in the tab; the reload shows the same page with the same photo.
    await page.waitForTimeout(600);
    await page.reload();
    await page.getByText('A photo of your room').waitFor(SLOW);
    await expect.poll(() => previewWidth(page), SLOW).toBeGreaterThan(0);
    // Through a short-lived signed link of the visitor's own file, not the staff reference.
    expect(await page.locator('.sd-question img').first().getAttribute('src')).toMatch(/^\/api\/survey-file\/[^/?]+\?expires=\d+&sig=/);
    expect(refused).toEqual([]);
    expect(pageProblems(page)).toEqual([]);

    // And the answer still goes with the file's reference.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: 'Which city?' }).fill('Pune');
    await page.getByRole('button', { name: 'Complete' }).click();
    await page.waitForURL(/\/result$/);
  });
});
