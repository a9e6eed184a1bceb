import { beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES } from '#shared/surveys/campaigns.contract';
import { SURVEY_FILE_MESSAGES } from '#shared/responses/survey-files.contract';
import { apiAs, baseURL, createActiveCampaign, staffToken, type Api } from './api';
import { beginSurvey, DESKTOP, expectScriptsDefused, loginAsStaff, PHONE, useBrowser } from './browser';

const browser = useBrowser();
const RUN = Date.now().toString(36);

let token = '';
let callApi: Api;

beforeAll(async () => {
  token = await staffToken();
  callApi = apiAs(token);
});

describe('staff-written survey HTML on the real runner', () => {
  it('shows an html question without its <img onerror> handler or javascript: link', async () => {
    const survey = {
      title: 'Safe HTML',
      pages: [
        {
          elements: [
            {
              type: 'html',
              name: 'intro',
              html: '<p id="intro-text">Welcome home</p><img id="trap" src="/no-such-image.png" onerror="window.__xss = 1"><a id="link" href="javascript:window.__xss = 2">Open</a>',
            },
            { type: 'text', name: 'city', title: 'Which city?' },
          ],
        },
      ],
    };
    await createActiveCampaign(callApi, `E2E safe html ${RUN}`, survey);

    const page = await browser.newPage(PHONE);
    await beginSurvey(page, `safe-${RUN}@example.com`);
    await page.locator('#intro-text').waitFor();

    // The content stays; what would run does not.
    await expectScriptsDefused(page, { trap: 'trap', link: 'link' });
  });
});

describe('the designer and the size limit', () => {
  it("states the size against the limit and shows the server's 413 message when saving a survey over it", async () => {
    // About 2.3 MB: few questions with long texts, so the designer has little to draw.
    const pages = Array.from({ length: 10 }, (_, p) => ({
      name: `page${p + 1}`,
      elements: Array.from({ length: 10 }, (_, i) => ({ type: 'text', name: `q${p}_${i}`, title: `Question ${i}`, description: 'x'.repeat(23_000) })),
    }));
    const questions = JSON.stringify({ pages });
    const page = await browser.newPage(DESKTOP);
    await loginAsStaff(page);
    await page.goto('/dashboard');
    // The designer starts from a draft carried in the history state (as "save as a new campaign" does).
    await page.evaluate(
      ({ name, questions: text }) => {
        window.history.replaceState({ usr: { draft: { name, questions: text } }, key: 'e2e', idx: 0 }, '', '/dashboard/campaign/new');
      },
      { name: `E2E too large ${RUN}`, questions },
    );
    await page.reload();
    const size = page.getByTestId('survey-size');
    await expect.poll(() => size.textContent()).toMatch(/^Survey size 2\.\d+ MB of 2 MB: too large to save$/);

    await page.getByRole('button', { name: 'Create campaign' }).click();
    const sent = (await size.textContent())!.match(/Survey size ([\d.]+ MB)/)![1]!;
    await page.getByText(`The survey is ${sent}, over the limit of 2 MB for one campaign.`, { exact: false }).waitFor();
    expect(await page.getByText(CAMPAIGN_MESSAGES.createFailed).count()).toBe(0);
  });
});

describe('files on the real runner', () => {
  async function startSurveyFor(survey: object, label: string) {
    const campaignId = await createActiveCampaign(callApi, `E2E ${label} ${RUN}`, survey);
    const page = await browser.newPage(PHONE);
    const email = `${label}-${RUN}@example.com`;
    await beginSurvey(page, email);
    return { page, campaignId, email };
  }

  it('sends a 300 KB photo on its own; the answer holds its reference and staff get the same bytes', async () => {
    const survey = {
      pages: [
        {
          elements: [
            { type: 'file', name: 'photo', title: 'A photo of your room' },
            { type: 'text', name: 'city', title: 'Which city?' },
          ],
        },
      ],
    };
    const { page, campaignId } = await startSurveyFor(survey, 'file');
    await page.getByText(SURVEY_FILE_MESSAGES.hint).waitFor();

    const photo = Buffer.alloc(300 * 1024, 7);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(photo);
    const uploaded = page.waitForResponse((res) => res.url().includes(`/api/campaign/file/${campaignId}`) && res.request().method() === 'POST');
    // As a visitor does it: the Select File button opens the file chooser.
    const chooser = page.waitForEvent('filechooser');
    await page.locator('label.sd-file__choose-btn').first().click();
    await (await chooser).setFiles({ name: 'room.png', mimeType: 'image/png', buffer: photo });
    const upload = await uploaded;
    expect(upload.status(), await upload.text()).toBe(201);
    await page.getByText('room.png').first().waitFor();
    await page.getByRole('textbox', { name: 'Which city?' }).fill('Pune');
    await page.getByRole('button', { name: 'Complete' }).click();
    await page.waitForURL(/\/result$/);

    const rows = await callApi<Array<{ result: string }>>('GET', `/api/campaign/answers/${campaignId}`);
    const answer = JSON.parse(rows.data[0]!.result) as { photo: Array<{ name: string; content: string }>; city: string };
    expect(answer.city).toBe('Pune');
    expect(answer.photo).toEqual([{ name: 'room.png', type: 'image/png', content: expect.stringMatching(/^\/api\/campaign\/file\/[^/]+$/) }]);
    const file = await fetch(`${baseURL()}${answer.photo[0]!.content}`, { headers: { authorization: `Bearer ${token}` } });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(photo)).toBe(true);
    expect((await fetch(`${baseURL()}${answer.photo[0]!.content}`)).status).toBe(401);
  });

  it('refuses answers too large to send before completing, keeping what was typed', async () => {
    const survey = { pages: [{ elements: [{ type: 'comment', name: 'story', title: 'Tell us everything' }] }] };
    const { page } = await startSurveyFor(survey, 'long');
    const story = 'a'.repeat(270 * 1024);
    await page.getByRole('textbox', { name: 'Tell us everything' }).fill(story);
    await page.getByRole('button', { name: 'Complete' }).click();
    await page.getByText(SURVEY_FILE_MESSAGES.answersTooLarge).waitFor();
    expect(page.url()).toMatch(/\/startsurvey$/);
    expect(await page.getByRole('textbox', { name: 'Tell us everything' }).inputValue()).toBe(story);
  });
});
