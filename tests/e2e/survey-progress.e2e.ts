import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES } from '#shared/surveys/campaigns.contract';
import { type LeadDetail, type LeadList } from '#shared/leads/leads.contract';
import { LEADS_API } from '#shared/leads/leads.api';
import { MAIL_API } from '#shared/notifications/notifications.api';
import { createActiveCampaign, staffApi, type Api } from './api';
import { baseURL, beginSurvey, pageProblems, PHONE, seriousA11yViolations, useBrowser } from './browser';
import { AMENITIES_QUESTION } from './questions';

const browser = useBrowser();
const RUN = Date.now().toString(36);

const SURVEY = {
  title: 'Come back later',
  pages: [
    {
      name: 'you',
      elements: [
        // maxLength: this first page is drawn by SurveyJS at once (light-survey.tsx draws no length
        // limit), whose phone layout the tests of typing below are about.
        { type: 'text', name: 'who', title: 'Your name', isRequired: true, maxLength: 60 },
        {
          type: 'radiogroup',
          name: 'budget',
          title: 'Your budget',
          choices: [
            { value: 'low', text: 'Under 1 crore' },
            { value: 'high', text: 'Over 1 crore' },
          ],
        },
      ],
    },
    { name: 'home', elements: [AMENITIES_QUESTION] },
  ],
};

let callApi: Api;
let campaignId = '';

beforeAll(async () => {
  callApi = await staffApi();
  campaignId = await createActiveCampaign(callApi, `E2E progress ${RUN}`, SURVEY);
});

/**
 * One phone answers the first page with `name` (saved on the server); a second phone then gives
 * the landing page the same e-mail and asks to begin. Returns both pages.
 */
async function saveFirstPageThenBeginElsewhere(email: string, name: string): Promise<{ first: Page; other: Page }> {
  const first = await browser.newPage(PHONE);
  await beginSurvey(first, email);
  await first.getByRole('textbox', { name: 'Your name' }).fill(name);
  const saved = first.waitForResponse((r) => r.url().includes('/api/campaign/progress/') && r.request().method() === 'POST');
  await first.getByRole('button', { name: 'Next' }).click();
  expect((await saved).status()).toBe(200);

  const other = await browser.newPage(PHONE);
  await other.goto('/');
  await other.getByPlaceholder('Enter email to begin survey').fill(email);
  await other.getByRole('button', { name: 'Choose Your Lifestyle' }).click();
  return { first, other };
}

/** The answers the studio sees as unfinished on the visitor's lead. */
async function unfinishedAnswers(email: string): Promise<Array<{ question: string; answer: string }> | null> {
  const list = await callApi<LeadList>('GET', `${LEADS_API.list}?q=${encodeURIComponent(email)}`);
  const lead = list.data.items[0];
  if (!lead) return null;
  const detail = await callApi<LeadDetail>('GET', LEADS_API.one(lead._id));
  return detail.data.activities.find((a) => a.type === 'progress')?.answers ?? null;
}

/** The next save of the answers so far: resolves with the answers it sent. */
function nextProgressSave(page: Page): Promise<unknown> {
  return page
    .waitForResponse((r) => r.url().includes(`/api/campaign/progress/${campaignId}`) && r.request().method() === 'POST')
    .then((r) => (r.request().postDataJSON() as { response: { answer: unknown } }).response.answer);
}

