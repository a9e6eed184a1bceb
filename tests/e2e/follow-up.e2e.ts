import { beforeAll, describe, expect, it } from 'vitest';
import { staffApi, visitorApi, type Api } from './api';
import { loginAsStaff, pageProblems, PHONE, seriousA11yViolations, useBrowser } from './browser';

const browser = useBrowser();
const RUN = Date.now().toString(36);

let callApi: Api;
beforeAll(async () => {
  callApi = await staffApi();
});

// Decision 0023: on a phone, staff set a lead's next action and find it in the inbox, sorted by it.
describe('follow-up on the lead page', () => {
  const email = `follow-${RUN}@example.com`;

  it('a next action is set on the lead page and shows in the inbox, with the Speed to lead card', async () => {
    const sent = await visitorApi('POST', '/api/contactus/add', {
      response: { firstname: 'Ravi', lastname: RUN, email, requestquotation: 'Homes', message: 'Please call.' },
    });
    expect(sent.status).toBe(201);
    const found = await callApi<{ items: Array<{ _id: string }> }>('GET', `/api/leads?q=${encodeURIComponent(email)}`);
    const id = found.data.items[0]!._id;

    // A phone whose clock is in New York: the page still speaks the studio's time (Asia/Kolkata).
    const page = await browser.newPage(PHONE, { timezoneId: 'America/New_York' });
    await loginAsStaff(page);
    await page.goto(`/dashboard/leads/${id}`);
    await page.getByRole('textbox', { name: 'Next action' }).fill('Call back about the villa');
    await page.getByLabel('When (Asia/Kolkata time)').fill('2030-01-15T11:00');
    // The fields and the button are spaced apart, not flush (a 390 px screenshot showed them touching).
    const field = (await page.getByLabel('When (Asia/Kolkata time)').boundingBox())!;
    const save = (await page.getByRole('button', { name: 'Save next action' }).boundingBox())!;
    expect(save.y - (field.y + field.height)).toBeGreaterThanOrEqual(6);
    await page.getByRole('button', { name: 'Save next action' }).click();
    await page.getByText('Next action saved.').waitFor();
    await page.getByText(/Call back about the villa —/).waitFor();
    // 11:00 in Kolkata is 05:30 UTC; shown as typed, not in New York's 00:30.
    await expect
      .poll(async () => (await callApi<{ nextAction: { dueAt: string } | null }>('GET', `/api/leads/${id}`)).data.nextAction?.dueAt)
      .toBe('2030-01-15T05:30:00.000Z');
    expect(await page.locator('.lead-next-action time').textContent()).toBe('15 Jan 2030, 11:00 am');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto(`/dashboard/leads?sort=next-action&q=${encodeURIComponent(email)}`);
    await page.getByText(/Next: Call back about the villa/).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(pageProblems(page)).toEqual([]);
  });
});
