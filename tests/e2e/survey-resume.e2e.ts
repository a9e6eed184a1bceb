import { beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES } from '../../src/shared/campaigns/campaigns.contract';
import { baseURL, E2E_STAFF, pageProblems, PHONE, useBrowser } from './browser';

const browser = useBrowser();
const RUN = Date.now().toString(36);

const SURVEY = {
  title: 'Resume me',
  pages: [
    {
      name: 'kind',
      elements: [
        {
          type: 'radiogroup',
          name: 'homeType',
          title: 'What kind of home?',
          isRequired: true,
          choices: [
            { value: 'apartment', text: 'Apartment' },
            { value: 'villa', text: 'Villa' },
          ],
        },
        { type: 'text', name: 'city', title: 'Which city?' },
      ],
    },
    {
      name: 'living',
      elements: [{ type: 'checkbox', name: 'amenities', title: 'Must-have amenities', choices: [{ value: 'gym', text: 'Gym' }, { value: 'pool', text: 'Pool' }] }],
    },
  ],
};

let token = '';

async function callApi<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<{ status: number; data: T }> {
  const res = await fetch(`${baseURL()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, data: (await res.json()) as T };
}

let campaignId = '';

beforeAll(async () => {
  const res = await fetch(`${baseURL()}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: E2E_STAFF.email, password: E2E_STAFF.password }),
  });
  token = ((await res.json()) as { token: string }).token;
  const added = await callApi<{ _id: string }>('POST', '/api/campaign/add', { name: `E2E resume ${RUN}`, questions: JSON.stringify(SURVEY) });
  expect(added.status).toBe(201);
  campaignId = added.data._id;
  expect((await callApi('POST', `/api/campaign/activate/${campaignId}`, { isActivated: true })).status).toBe(200);
});

/** Every sessionStorage key whose value mentions this campaign (the saved survey, if any). */
const savedSurveyKeys = (id: string) =>
  Object.keys(sessionStorage).filter((key) => (sessionStorage.getItem(key) ?? '').includes(id));

describe('survey resume (issue 12 item 14)', () => {
  it('resumes on the same page with the answers after a reload, and forgets them once sent', async () => {
    const page = await browser.newPage(PHONE);
    const email = `resume-${RUN}@example.com`;
    await page.goto('/');
    await page.getByPlaceholder('Enter email to begin survey').fill(email);
    await page.getByRole('button', { name: 'Choose Your Lifestyle' }).click();
    await page.waitForURL(/\/startsurvey$/);
    await page.getByText('What kind of home?').waitFor();

    await page.getByText('Villa', { exact: true }).click();
    await page.getByRole('textbox', { name: 'Which city?' }).fill('Dubai');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Gym', { exact: true }).click();
    await expect.poll(() => page.getByText('Page 2 of 2').filter({ visible: true }).isVisible()).toBe(true);

    await page.reload();
    await page.waitForURL(/\/startsurvey$/);
    await page.getByRole('group', { name: 'Must-have amenities' }).waitFor();
    await expect.poll(() => page.getByText('Page 2 of 2').filter({ visible: true }).isVisible()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Gym' }).isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText('What kind of home?').waitFor();
    expect(await page.getByRole('radio', { name: 'Villa' }).isChecked()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Which city?' }).inputValue()).toBe('Dubai');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Pool', { exact: true }).click();
    await page.getByRole('button', { name: 'Complete' }).click();

    await page.waitForURL(/\/result$/);
    await page.getByText(CAMPAIGN_MESSAGES.thankYou).waitFor();
    expect(await page.evaluate(savedSurveyKeys, campaignId)).toEqual([]);
    // Nor does the browser keep a token to the answers kept on the server (issue 17): they are gone.
    expect(await page.evaluate(() => localStorage.getItem('abode.survey-resume'))).toBeNull();

    const answers = await callApi<Array<{ email: string; result: string }>>('GET', `/api/campaign/answers/${campaignId}`);
    const mine = answers.data.filter((a) => a.email === email);
    expect(mine).toHaveLength(1);
    expect(JSON.parse(mine[0]!.result)).toEqual({ homeType: 'villa', city: 'Dubai', amenities: ['gym', 'pool'] });
    expect(pageProblems(page)).toEqual([]);
  });
});
