import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { baseURL, createCampaign, staffApi, visitorApi } from './api';
import { DESKTOP, loginAsStaff, pageProblems, PHONE, seriousA11yViolations, unique, useBrowser, waitForApp } from './browser';
import { HOME_TYPE_QUESTION } from './questions';

/*
 * The funnel page (/dashboard/funnel, decision 0035) as staff use it: a campaign with two channels,
 * visitors who loaded the short links and gave their e-mails; the chart and the table per channel,
 * the channel filter, and the .xlsx through the button.
 */

const browser = useBrowser();
const SLOW = { timeout: 15_000 };

describe('the funnel page', () => {
  it('shows the chart and the table per channel, filters by channel and downloads the .xlsx (1280 px)', async () => {
    const staff = await staffApi();
    const campaign = `Funnel survey ${unique('f')}`;
    const campaignId = await createCampaign(staff, campaign, { pages: [{ name: 'p1', elements: [HOME_TYPE_QUESTION] }] });
    const channels: Array<{ id: string; code: string; name: string }> = [];
    for (const name of [`Hoarding ${unique('h')}`, `Instagram ${unique('i')}`]) {
      const res = await staff<{ channel: { id: string; code: string } }>('POST', '/api/channels', { name, kind: 'link', campaignId });
      expect(res.status).toBe(201);
      channels.push({ ...res.data.channel, name });
    }
    // Three visitors through the first channel, one through the second: each loads the link, then gives an e-mail.
    for (const [i, c] of [channels[0]!, channels[0]!, channels[0]!, channels[1]!].entries()) {
      expect((await fetch(`${baseURL()}/s/${c.code}`)).status).toBe(200);
      const added = await visitorApi('POST', '/api/email/add', { email: `${unique('funnel')}.${i}@example.com`, campaignid: campaignId, channel: c.code });
      expect(added.status).toBe(201);
    }

    const page = await browser.newPage(DESKTOP);
    await loginAsStaff(page);
    await page.goto('/dashboard/funnel');
    await page.getByRole('heading', { name: 'Funnel', level: 1 }).waitFor(SLOW);
    expect(await page.locator('.ant-menu-item-selected').textContent()).toBe('Funnel');

    await page.getByRole('combobox', { name: 'Campaign', exact: true }).click();
    await page.keyboard.type(campaign.slice(-10));
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${campaign}"]`).waitFor();
    await page.keyboard.press('Enter');

    const first = page.getByRole('row', { name: new RegExp(channels[0]!.name) });
    await first.waitFor(SLOW);
    // The chart is drawn (the bars), the table holds each channel, no channel, and the total.
    await page.locator('.funnel-chart .recharts-bar-rectangle').first().waitFor(SLOW);
    // Each step's cell: its count (the share of the step before is below it).
    const cells = (row: typeof first) =>
      row.locator('td').evaluateAll((tds) => tds.map((td) => (td.querySelector('.funnel-cell > span') ?? td).textContent?.trim() ?? ''));
    expect((await cells(first)).slice(0, 3)).toEqual([channels[0]!.name, '1', '3']);
    expect((await cells(page.getByRole('row', { name: new RegExp(channels[1]!.name) }))).slice(0, 3)).toEqual([channels[1]!.name, '1', '1']);
    await page.getByRole('row', { name: /No channel/ }).waitFor();
    expect((await cells(page.getByRole('row', { name: /^Total/ }))).slice(0, 3)).toEqual(['Total', '2', '4']);

    // Filtered by the second channel: its row and the total only.
    await page.getByRole('combobox', { name: 'Channel', exact: true }).click();
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${channels[1]!.name}"]`).click();
    await first.waitFor({ state: 'detached', ...SLOW });
    await expect.poll(async () => (await cells(page.getByRole('row', { name: /^Total/ }))).slice(0, 3), SLOW).toEqual(['Total', '1', '1']);
    expect(await page.getByRole('row', { name: /No channel/ }).count()).toBe(0);

    // The .xlsx through the button: the same rows.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download .xlsx' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^funnel-.*\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows = [2, 3].map((n) => (sheet.getRow(n).values as unknown[]).slice(1, 4));
    expect(rows).toEqual([
      [channels[1]!.name, 1, 1],
      ['Total', 1, 1],
    ]);

    // The drop-off of the chosen campaign's survey, below the funnel.
    await page.getByRole('heading', { name: 'Where visitors stop', level: 2 }).waitFor();
    await page.getByRole('cell', { name: 'What kind of home?' }).waitFor(SLOW);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });

  it('shows a portal’s API leads as a row of their source (decision 0057)', async () => {
    const staff = await staffApi();
    const source = `Portal ${unique('p')}`;
    const key = await staff<{ key: string }>('POST', '/api/settings/api-keys', { name: source });
    expect(key.status).toBe(201);
    for (const [i, extra] of [{ email: `${unique('portal')}@example.com` }, { phone: '98450 7' + String(Date.now()).slice(-4) }].entries()) {
      const res = await fetch(`${baseURL()}/api/inbound/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key.data.key}` },
        body: JSON.stringify({ source, externalId: `${unique('x')}-${i}`, name: `Portal buyer ${i}`, ...extra }),
      });
      expect(res.status).toBe(201);
    }
    const page = await browser.newPage(DESKTOP);
    await loginAsStaff(page);
    await page.goto('/dashboard/funnel');
    const row = page.getByRole('row', { name: new RegExp(source) });
    await row.waitFor(SLOW);
    const cells = await row.locator('td').evaluateAll((tds) => tds.map((td) => (td.querySelector('.funnel-cell > span') ?? td).textContent?.trim() ?? ''));
    // Link visits 0, e-mails given 1 (the other is known by phone).
    expect(cells.slice(0, 3)).toEqual([source, '0', '1']);
    expect(pageProblems(page)).toEqual([]);
  });

  it('fits a phone: filters and table usable at 390 px without the page scrolling sideways', async () => {
    const page = await browser.newPage(PHONE);
    await loginAsStaff(page);
    await page.goto('/dashboard/funnel');
    await waitForApp(page);
    await page.getByRole('heading', { name: 'Funnel', level: 1 }).waitFor(SLOW);
    await page.getByRole('button', { name: 'Download .xlsx' }).waitFor(SLOW);
    await page.locator('.funnel-page .ant-table').first().waitFor(SLOW);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });
});
