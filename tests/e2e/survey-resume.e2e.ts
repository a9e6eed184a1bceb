import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES } from '#shared/surveys/campaigns.contract';
import { createActiveCampaign, setCampaignActive, staffApi, type Api } from './api';
import { beginSurvey, pageProblems, PHONE, useBrowser } from './browser';
import { AMENITIES_QUESTION, HOME_TYPE_QUESTION } from './questions';

const browser = useBrowser();
const RUN = Date.now().toString(36);

const SURVEY = {
  title: 'Resume me',
  pages: [
    {
      name: 'kind',
      elements: [HOME_TYPE_QUESTION, { type: 'text', name: 'city', title: 'Which city?' }],
    },
    { name: 'living', elements: [AMENITIES_QUESTION] },
  ],
};

let callApi: Api;

let campaignId = '';

beforeAll(async () => {
  callApi = await staffApi();
  campaignId = await createActiveCampaign(callApi, `E2E resume ${RUN}`, SURVEY);
});

/** Every sessionStorage key whose value mentions this campaign (the saved survey, if any). */
const savedSurveyKeys = (id: string) => Object.keys(sessionStorage).filter((key) => (sessionStorage.getItem(key) ?? '').includes(id));

/** A visitor begins, answers the first page (Villa, `city`), goes on and ticks Gym on page 2 of 2. */
async function answerUpToGym(page: Page, email: string, city: string): Promise<void> {
  await beginSurvey(page, email);
  await page.getByText('What kind of home?').waitFor();
  await page.getByText('Villa', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Which city?' }).fill(city);
  // Gym is ticked after the page change's save has gone: only the answer's own save keeps it.
  const savedOnNext = page.waitForResponse((r) => r.url().includes('/api/campaign/progress/') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Next' }).click();
  expect((await savedOnNext).status()).toBe(200);
  await page.getByText('Gym', { exact: true }).click();
  await expect.poll(() => page.getByText('Page 2 of 2').filter({ visible: true }).isVisible()).toBe(true);
}

/** The survey is back on page 2 with Gym ticked, and Previous shows the first page as answered; ends on page 2. */
async function expectWhereTheyWere(page: Page, city: string): Promise<void> {
  await page.getByRole('group', { name: 'Must-have amenities' }).waitFor();
  await expect.poll(() => page.getByText('Page 2 of 2').filter({ visible: true }).isVisible()).toBe(true);
  expect(await page.getByRole('checkbox', { name: 'Gym' }).isChecked()).toBe(true);
  await page.getByRole('button', { name: 'Previous' }).click();
  await page.getByText('What kind of home?').waitFor();
  expect(await page.getByRole('radio', { name: 'Villa' }).isChecked()).toBe(true);
  expect(await page.getByRole('textbox', { name: 'Which city?' }).inputValue()).toBe(city);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('group', { name: 'Must-have amenities' }).waitFor();
}

/** The survey comes back with the answers, on whichever page the visitor left it: page 1 as answered, then page 2 with Gym ticked. */
async function expectAnswersKept(page: Page, city: string): Promise<void> {
  const first = page.getByText('What kind of home?');
  const second = page.getByRole('group', { name: 'Must-have amenities' });
  await first.or(second).first().waitFor();
  if (await first.isVisible()) {
    expect(await page.getByRole('radio', { name: 'Villa' }).isChecked()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Which city?' }).inputValue()).toBe(city);
    await page.getByRole('button', { name: 'Next' }).click();
  }
  await second.waitFor();
  expect(await page.getByRole('checkbox', { name: 'Gym' }).isChecked()).toBe(true);
}

describe('survey resume', () => {
  it('resumes on the same page with the answers after a reload, and forgets them once sent', async () => {
    const page = await browser.newPage(PHONE);
    const email = `resume-${RUN}@example.com`;
    await answerUpToGym(page, email, 'Dubai');

    await page.reload();
    await page.waitForURL(/\/startsurvey$/);
    await expectWhereTheyWere(page, 'Dubai');
    await page.getByText('Pool', { exact: true }).click();
    await page.getByRole('button', { name: 'Complete' }).click();

    await page.waitForURL(/\/result$/);
    await page.getByText(CAMPAIGN_MESSAGES.thankYou).waitFor();
    expect(await page.evaluate(savedSurveyKeys, campaignId)).toEqual([]);
    // Nor does the browser keep a token to the answers kept on the server: they are gone.
    expect(await page.evaluate(() => localStorage.getItem('abode.survey-resume'))).toBeNull();

    const answers = await callApi<Array<{ email: string; result: string }>>('GET', `/api/campaign/answers/${campaignId}`);
    const mine = answers.data.filter((a) => a.email === email);
    expect(mine).toHaveLength(1);
    expect(JSON.parse(mine[0]!.result)).toEqual({ homeType: 'villa', city: 'Dubai', amenities: ['gym', 'pool'] });
    expect(pageProblems(page)).toEqual([]);
  });

  it('keeps the answers when Back goes a page back and then leaves the survey, whether the visitor goes Forward or starts again', async () => {
    const page = await browser.newPage(PHONE);
    const email = `back-${RUN}@example.com`;
    await answerUpToGym(page, email, 'Pune');

    // Back inside the survey goes a page back (web/features/responses/survey-history.ts), with the answers.
    await page.goBack();
    await page.getByText('What kind of home?').waitFor();
    expect(page.url()).toMatch(/\/startsurvey$/);
    expect(await page.getByRole('radio', { name: 'Villa' }).isChecked()).toBe(true);

    // Back from the first page leaves it, then Forward.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goForward();
    await page.waitForURL(/\/startsurvey$/);
    await expectAnswersKept(page, 'Pune');

    // Back to the landing page again, and the same e-mail typed in once more.
    await page.goto('/');
    await page.getByPlaceholder('Enter email to begin survey').fill(email);
    await page.getByRole('button', { name: 'Choose Your Lifestyle' }).click();
    await page.waitForURL(/\/startsurvey$/);
    await expectAnswersKept(page, 'Pune');
    expect(pageProblems(page)).toEqual([]);
  });
});

describe('a resume link after the active survey changes', () => {
  it('opens the survey it was made for, not the one active now, and finishes it', async () => {
    const page = await browser.newPage(PHONE);
    const email = `switch-${RUN}@example.com`;
    await answerUpToGym(page, email, 'Mysuru');
    // The token this browser holds is the one a "continue" e-mail carries too.
    let token = '';
    await expect
      .poll(async () => {
        const held = await page.evaluate(() => localStorage.getItem('abode.survey-resume'));
        token = held ? (JSON.parse(held) as { token: string }).token : '';
        return token;
      })
      .not.toBe('');
    // Gym is kept once the server has stored it: an answer is saved 2 s after the last change, with no page change or tab hidden.
    await expect
      .poll(
        () =>
          page.evaluate(async ([id, held]) => (await (await fetch(`/api/campaign/progress/${id}?token=${encodeURIComponent(held)}`)).text()).includes('gym'), [
            campaignId,
            token,
          ] as const),
        // expect.poll's default is 1 s: a loaded CI machine took longer to send the page's save.
        { timeout: 15_000 },
      )
      .toBe(true);

    // The studio puts another survey up.
    const other = await createActiveCampaign(callApi, `E2E resume other ${RUN}`, {
      pages: [{ name: 'decor', elements: [{ type: 'text', name: 'colour', title: 'Favourite colour?' }] }],
    });
    try {
      const elsewhere = await browser.newPage(PHONE);
      await elsewhere.goto(`/startsurvey?resume=${token}`);
      await elsewhere.getByText(CAMPAIGN_MESSAGES.welcomeBack).waitFor();
      await elsewhere.waitForURL(/\/startsurvey$/);
      await expectWhereTheyWere(elsewhere, 'Mysuru');
      expect(await elsewhere.getByText('Favourite colour?').count()).toBe(0);
      await elsewhere.getByRole('button', { name: 'Complete' }).click();
      await elsewhere.waitForURL(/\/result$/);
      await elsewhere.getByText(CAMPAIGN_MESSAGES.thankYou).waitFor();

      const answers = await callApi<Array<{ email: string; result: string }>>('GET', `/api/campaign/answers/${campaignId}`);
      expect(answers.data.filter((a) => a.email === email).map((a) => JSON.parse(a.result))).toEqual([
        { homeType: 'villa', city: 'Mysuru', amenities: ['gym'] },
      ]);
      expect((await callApi<unknown[]>('GET', `/api/campaign/answers/${other}`)).data).toEqual([]);
      expect(pageProblems(elsewhere)).toEqual([]);
    } finally {
      await setCampaignActive(callApi, campaignId);
    }
  });
});
