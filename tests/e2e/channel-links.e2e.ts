import { beforeAll, describe, expect, it } from 'vitest';
import type { Channel } from '#shared/channels/channels.contract';
import type { LeadDetail } from '#shared/leads/leads.contract';
import { createCampaign, staffApi, type Api } from './api';
import { pageProblems, PHONE, unique, useBrowser } from './browser';
import { HOME_TYPE_QUESTION } from './questions';

// A channel's short link (README "Channels"): its campaign's own landing page, in English and Hindi,
// the visitor's way through the survey to /result, and where they came from on their lead.
const browser = useBrowser();

let staff: Api;
let campaignName = '';
let campaignId = '';
async function newChannel(body: Record<string, unknown>): Promise<Channel> {
  const res = await staff<{ channel: Channel }>('POST', '/api/channels', { name: unique('Channel '), kind: 'qr', campaignId, ...body });
  expect(res.status, JSON.stringify(res.data)).toBe(201);
  return res.data.channel;
}

beforeAll(async () => {
  staff = await staffApi();
  campaignName = unique('Brochure survey ');
  // Not the active campaign: a channel's visitors answer its own.
  campaignId = await createCampaign(staff, campaignName, { title: 'Your new home', pages: [{ name: 'kind', elements: [HOME_TYPE_QUESTION] }] });
});

describe('short links', () => {
  it('at 390 px: the campaign’s page, the e-mail, the survey and /result; the lead keeps the channel and the link’s UTM values', async () => {
    const channel = await newChannel({ utmSource: 'brochure', utmMedium: 'print' });
    const page = await browser.newPage(PHONE);
    const res = await page.goto(`/s/${channel.code}?utm_source=x&utm_campaign=diwali`);
    expect(res?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(campaignName);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const email = `${unique('short')}@example.com`;
    await page.getByPlaceholder('Enter email to begin survey').fill(email);
    await page.getByRole('button', { name: 'Choose Your Lifestyle' }).click();
    await page.getByText('What kind of home?').waitFor();
    await page.getByText('Villa', { exact: true }).click();
    await page.getByRole('button', { name: 'Complete' }).click();
    await page.waitForURL(/\/result$/);
    expect(pageProblems(page)).toEqual([]);

    const list = await staff<{ items: Array<{ _id: string }> }>('GET', `/api/leads?q=${encodeURIComponent(email)}`);
    const lead = await staff<LeadDetail>('GET', `/api/leads/${list.data.items[0]!._id}`);
    expect(lead.data.firstTouch).toMatchObject({ channelId: channel.id, channelName: channel.name, utm: { source: 'x', medium: 'print', campaign: 'diwali' } });
    expect(lead.data.activities.some((a) => a.type === 'response' && a.campaignId === campaignId)).toBe(true);
    const read = await staff<Channel>('GET', `/api/channels/${channel.id}`);
    expect(read.data.completed).toBe(1);
  });

  it('/hi/s/<code> is the page in Hindi; a paused link says it is closed, with the studio’s contact details; an unknown code is the 404 page', async () => {
    const channel = await newChannel({});
    const page = await browser.newPage(PHONE);
    expect((await page.goto(`/hi/s/${channel.code}`))?.status()).toBe(200);
    expect(await page.locator('html').getAttribute('lang')).toBe('hi');
    await page.getByPlaceholder('सर्वे शुरू करने के लिए ई-मेल लिखें').waitFor();
    await page.locator('button[type=submit]:not([disabled])', { hasText: 'अपनी जीवनशैली चुनें' }).waitFor();

    const paused = await newChannel({ paused: true });
    expect((await page.goto(`/hi/s/${paused.code}`))?.status()).toBe(200);
    await page.getByText('यह सर्वे बंद है।').waitFor();
    await page.getByRole('link', { name: /@/ }).first().waitFor();
    expect(await page.getByPlaceholder('सर्वे शुरू करने के लिए ई-मेल लिखें').isVisible()).toBe(false);
    expect((await page.goto(`/s/${paused.code}`))?.status()).toBe(200);
    await page.getByText('This survey is closed.').waitFor();

    const missing = await page.goto('/s/zzzzzzz');
    expect(missing?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    expect(pageProblems(page)).toEqual([]);
  });
});
