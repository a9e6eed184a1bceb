import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES } from '#shared/surveys/campaigns.contract';
import { answerAsVisitor, createActiveCampaign, createCampaign, setCampaignActive, staffApi, type Api } from './api';
import { baseURL, beginSurvey, DESKTOP, failCalls, loginAsStaff, pageProblems, PHONE, seriousA11yViolations, useBrowser } from './browser';
import { AMENITIES_QUESTION, HOME_TYPE_QUESTION } from './questions';

const browser = useBrowser();
const RUN = Date.now().toString(36);

/** Three pages, so the progress bar has something to show. */
const SURVEY = {
  title: 'Tell us about your home',
  pages: [
    {
      name: 'kind',
      elements: [HOME_TYPE_QUESTION],
    },
    {
      name: 'living',
      elements: [{ ...AMENITIES_QUESTION, choices: [...AMENITIES_QUESTION.choices, 'Garden'] }],
    },
    { name: 'notes', elements: [{ type: 'comment', name: 'notes', title: 'Anything else?' }] },
  ],
};

let callApi: Api;

async function startSurvey(page: Page, email: string): Promise<void> {
  await beginSurvey(page, email);
  await page.getByText('What kind of home?').waitFor();
}

async function answerAllPages(page: Page, notes: string): Promise<void> {
  await page.getByText('Villa', { exact: true }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Gym', { exact: true }).click();
  await page.getByText('Pool', { exact: true }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'Anything else?' }).fill(notes);
}

async function expectNoA11yProblems(page: Page, label: string): Promise<void> {
  expect(await seriousA11yViolations(page), label).toEqual([]);
}

/**
 * Staff pages: axe over this area's page content only; the dashboard frame around it (side menu)
 * belongs to the shell and is checked by its own tests.
 */
async function expectNoStaffA11yProblems(page: Page, label: string): Promise<void> {
  // A table still loading is dimmed on purpose: check the page once it has settled.
  await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
  expect(await seriousA11yViolations(page, { include: '.staff-page' }), label).toEqual([]);
}

beforeAll(async () => {
  callApi = await staffApi();
});

