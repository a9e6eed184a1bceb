import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseURL, DESKTOP, E2E_STAFF, loginAsStaff, pageProblems, PHONE, seriousA11yViolations, useBrowser } from './browser';

const browser = useBrowser();
const RUN = Date.now().toString(36);
const SLOW = { timeout: 15_000 };

const SURVEY = {
  pages: [
    {
      name: 'p1',
      elements: [
        { type: 'radiogroup', name: 'kind', title: 'Kind of home', choices: [{ value: 'villa', text: 'Villa' }, { value: 'flat', text: 'Flat' }] },
        { type: 'rating', name: 'stars', title: 'How sure are you?' },
      ],
    },
  ],
};

let token = '';
let campaignId = '';

async function callApi<T>(method: 'GET' | 'POST', path: string, body?: object, auth = true): Promise<{ status: number; data: T }> {
  const res = await fetch(`${baseURL()}${path}`, {
    method,
    headers: { ...(auth ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, data: (await res.json()) as T };
}

beforeAll(async () => {
  const login = await fetch(`${baseURL()}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: E2E_STAFF.email, password: E2E_STAFF.password }),
  });
  token = ((await login.json()) as { token: string }).token;
  const added = await callApi<{ _id: string }>('POST', '/api/campaign/add', { name: `Summary E2E ${RUN}`, questions: JSON.stringify(SURVEY) });
  expect(added.status).toBe(201);
  campaignId = added.data._id;
  expect((await callApi('POST', `/api/campaign/activate/${campaignId}`, { isActivated: true })).status).toBe(200);
  // Two villas and one flat, through the visitor's own calls.
  for (const [i, kind, stars] of [[1, 'villa', 5], [2, 'villa', 4], [3, 'flat', 2]] as const) {
    const email = `summary-${RUN}-${i}@example.com`;
    const record = await callApi<{ emailID: string }>('POST', '/api/email/add', { email, campaignid: campaignId }, false);
    expect(record.status).toBe(201);
    const stored = await callApi('POST', `/api/campaign/response/${campaignId}`, { response: { email, emailId: record.data.emailID, answer: { kind, stars } } }, false);
    expect(stored.status).toBe(200);
  }
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

  it('reads on a 390 px phone: nothing wider than the screen, no serious axe violations', async () => {
    const page = await openResults(PHONE);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page, { exclude: ['.dashboard-sider'] })).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });
});
