import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerAsVisitor, createActiveCampaign, staffApi, visitorApi } from './api';
import { DESKTOP, failCalls, loginAsStaff, pageProblems, PHONE, seriousA11yViolations, useBrowser } from './browser';

const browser = useBrowser();
const RUN = Date.now().toString(36);
const SLOW = { timeout: 15_000 };

const SURVEY = {
  pages: [
    {
      name: 'p1',
      elements: [
        {
          type: 'radiogroup',
          name: 'kind',
          title: 'Kind of home',
          choices: [
            { value: 'villa', text: 'Villa' },
            { value: 'flat', text: 'Flat' },
          ],
        },
        { type: 'rating', name: 'stars', title: 'How sure are you?' },
      ],
    },
  ],
};

let campaignId = '';

beforeAll(async () => {
  campaignId = await createActiveCampaign(await staffApi(), `Summary E2E ${RUN}`, SURVEY);
  // Two villas and one flat, through the visitor's own calls.
  for (const [i, kind, stars] of [
    [1, 'villa', 5],
    [2, 'villa', 4],
    [3, 'flat', 2],
  ] as const) {
    await answerAsVisitor(campaignId, `summary-${RUN}-${i}@example.com`, { kind, stars });
  }
  // And one villa left unfinished (answers kept as the visitor went): not in the default view.
  const email = `summary-${RUN}-open@example.com`;
  const added = await visitorApi<{ emailID: string }>('POST', '/api/email/add', { email, campaignid: campaignId });
  expect(added.status).toBe(201);
  const saved = await visitorApi('POST', `/api/campaign/progress/${campaignId}`, {
    response: { email, emailId: added.data.emailID, answer: { kind: 'villa', stars: 1 }, page: 0 },
  });
  expect(saved.status).toBe(200);
});

/** The "Kind of home" card's figures table, row by row. */
async function kindFigures(page: Page): Promise<string[]> {
  const card = page.locator('[data-question="kind"]');
  return card.locator('.summary-figures tbody tr').allInnerTexts();
}

async function openResults(viewport: { width: number; height: number }): Promise<Page> {
  const page = await browser.newPage(viewport);
  await loginAsStaff(page);
  await page.goto(`/dashboard/campaign/result?id=${encodeURIComponent(campaignId)}`);
  await page.getByRole('heading', { name: 'Summary', exact: true }).waitFor(SLOW);
  await page.locator('[data-question="kind"] .summary-chart svg').waitFor(SLOW);
  return page;
}

describe('results summary', () => {
  it('staff see a chart per question, filter on an answer and the figures change; the filtered view is a link', async () => {
    const page = await openResults(DESKTOP);
    // A bar per choice in the chart, and the same figures in its table.
    await expect.poll(() => page.locator('[data-question="kind"] .recharts-bar-rectangle').count(), SLOW).toBe(2);
    await page.locator('[data-question="kind"] .summary-figures summary').click();
    expect((await kindFigures(page)).map((r) => r.replace(/\s+/g, ' ').trim())).toEqual(['Villa 2 67%', 'Flat 1 33%']);
    expect(await page.locator('[data-question="stars"]').innerText()).toMatch(/Average:\s*3\.67/);

    // Filter: the answer to "Kind of home" is Flat.
    await page.getByRole('combobox', { name: 'Question to filter on' }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Kind of home' }).click();
    await page.getByRole('combobox', { name: 'Answer it must hold' }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Flat' }).click();
    await page.waitForURL(/[?&]q=kind&a=flat/);
    await expect.poll(async () => (await kindFigures(page)).map((r) => r.replace(/\s+/g, ' ').trim()), SLOW).toEqual(['Villa 0 0%', 'Flat 1 100%']);
    expect(await page.locator('[data-question="stars"]').innerText()).toMatch(/Average:\s*2/);
    // The answers table follows: only the flat's visitor.
    await expect.poll(() => page.locator('.results-answers-table tbody tr.ant-table-row').count(), SLOW).toBe(1);

    // The link opens the same view.
    const again = await browser.newPage(DESKTOP);
    await loginAsStaff(again);
    await again.goto(page.url());
    await again.locator('[data-question="kind"] .summary-figures summary').click(SLOW);
    expect((await kindFigures(again)).map((r) => r.replace(/\s+/g, ' ').trim())).toEqual(['Villa 0 0%', 'Flat 1 100%']);

    expect(await seriousA11yViolations(page, { exclude: ['.dashboard-sider'] })).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
    expect(pageProblems(again)).toEqual([]);
  });

  it('loads the campaign and its e-mails once, while filters load the view again; a failed load offers Try again', async () => {
    const page = await browser.newPage(DESKTOP);
    await loginAsStaff(page);
    const emails = await failCalls(page, `**/api/email/get/${campaignId}`);
    await page.goto(`/dashboard/campaign/result?id=${encodeURIComponent(campaignId)}`);
    const alert = page.getByRole('alert').filter({ hasText: 'Try again' });
    await alert.waitFor(SLOW);
    emails.recover();
    await alert.getByRole('button', { name: 'Try again' }).click();
    await alert.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: `Summary E2E ${RUN}`, level: 1 }).waitFor(SLOW);
    await expect.poll(() => page.locator('.results-answers-table tbody tr.ant-table-row').count(), SLOW).toBe(3);
    expect(emails.count()).toBe(2);

    // Another status: the summary and the answers load again, the campaign and its e-mails do not.
    await page.locator('.ant-segmented-item').filter({ hasText: /^All$/ }).click();
    await page.waitForURL(/[?&]status=all/);
    await expect.poll(() => page.locator('.results-answers-table th').allInnerTexts(), SLOW).toContain('Status');
    expect(emails.count()).toBe(2);
  });

  it('shows completed responses by default, with unfinished ones a filter away', async () => {
    const page = await openResults(DESKTOP);
    await expect.poll(() => page.locator('.ant-segmented-item-selected').innerText()).toBe('Completed');
    await page.locator('[data-question="kind"] .summary-figures summary').click();
    expect((await kindFigures(page)).map((r) => r.replace(/\s+/g, ' ').trim())).toEqual(['Villa 2 67%', 'Flat 1 33%']);
    await expect.poll(() => page.locator('.results-answers-table tbody tr.ant-table-row').count(), SLOW).toBe(3);

    await page.locator('.ant-segmented-item').filter({ hasText: /^All$/ }).click();
    await page.waitForURL(/[?&]status=all/);
    await expect.poll(async () => (await kindFigures(page)).map((r) => r.replace(/\s+/g, ' ').trim()), SLOW).toEqual(['Villa 3 75%', 'Flat 1 25%']);
    await expect.poll(() => page.locator('.results-answers-table tbody tr.ant-table-row').count(), SLOW).toBe(4);
    expect(pageProblems(page)).toEqual([]);
  });

  it('names the kept unfinished answers so they do not read against the e-mail records’ "Not completed"', async () => {
    const page = await openResults(DESKTOP);
    const stats = page.locator('.summary .results-stats');
    await expect.poll(() => stats.innerText(), SLOW).toMatch(/Started, not finished\s*1/);
    expect(await stats.innerText()).not.toMatch(/Unfinished/);
    expect(
      await page
        .getByText(
          'Started, not finished: answered some questions, then stopped. The e-mail records below mark as “Not completed” also those who gave an e-mail and never began.',
        )
        .count(),
    ).toBe(1);
    expect(pageProblems(page)).toEqual([]);
  });

  it('reads on a 390 px phone: nothing wider than the screen, no serious axe violations', async () => {
    const page = await openResults(PHONE);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page, { exclude: ['.dashboard-sider'] })).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });
});