describe('visitor survey journey', () => {
  let campaignId = '';

  beforeAll(async () => {
    campaignId = await createActiveCampaign(callApi, `E2E journey ${RUN}`, SURVEY);
  });

  it('goes from the landing page through a multi-page survey to /result and sees the answers', async () => {
    const page = await browser.newPage(DESKTOP);
    const email = `journey-${RUN}@example.com`;
    await page.goto('/');
    await expectNoA11yProblems(page, '/ at 1280');

    // The landing form shows the specification's messages before any call.
    await page.getByRole('button', { name: 'Choose Your Lifestyle' }).click();
    await page.getByText(CAMPAIGN_MESSAGES.emailRequired).waitFor();
    await page.getByPlaceholder('Enter email to begin survey').fill('not-an-email');
    await page.getByRole('button', { name: 'Choose Your Lifestyle' }).click();
    await page.getByText(CAMPAIGN_MESSAGES.emailInvalid).waitFor();

    await startSurvey(page, email);
    // The progress bar sits at the top of the survey, above the first question.
    await page.getByRole('progressbar').waitFor({ state: 'attached' });
    const progress = page.locator('.sd-progress');
    await expect.poll(() => progress.isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Page 1 of 3').filter({ visible: true }).isVisible()).toBe(true);
    const barBox = await progress.boundingBox();
    const questionBox = await page.getByText('What kind of home?').boundingBox();
    expect(barBox!.y).toBeLessThan(questionBox!.y);
    await expectNoA11yProblems(page, '/startsurvey at 1280');

    await answerAllPages(page, 'Near a school, please');
    await expect.poll(() => page.getByText('Page 3 of 3').filter({ visible: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Complete' }).click();

    await page.waitForURL(/\/result$/);
    await page.getByText(CAMPAIGN_MESSAGES.thankYou).waitFor();
    const rows = page.getByRole('row');
    await expect.poll(() => rows.count()).toBe(4);
    expect(await rows.nth(1).innerText()).toMatch(/1\s+What kind of home\?\s+Villa/);
    expect(await rows.nth(2).innerText()).toMatch(/2\s+Must-have amenities\s+Gym, Pool/);
    expect(await rows.nth(3).innerText()).toMatch(/3\s+Anything else\?\s+Near a school, please/);
    await expectNoA11yProblems(page, '/result at 1280');

    const answers = await callApi<Array<{ email: string; result: string }>>('GET', `/api/campaign/answers/${campaignId}`);
    const mine = answers.data.find((a) => a.email === email);
    expect(JSON.parse(mine!.result)).toEqual({ homeType: 'villa', amenities: ['gym', 'pool'], notes: 'Near a school, please' });
    expect(pageProblems(page)).toEqual([]);
  });

  it('keeps the answers when sending fails and sends them on retry', async () => {
    const page = await browser.newPage(PHONE);
    const email = `retry-${RUN}@example.com`;
    const sending = await failCalls(page, '**/api/campaign/response/**', { message: 'Down for a moment.' });

    await startSurvey(page, email);
    await expectNoA11yProblems(page, '/startsurvey at 390');
    await answerAllPages(page, 'Retry me');
    await page.getByRole('button', { name: 'Complete' }).click();

    await page.getByText(CAMPAIGN_MESSAGES.submitFailed, { exact: false }).waitFor();
    expect(page.url()).toMatch(/\/startsurvey$/);
    expect(await page.getByRole('textbox', { name: 'Anything else?' }).inputValue()).toBe('Retry me');

    sending.recover();
    await page.getByRole('button', { name: 'Complete' }).click();
    await page.waitForURL(/\/result$/);
    expect(sending.count()).toBe(2);
    await page.getByRole('cell', { name: 'Retry me' }).waitFor();
    await expectNoA11yProblems(page, '/result at 390');

    const answers = await callApi<Array<{ email: string; result: string }>>('GET', `/api/campaign/answers/${campaignId}`);
    expect(answers.data.filter((a) => a.email === email)).toHaveLength(1);
  });

  it('sends a visitor without navigation state from /startsurvey and /result back to the landing page', async () => {
    const page = await browser.newPage(PHONE);
    for (const path of ['/startsurvey', '/result']) {
      await page.goto(path);
      await page.waitForURL(`${baseURL()}/`);
      await page.getByRole('button', { name: 'Choose Your Lifestyle' }).waitFor();
    }
    await expectNoA11yProblems(page, '/ at 390');
    expect(pageProblems(page)).toEqual([]);
  });

  it('keeps the e-mail as a newsletter sign-up when no campaign is active', async () => {
    await setCampaignActive(callApi, campaignId, false);
    try {
      const page = await browser.newPage(PHONE);
      const email = `newsletter-${RUN}@example.com`;
      await page.goto('/');
      await page.getByPlaceholder('Enter email to begin survey').fill(email);
      // The newsletter is a separate, unticked box (decision 0018).
      await page.getByRole('checkbox', { name: 'Send me the newsletter' }).check();
      await page.getByRole('button', { name: 'Choose Your Lifestyle' }).click();
      await page.getByText(CAMPAIGN_MESSAGES.newsletterSaved).waitFor();
      expect(page.url()).toBe(`${baseURL()}/`);
      const list = await callApi<{ items: Array<{ email: string; campaignId: string | null }> }>('GET', `/api/email/all?q=${encodeURIComponent(email)}`);
      expect(list.data.items).toEqual([expect.objectContaining({ email, campaignId: null })]);
    } finally {
      await setCampaignActive(callApi, campaignId);
    }
  });
});

describe('staff campaign dashboard', () => {
  const name = `E2E staff ${RUN}`;
  let campaignId = '';
  const visitor = `staff-view-${RUN}@example.com`;

  beforeAll(async () => {
    campaignId = await createCampaign(callApi, name, SURVEY);
  });

  function card(page: Page) {
    return page.locator('.campaign-card').filter({ has: page.getByText(name, { exact: true }) });
  }

  it('activates a campaign with its switch, and switching it off makes no call', async () => {
    const page = await browser.newPage(DESKTOP);
    await loginAsStaff(page);
    await page.goto('/dashboard');
    await card(page).waitFor();
    await expectNoStaffA11yProblems(page, '/dashboard at 1280');

    const toggle = card(page).getByRole('switch');
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await page.getByText('Activated successfully!').waitFor();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await card(page).getByText('Active', { exact: true }).waitFor();

    const active = await callApi<Array<{ _id: string }>>('GET', '/api/campagin/active');
    expect(active.data.map((c) => c._id)).toEqual([campaignId]);

    const calls: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/campaign/activate/')) calls.push(req.url());
    });
    await toggle.click();
    await page.getByText('Already activated!').waitFor();
    expect(calls).toEqual([]);
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    expect(pageProblems(page)).toEqual([]);
  });

  it('shows a response on the results page and downloads it as .xlsx', async () => {
    // A visitor answering through the public API (the browser path is covered by the journey tests).
    await answerAsVisitor(campaignId, visitor, { homeType: 'apartment', amenities: ['pool', 'Garden'], notes: '=cmd' });
    const page = await browser.newPage(DESKTOP);
    await loginAsStaff(page);
    await page.goto('/dashboard');
    await card(page).getByRole('button', { name: 'Results' }).click();
    await page.waitForURL(/\/dashboard\/campaign\/result$/);
    await page.getByRole('heading', { name, level: 1 }).waitFor();

    const responses = page.getByRole('region', { name: 'Responses' });
    const answerRow = responses.getByRole('row').filter({ hasText: visitor }).first();
    await answerRow.waitFor();
    const text = await answerRow.innerText();
    expect(text).toContain('Apartment');
    expect(text).toContain('Pool, Garden');
    await expectNoStaffA11yProblems(page, 'results at 1280');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Download/ }).click()]);
    await page.getByText(CAMPAIGN_MESSAGES.downloaded).waitFor();
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${name}-\\d{8}-\\d{6}\\.xlsx$`));
    const path = await download.path();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    const sheet = workbook.getWorksheet('Responses')!;
    // The channel and UTM columns come last (README "Channels"): the answers keep their places.
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Email',
      'Date',
      'What kind of home?',
      'Must-have amenities',
      'Anything else?',
      'Channel',
      'UTM source',
      'UTM medium',
      'UTM campaign',
      'UTM content',
      'UTM term',
    ]);
    const row = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(row[0]).toBe(visitor);
    // Exactly what was typed, as text (no apostrophe added).
    expect(row.slice(2, 5)).toEqual(['Apartment', 'Pool, Garden', '=cmd']);
    expect(pageProblems(page)).toEqual([]);
  });

  it('refuses to edit a campaign with responses and offers to duplicate it', async () => {
    const page = await browser.newPage(DESKTOP);
    await loginAsStaff(page);
    await page.goto('/dashboard');
    await card(page).getByRole('button', { name: 'Edit' }).click();
    await page.locator('.ant-modal-confirm-title', { hasText: CAMPAIGN_MESSAGES.editLocked }).waitFor();
    await page.getByRole('button', { name: 'Duplicate as new campaign' }).click();
    await page.waitForURL(/\/dashboard\/campaign\/new$/);
  });

  it('shows the results pages (with and without responses) and the captured e-mails, accessibly at both sizes', async () => {
    await createCampaign(callApi, `E2E empty ${RUN}`, SURVEY);
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await browser.newPage(viewport);
      await loginAsStaff(page);
      await page.goto('/dashboard');
      await page.locator('.campaign-card').first().waitFor();
      await expectNoStaffA11yProblems(page, `/dashboard at ${viewport.width}`);

      await card(page).getByRole('button', { name: 'Results' }).click();
      // A table row at 1280 px, a card at 390 px.
      await page.getByRole('region', { name: 'Responses' }).getByText(visitor, { exact: true }).locator('visible=true').first().waitFor();
      await expectNoStaffA11yProblems(page, `results at ${viewport.width}`);

      await page.goto('/dashboard');
      await page
        .locator('.campaign-card')
        .filter({ has: page.getByText(`E2E empty ${RUN}`, { exact: true }) })
        .getByRole('button', { name: 'Results' })
        .click();
      await page.getByText(CAMPAIGN_MESSAGES.noResponses).waitFor();
      await expectNoStaffA11yProblems(page, `empty results at ${viewport.width}`);

      await page.goto('/dashboard/emailview');
      await page.getByRole('searchbox').fill(visitor);
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('row').filter({ hasText: visitor }).waitFor();
      await expect.poll(() => page.getByRole('row').count()).toBe(2);
      await expectNoStaffA11yProblems(page, `emailview at ${viewport.width}`);
      expect(pageProblems(page)).toEqual([]);
    }
  });

  it('says why inside the dashboard when the campaigns cannot be loaded, and loads them on "Try again"', async () => {
    const page = await browser.newPage(DESKTOP);
    await loginAsStaff(page);
    const campaigns = await failCalls(page, '**/api/campagin/all', { message: 'down' });
    await page.goto('/dashboard');
    const alert = page.getByRole('alert').filter({ hasText: 'down' });
    await alert.waitFor();
    // The dashboard around the page stays: its menu leads elsewhere.
    expect(await page.getByRole('navigation', { name: 'Dashboard' }).isVisible()).toBe(true);
    campaigns.recover();
    await alert.getByRole('button', { name: 'Try again' }).click();
    await card(page).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'down' }).count()).toBe(0);
  });

  it('keeps the captured e-mails search in the URL, and offers Try again when the list cannot be loaded', async () => {
    const page = await browser.newPage(DESKTOP);
    await loginAsStaff(page);
    const emails = await failCalls(page, '**/api/email/all**');
    await page.goto('/dashboard/emailview');
    const alert = page.getByRole('alert').filter({ hasText: CAMPAIGN_MESSAGES.loadFailed });
    await alert.waitFor();
    emails.recover();
    await alert.getByRole('button', { name: 'Try again' }).click();
    await alert.waitFor({ state: 'detached' });

    // A search is a link: it survives a reload.
    await page.getByRole('searchbox').fill(visitor);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === visitor);
    await page.getByRole('row').filter({ hasText: visitor }).waitFor();
    await page.reload();
    await page.getByRole('row').filter({ hasText: visitor }).waitFor();
    expect(await page.getByRole('searchbox').inputValue()).toBe(visitor);
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
  });

  it('sends staff without navigation state from the results page to the dashboard', async () => {
    const page = await browser.newPage(PHONE);
    await loginAsStaff(page);
    await page.goto('/dashboard/campaign/result');
    await page.waitForURL(`${baseURL()}/dashboard`);
  });
});

describe('a survey in German with a comment box', () => {
  const name = `E2E Deutsch ${RUN}`;
  const GERMAN = {
    locale: 'de',
    pages: [
      {
        name: 'art',
        elements: [
          {
            type: 'radiogroup',
            name: 'homeType',
            title: { default: 'What kind of home?', de: 'Welche Art von Zuhause?' },
            isRequired: true,
            choices: [
              { value: 'flat', text: { default: 'Apartment', de: 'Wohnung' } },
              { value: 'villa', text: 'Villa' },
            ],
            showCommentArea: true,
          },
        ],
      },
    ],
  };

  it('shows /result and the staff results in the language the visitor saw, the comment under a readable title', async () => {
    await createActiveCampaign(callApi, name, GERMAN);

    const page = await browser.newPage(DESKTOP);
    await beginSurvey(page, `deutsch-${RUN}@example.com`);
    await page.getByText('Welche Art von Zuhause?').waitFor();
    await page.getByText('Wohnung', { exact: true }).click();
    await page.locator('textarea').fill('Mit Balkon');
    await page.locator('.sd-navigation__complete-btn').click();

    await page.waitForURL(/\/result$/);
    const rows = page.getByRole('row');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.nth(1).innerText()).toMatch(/1\s+Welche Art von Zuhause\?\s+Wohnung/);
    expect(await rows.nth(2).innerText()).toMatch(/2\s+Welche Art von Zuhause\? — comment\s+Mit Balkon/);

    const staff = await browser.newPage(DESKTOP);
    await loginAsStaff(staff);
    await staff.goto('/dashboard');
    await staff
      .locator('.campaign-card')
      .filter({ has: staff.getByText(name, { exact: true }) })
      .getByRole('button', { name: 'Results' })
      .click();
    await staff.waitForURL(/\/dashboard\/campaign\/result$/);
    const responses = staff.getByRole('region', { name: 'Responses' });
    await responses.getByRole('columnheader', { name: 'Welche Art von Zuhause? — comment' }).waitFor();
    const answerRow = responses
      .getByRole('row')
      .filter({ hasText: `deutsch-${RUN}@example.com` })
      .first();
    await answerRow.waitFor();
    expect(await answerRow.innerText()).toMatch(/Wohnung\s+Mit Balkon/);
    expect(pageProblems(page)).toEqual([]);
    expect(pageProblems(staff)).toEqual([]);
  });
});
