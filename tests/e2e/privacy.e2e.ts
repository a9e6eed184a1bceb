import { beforeAll, describe, expect, it } from 'vitest';
import { answerAsVisitor, createActiveCampaign, staffApi, type Api } from './api';
import { DESKTOP, loginAsStaff, pageProblems, PHONE, useBrowser, waitForApp } from './browser';

const browser = useBrowser();
const RUN = Date.now().toString(36);

const SURVEY = {
  title: 'Erasure test',
  pages: [
    {
      name: 'p1',
      elements: [
        { type: 'text', name: 'fullName', title: 'Your name', leadField: 'name' },
        { type: 'text', name: 'city', title: 'City' },
      ],
    },
  ],
};

let callApi: Api;
let campaignId = '';

beforeAll(async () => {
  callApi = await staffApi();
  campaignId = await createActiveCampaign(callApi, `Privacy E2E ${RUN}`, SURVEY);
});

describe('erasing a person from their lead page', () => {
  for (const [label, viewport] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    it(`an owner erases a lead after typing their e-mail, at ${label} px`, async () => {
      const email = `erase-${label}-${RUN}@example.com`;
      const name = `Ira Erasable ${label}`;
      await answerAsVisitor(campaignId, email, { fullName: name, city: 'Pune' });
      const found = await callApi<{ items: Array<{ _id: string }> }>('GET', `/api/leads?q=${encodeURIComponent(email)}`);
      const leadId = found.data.items[0]!._id;

      const page = await browser.newPage(viewport);
      await loginAsStaff(page);
      await page.goto(`/dashboard/leads/${leadId}`);
      await page.getByRole('button', { name: 'Download data' }).waitFor();
      await page.getByRole('button', { name: /Erase/ }).click();
      const dialog = page.getByRole('dialog', { name: `Erase ${name}?` });
      await dialog.waitFor();
      const ok = dialog.getByRole('button', { name: 'Erase for good' });
      expect(await ok.isDisabled()).toBe(true);
      await dialog.getByRole('textbox').fill('someone-else@example.com');
      expect(await ok.isDisabled()).toBe(true);
      await dialog.getByRole('textbox').fill(email);
      expect(await ok.isDisabled()).toBe(false);
      // The dialog's opening animation has finished (the screenshot shows it whole).
      await page.waitForFunction(() => !document.querySelector('.ant-zoom-appear, .ant-zoom-enter, .ant-fade-appear, .ant-fade-enter'));
      await ok.click();
      await page.waitForURL(/\/dashboard\/leads$/);
      expect((await callApi('GET', `/api/leads/${leadId}`)).status).toBe(404);
      expect(pageProblems(page)).toEqual([]);
      await page.close();
    });
  }
});

describe('asking for one’s data from the privacy page', () => {
  it('sends the page’s language with the request: hi from /hi/privacy, en from /privacy', async () => {
    for (const [path, language] of [
      ['/hi/privacy', 'hi'],
      ['/privacy', 'en'],
    ] as const) {
      const page = await browser.newPage(PHONE);
      const bodies: unknown[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/privacy/requests') bodies.push(request.postDataJSON());
      });
      await page.goto(path);
      await waitForApp(page);
      // By type, not by label: the form's texts are translated separately.
      const form = page.locator('form.privacy-request');
      await form.locator('input[type="email"]').fill(`ask-${language}-${RUN}@example.com`);
      await form.locator('button[type="submit"]').click();
      await expect.poll(() => bodies.length).toBe(1);
      expect(bodies[0]).toEqual({ email: `ask-${language}-${RUN}@example.com`, kind: 'export', language });
      await form.locator('.notice--success').waitFor();
      expect(pageProblems(page)).toEqual([]);
      await page.close();
    }
  });
});
