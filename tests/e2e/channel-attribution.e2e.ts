import { beforeAll, describe, expect, it } from 'vitest';
import type { Channel } from '#shared/channels/channels.contract';
import type { AnswerRow } from '#shared/results/results.contract';
import { createCampaign, staffApi, type Api } from './api';
import { DESKTOP, loginAsStaff, pageProblems, PHONE, unique, useBrowser } from './browser';
import { HOME_TYPE_QUESTION } from './questions';

// Attribution (README "Channels", decision 0033): a visitor arrives by a short link with
// utm_source and ?ref=…, completes the survey (the hidden question "filled from the link" takes ref);
// staff see the channel and UTM value in the inbox's Channel column, filter the inbox by channel, and
// read the hidden value and the channel in the answers table.
const browser = useBrowser();

let staff: Api;
let campaignId = '';

beforeAll(async () => {
  staff = await staffApi();
  campaignId = await createCampaign(staff, unique('Attribution survey '), {
    title: 'Your new home',
    pages: [{ name: 'kind', elements: [HOME_TYPE_QUESTION, { type: 'text', name: 'ref', title: 'Referral code', visible: false, fromLink: true }] }],
  });
});

describe('attribution for staff', () => {
  it('a short-link visitor with utm_source and ?ref= is shown with the channel and UTM in the inbox (column and filter) and the hidden value in the answers', async () => {
    const name = unique('Bus stop poster ');
    const made = await staff<{ channel: Channel }>('POST', '/api/channels', { name, kind: 'qr', campaignId });
    expect(made.status).toBe(201);
    const channel = made.data.channel;

    const visitor = await browser.newPage(PHONE);
    expect((await visitor.goto(`/s/${channel.code}?utm_source=x&ref=abc`))?.status()).toBe(200);
    const email = `${unique('attr')}@example.com`;
    await visitor.getByPlaceholder('Enter email to begin survey').fill(email);
    await visitor.getByRole('button', { name: 'Choose Your Lifestyle' }).click();
    await visitor.getByText('What kind of home?').waitFor();
    // The hidden question is not shown.
    expect(await visitor.getByText('Referral code').count()).toBe(0);
    await visitor.getByText('Villa', { exact: true }).click();
    await visitor.getByRole('button', { name: 'Complete' }).click();
    await visitor.waitForURL(/\/result$/);
    expect(pageProblems(visitor)).toEqual([]);

    const rows = await staff<AnswerRow[]>('GET', `/api/campaign/answers/${campaignId}`);
    const row = rows.data.find((r) => r.email === email)!;
    expect(JSON.parse(row.result)).toMatchObject({ ref: 'abc' });

    const page = await browser.newPage(DESKTOP);
    await loginAsStaff(page);
    await page.goto(`/dashboard/leads?q=${encodeURIComponent(email)}`);
    const leadRow = page.locator('tr', { hasText: email });
    await expect.poll(() => leadRow.innerText()).toContain(name);
    expect(await leadRow.innerText()).toContain('source x');

    // The Channel filter keeps this lead; another channel's filter does not.
    await page.goto('/dashboard/leads');
    await page.getByRole('combobox', { name: 'Channel' }).click();
    // Many channels (the server holds every other file's): a person types the name, then picks it. Clicked
    // untyped, the option can lie outside the list's rendered window, or the window can move under the click.
    await page.keyboard.type(name);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name }).click();
    await page.waitForURL(new RegExp(`channelId=${channel.id}`));
    await expect.poll(() => page.locator('.leads-page').innerText()).toContain(email);

    // The answers table: the hidden value and the channel.
    await page.goto(`/dashboard/campaign/result?id=${campaignId}`);
    // (The e-mail records' table below lists the address too: the answers' row is the one with the value.)
    const answer = page.locator('tr', { hasText: email }).filter({ hasText: 'abc' });
    await expect.poll(() => answer.innerText()).toContain(name);
    expect(pageProblems(page)).toEqual([]);
  });
});
