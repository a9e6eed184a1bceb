import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
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

  it('chooses a source in the channel filter: its row and the total only, the .xlsx alike; a campaign lists no sources (decision 0057, 1280 and 390 px)', async () => {
    const staff = await staffApi();
    const stem = unique('src');
    const chosen = `Portal ${stem}`;
    const other = `Housing ${stem}`;
    const campaign = `Funnel sources ${unique('c')}`;
    await createCampaign(staff, campaign, { pages: [{ name: 'p1', elements: [HOME_TYPE_QUESTION] }] });
    const key = await staff<{ key: string }>('POST', '/api/settings/api-keys', { name: stem });
    expect(key.status).toBe(201);
    const send = async (source: string, extra: object) => {
      const res = await fetch(`${baseURL()}/api/inbound/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key.data.key}` },
        body: JSON.stringify({ source, externalId: unique('x'), name: `Buyer ${unique('b')}`, ...extra }),
      });
      expect(res.status).toBe(201);
    };
    // The chosen source: two leads with an e-mail (one under another spelling of its name) and one known by phone.
    await send(chosen, { email: `${unique('a')}@example.com` });
    await send(`  ${chosen.toUpperCase()} `, { email: `${unique('b')}@example.com` });
    await send(chosen, { phone: '98451 ' + String(Date.now()).slice(-5) });
    // The other source: one lead.
    await send(other, { email: `${unique('c')}@example.com` });

    const cellsOf = (row: ReturnType<Page['getByRole']>) =>
      row.locator('td').evaluateAll((tds) => tds.map((td) => (td.querySelector('.funnel-cell > span') ?? td).textContent?.trim() ?? ''));
    const chooseSource = async (page: Page) => {
      await page.getByRole('combobox', { name: 'Channel', exact: true }).click();
      await page.keyboard.type(stem);
      // Under the "Sources" heading of the list, by the first spelling the studio received.
      const dropdown = page.locator('.ant-select-dropdown:visible');
      await dropdown.locator('.ant-select-item-group', { hasText: 'Sources' }).waitFor(SLOW);
      await dropdown.locator(`.ant-select-item-option[title="${other}"]`).waitFor();
      await dropdown.locator(`.ant-select-item-option[title="${chosen}"]`).click();
    };

    const page = await browser.newPage(DESKTOP);
    await loginAsStaff(page);
    await page.goto('/dashboard/funnel');
    await page.getByRole('heading', { name: 'Funnel', level: 1 }).waitFor(SLOW);
    await waitForApp(page);
    // Before choosing: both sources' rows and the channels' "No channel" row.
    const chosenRow = page.getByRole('row', { name: new RegExp(chosen) });
    const otherRow = page.getByRole('row', { name: new RegExp(other) });
    await chosenRow.waitFor(SLOW);
    expect((await cellsOf(chosenRow)).slice(0, 3)).toEqual([chosen, '0', '2']);
    expect((await cellsOf(otherRow)).slice(0, 3)).toEqual([other, '0', '1']);
    await page.getByRole('row', { name: /No channel/ }).waitFor();

    await chooseSource(page);
    await otherRow.waitFor({ state: 'detached', ...SLOW });
    await expect.poll(async () => (await cellsOf(page.getByRole('row', { name: /^Total/ }))).slice(0, 3), SLOW).toEqual(['Total', '0', '2']);
    expect((await cellsOf(chosenRow)).slice(0, 3)).toEqual([chosen, '0', '2']);
    expect(await page.getByRole('row', { name: /No channel/ }).count()).toBe(0);
    expect(await page.locator('.funnel-page .ant-table-tbody tr.ant-table-row').count()).toBe(2);
    // The filter shows the source's name as chosen.
    const channelFilter = page.locator('.funnel-filters label').filter({ has: page.locator('#funnel-channel-label') });
    expect(await channelFilter.innerText()).toContain(chosen);

    // The .xlsx through the button: the source's row and the total.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download .xlsx' }).click()]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect([2, 3].map((n) => (sheet.getRow(n).values as unknown[]).slice(1, 4))).toEqual([
      [chosen, 0, 2],
      ['Total', 0, 2],
    ]);
    expect(sheet.actualRowCount).toBe(3);

    // Choosing a campaign clears the choice; its channel filter lists no sources, its table shows no source rows.
    await page.getByRole('combobox', { name: 'Campaign', exact: true }).click();
    await page.keyboard.type(campaign.slice(-10));
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${campaign}"]`).click();
    await chosenRow.waitFor({ state: 'detached', ...SLOW });
    await page.getByRole('row', { name: /No channel/ }).waitFor(SLOW);
    await page.getByRole('combobox', { name: 'Channel', exact: true }).click();
    const list = page.locator('.ant-select-dropdown:visible');
    await list.locator('.ant-select-item-option[title="No channel"]').waitFor(SLOW);
    expect(await list.locator('.ant-select-item-group').count()).toBe(0);
    expect(await list.locator(`.ant-select-item-option[title="${chosen}"]`).count()).toBe(0);
    await page.keyboard.press('Escape');
    // The lists close with an animation; axe reads a closing list's listbox (rc-select gives it no name).
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(pageProblems(page)).toEqual([]);

    // On a phone: the same choice, the page not scrolling sideways.
    const phone = await browser.newPage(PHONE);
    await loginAsStaff(phone);
    await phone.goto('/dashboard/funnel');
    await phone.getByRole('heading', { name: 'Funnel', level: 1 }).waitFor(SLOW);
    await waitForApp(phone);
    await phone.getByRole('row', { name: new RegExp(other) }).waitFor(SLOW);
    await chooseSource(phone);
    await phone.getByRole('row', { name: new RegExp(other) }).waitFor({ state: 'detached', ...SLOW });
    await expect.poll(async () => (await cellsOf(phone.getByRole('row', { name: /^Total/ }))).slice(0, 3), SLOW).toEqual(['Total', '0', '2']);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(pageProblems(phone)).toEqual([]);
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