/** The field still holds `typed`, Next moves on, and the save sent it. */
async function expectNameKeptAndSaved(page: Page, name: Locator, typed: string): Promise<void> {
  expect(await name.inputValue()).toBe(typed);
  const saved = nextProgressSave(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('group', { name: 'Must-have amenities' }).waitFor();
  expect(await saved).toEqual({ who: typed });
  expect(pageProblems(page)).toEqual([]);
}

/** SurveyJS's phone layout is on (it turns it on or off from the survey's width, a frame after a change). */
const PHONE_LAYOUT = '.sd-root-modern--mobile';

describe('the phone’s Back button in the survey', () => {
  it('goes back a page with the answers kept, and leaves the survey only from the first page', async () => {
    const page = await browser.newPage(PHONE);
    await beginSurvey(page, `back-${RUN}@example.com`);
    await page.getByRole('textbox', { name: 'Your name' }).fill('Asha Back');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('group', { name: 'Must-have amenities' }).waitFor();
    await page.getByText('Pool', { exact: true }).click();

    // Back: the first page again, still in the survey, the name kept.
    await page.goBack();
    await page.getByRole('textbox', { name: 'Your name' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/startsurvey');
    expect(await page.getByRole('textbox', { name: 'Your name' }).inputValue()).toBe('Asha Back');

    // Next, then the survey's own Previous: Back from there leaves the survey (no page repeated).
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('group', { name: 'Must-have amenities' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Pool' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByRole('textbox', { name: 'Your name' }).waitFor();
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    expect(pageProblems(page)).toEqual([]);
  });
});

describe('what the visitor types stays typed', () => {
  it('keeps a name being typed when the phone is turned before the field is left', async () => {
    const page = await browser.newPage(PHONE);
    await beginSurvey(page, `typing-turned-${RUN}@example.com`);
    await page.locator(PHONE_LAYOUT).waitFor();
    const name = page.getByRole('textbox', { name: 'Your name' });
    await name.click();
    await page.keyboard.type('Asha');
    // Turned sideways mid-answer: SurveyJS re-renders its questions in the wide layout.
    await page.setViewportSize({ width: PHONE.height, height: PHONE.width });
    await page.locator(`.sd-root-modern:not(${PHONE_LAYOUT})`).waitFor();
    await expectNameKeptAndSaved(page, name, 'Asha');
  });

  it('keeps a name typed before the survey has settled into the phone layout (a busy phone)', async () => {
    const page = await browser.newPage(PHONE);
    // A busy phone: the frame in which SurveyJS turns to its phone layout (a ResizeObserver, then an
    // animation frame) comes late. Here the page's animation frames are held back from the click on
    // "Choose Your Lifestyle" until the name is typed, which makes the race the browser runs lost.
    await page.addInitScript(() => {
      const frames = window as unknown as { holdFrames?: boolean; releaseFrames?: () => void };
      const held: FrameRequestCallback[] = [];
      const request = window.requestAnimationFrame.bind(window);
      window.requestAnimationFrame = (callback) => {
        if (!frames.holdFrames) return request(callback);
        held.push(callback);
        return 0;
      };
      frames.releaseFrames = () => {
        frames.holdFrames = false;
        for (const callback of held.splice(0)) request(callback);
      };
    });
    await page.goto('/');
    await page.getByPlaceholder('Enter email to begin survey').fill(`typing-early-${RUN}@example.com`);
    await page.evaluate(() => ((window as unknown as { holdFrames: boolean }).holdFrames = true));
    await page.getByRole('button', { name: 'Choose Your Lifestyle' }).click();
    await page.waitForURL(/\/startsurvey$/);
    const name = page.getByRole('textbox', { name: 'Your name' });
    await name.fill('Asha');
    // Typed while the survey was still in its first (wide) layout.
    expect(await page.locator(PHONE_LAYOUT).count()).toBe(0);
    await page.evaluate(() => (window as unknown as { releaseFrames: () => void }).releaseFrames());
    await page.locator(PHONE_LAYOUT).waitFor();
    await expectNameKeptAndSaved(page, name, 'Asha');
  });
});

describe('answers kept as the visitor goes', () => {
  it('a visitor stops on page 2, comes back with the same e-mail, is welcomed back with the answers, and finishes', async () => {
    const page = await browser.newPage(PHONE);
    const email = `progress-${RUN}@example.com`;
    await beginSurvey(page, email);
    await page.getByRole('textbox', { name: 'Your name' }).fill('Asha');
    await page.getByText('Over 1 crore', { exact: true }).click();
    // Going to page 2 saves the answers so far, without holding the visitor up.
    const savedOnNext = page.waitForResponse((r) => r.url().includes(`/api/campaign/progress/${campaignId}`) && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('group', { name: 'Must-have amenities' }).waitFor();
    expect((await savedOnNext).status()).toBe(200);

    // A tick on page 2, then the tab goes away: the hidden page saves it on its way out.
    await page.getByText('Pool', { exact: true }).click();
    await page.goto('about:blank');
    await expect
      .poll(() => unfinishedAnswers(email), { timeout: 10_000 })
      .toEqual([
        { question: 'Your name', answer: 'Asha' },
        { question: 'Your budget', answer: 'Over 1 crore' },
        { question: 'Must-have amenities', answer: 'Pool' },
      ]);
    const context = page.context();
    expect(pageProblems(page)).toEqual([]);
    await page.close();

    // Another day, a new tab of the same browser (its own sessionStorage): the same e-mail.
    const again = await context.newPage();
    const problems: string[] = [];
    again.on('pageerror', (error) => problems.push(error.message));
    await beginSurvey(again, email);
    await again.getByRole('status').filter({ hasText: CAMPAIGN_MESSAGES.welcomeBack }).waitFor();
    await again.getByRole('group', { name: 'Must-have amenities' }).waitFor();
    await expect.poll(() => again.getByText('Page 2 of 2').filter({ visible: true }).isVisible()).toBe(true);
    expect(await seriousA11yViolations(again)).toEqual([]);
    expect(await again.getByRole('checkbox', { name: 'Pool' }).isChecked()).toBe(true);
    await again.getByRole('button', { name: 'Previous' }).click();
    expect(await again.getByRole('textbox', { name: 'Your name' }).inputValue()).toBe('Asha');
    expect(await again.getByRole('radio', { name: 'Over 1 crore' }).isChecked()).toBe(true);
    await again.getByRole('button', { name: 'Next' }).click();
    await again.getByText('Gym', { exact: true }).click();
    await again.getByRole('button', { name: 'Complete' }).click();
    await again.waitForURL(/\/result$/);
    await again.getByText(CAMPAIGN_MESSAGES.thankYou).waitFor();

    // One response with every answer; the kept answers and this browser's token are gone.
    const answers = await callApi<Array<{ email: string; result: string }>>('GET', `/api/campaign/answers/${campaignId}`);
    const mine = answers.data.filter((a) => a.email === email);
    expect(mine).toHaveLength(1);
    expect(JSON.parse(mine[0]!.result)).toEqual({ who: 'Asha', budget: 'high', amenities: ['pool', 'gym'] });
    expect(await unfinishedAnswers(email)).toBeNull();
    expect(await again.evaluate(() => localStorage.getItem('abode.survey-resume'))).toBeNull();
    expect(problems).toEqual([]);

    // Finished is finished: the same e-mail starts a new survey, with nothing filled in.
    await beginSurvey(again, email);
    await again.getByText('Your name').first().waitFor();
    expect(await again.getByText(CAMPAIGN_MESSAGES.welcomeBack).count()).toBe(0);
    expect(await again.getByRole('textbox', { name: 'Your name' }).inputValue()).toBe('');
  });

  it('another device with the same e-mail gets no answers, but an e-mailed link that continues there', async () => {
    const email = `progress-other-${RUN}@example.com`;
    const { first, other } = await saveFirstPageThenBeginElsewhere(email, 'Ravi');
    await other.getByRole('status').filter({ hasText: CAMPAIGN_MESSAGES.resumeLinkSent }).waitFor();
    // Said on the survey page, in place of the survey: the click went there before the answer came.
    expect(other.url()).toBe(`${baseURL()}/startsurvey`);
    expect(await other.locator('.sd-question').count()).toBe(0);
    expect(await other.getByText('Ravi').count()).toBe(0);
    expect(await seriousA11yViolations(other)).toEqual([]);

    // The e-mail (written as a file by this server, read through the staff mail viewer).
    let mailName = '';
    await expect
      .poll(
        async () => {
          const list = await callApi<{ items: Array<{ name: string; to: string; subject: string }> }>('GET', MAIL_API.list);
          mailName = list.data.items.find((m) => m.to === email && m.subject.startsWith('Continue your survey'))?.name ?? '';
          return mailName;
        },
        { timeout: 15_000 },
      )
      .not.toBe('');
    const mail = await callApi<{ text: string }>('GET', MAIL_API.read(mailName));
    const link = /(http:\/\/\S+\/startsurvey\?resume=[A-Za-z0-9_-]+)/.exec(mail.data.text)?.[1];
    // On this site's public address (PUBLIC_BASE_URL), with a token of 32 random bytes.
    expect(link).toMatch(/\/startsurvey\?resume=[A-Za-z0-9_-]{43}$/);
    expect(new URL(link!).origin).toBe(baseURL());

    await other.goto(link!);
    await other.getByText(CAMPAIGN_MESSAGES.welcomeBack).waitFor();
    // The token leaves the address bar.
    await other.waitForURL(/\/startsurvey$/);
    await other.getByRole('group', { name: 'Must-have amenities' }).waitFor();
    await other.getByRole('button', { name: 'Previous' }).click();
    expect(await other.getByRole('textbox', { name: 'Your name' }).inputValue()).toBe('Ravi');
    await other.getByRole('button', { name: 'Next' }).click();
    await other.getByText('Gym', { exact: true }).click();
    await other.getByRole('button', { name: 'Complete' }).click();
    await other.waitForURL(/\/result$/);
    const answers = await callApi<Array<{ email: string; result: string }>>('GET', `/api/campaign/answers/${campaignId}`);
    expect(answers.data.filter((a) => a.email === email).map((a) => JSON.parse(a.result))).toEqual([{ who: 'Ravi', amenities: ['gym'] }]);

    // Finished: the link no longer opens anything.
    await other.goto(link!);
    await other.getByRole('alert').filter({ hasText: CAMPAIGN_MESSAGES.resumeLinkInvalid }).waitFor();
    expect(pageProblems(first)).toEqual([]);
    expect(pageProblems(other)).toEqual([]);
  });

  it('another device told of the link can start again without the earlier answers instead', async () => {
    const email = `progress-restart-${RUN}@example.com`;
    const { first, other } = await saveFirstPageThenBeginElsewhere(email, 'Meera');
    await other.getByRole('button', { name: 'Start again without my earlier answers' }).click();
    await other.waitForURL(/\/startsurvey$/);
    expect(await other.getByRole('textbox', { name: 'Your name' }).inputValue()).toBe('');
    expect(await other.getByText(CAMPAIGN_MESSAGES.welcomeBack).count()).toBe(0);
    expect(pageProblems(first)).toEqual([]);
    expect(pageProblems(other)).toEqual([]);
  });

  it('a link that no longer works says so and leads home', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto('/startsurvey?resume=not-a-real-token');
    await page.getByRole('alert').filter({ hasText: CAMPAIGN_MESSAGES.resumeLinkInvalid }).waitFor();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL(`${baseURL()}/`);
  });
});
