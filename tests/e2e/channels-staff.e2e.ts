import { readFile } from 'node:fs/promises';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createCampaign, staffApi } from './api';
import { DESKTOP, loginAsStaff, pageProblems, PHONE, seriousA11yViolations, unique, useBrowser, waitForApp } from './browser';
import { HOME_TYPE_QUESTION } from './questions';

/*
 * The staff channels page (/dashboard/channels) the way a studio owner uses it: a channel made by
 * typing into the form, its short link in the table, its QR code downloaded and read by an
 * independent decoder (what a phone camera does), the A6 card printed, the channel paused.
 */

const browser = useBrowser();
const SLOW = { timeout: 15_000 };

describe('the channels page', () => {
  it('makes a channel from the form, shows its link, gives a QR code a camera reads, prints the card and pauses it (1280 px)', async () => {
    const staff = await staffApi();
    const campaign = `Hoarding survey ${unique('c')}`;
    await createCampaign(staff, campaign, { pages: [{ name: 'p1', elements: [HOME_TYPE_QUESTION] }] });
    const name = `Outer Ring Road hoarding ${unique('h')}`;

    const page = await browser.newPage(DESKTOP);
    await loginAsStaff(page);
    await page.goto('/dashboard/channels');
    await page.getByRole('heading', { name: 'Channels', level: 1 }).waitFor(SLOW);
    // The menu shows where the owner is.
    expect(await page.locator('.ant-menu-item-selected').textContent()).toBe('Channels');

    // Nothing chosen: the form says what is missing, next to the field.
    await page.getByRole('button', { name: 'Create channel' }).click();
    await page.getByText('Please choose the campaign this channel belongs to.').waitFor();

    await page.getByLabel('Name', { exact: true }).fill(name);
    // The campaign by typing part of its name (the list filters), the kind from the open list.
    await page.getByRole('combobox', { name: 'Campaign', exact: true }).click();
    await page.keyboard.type(campaign.slice(-10));
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${campaign}"]`).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('combobox', { name: 'Kind', exact: true }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="QR code"]').click();
    await page.getByText('UTM values (optional)').click();
    await page.getByLabel('Source', { exact: true }).fill('hoarding');
    await page.getByLabel('Medium', { exact: true }).fill('offline');
    await page.getByRole('button', { name: 'Create channel' }).click();
    await page.getByText('Channel created.').waitFor(SLOW);

    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.waitFor(SLOW);
    const rowText = (await row.textContent()) ?? '';
    expect(rowText).toContain(campaign);
    expect(rowText).toContain('Open');
    const link = /https?:\/\/\S+\/s\/[23456789a-hjkmnp-z]{7}/.exec(rowText)?.[0];
    expect(link, rowText).toBeDefined();
    const code = link!.slice(-7);

    // The QR dialog: the card with the studio, the campaign and the code as text.
    await row.getByRole('button', { name: `QR code of ${name}` }).click();
    const card = page.getByRole('region', { name: `QR code of ${name}` });
    await card.getByRole('img', { name: `QR code of ${name}` }).waitFor(SLOW);
    expect(await card.textContent()).toContain(`Code: ${code}`);
    expect(await card.textContent()).toContain(campaign);

    // The PNG download is what a camera would read: the short link with the channel's UTM values.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PNG' }).click()]);
    expect(download.suggestedFilename()).toBe(`qr-${code}.png`);
    const { data, info } = await sharp(await readFile((await download.path())!))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(2048);
    const read = jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
    expect(read).toBe(`${link}?utm_source=hoarding&utm_medium=offline`);

    // Printing shows the card alone.
    await page.evaluate(() => {
      window.print = () => undefined;
    });
    await page.getByRole('button', { name: 'Print A6 card' }).click();
    await page.emulateMedia({ media: 'print' });
    expect(await page.evaluate(() => document.documentElement.classList.contains('print-channel-card'))).toBe(true);
    const visible = await page.evaluate(() => {
      const card = document.querySelector('.channel-card');
      const header = document.querySelector('h1');
      return { card: card ? getComputedStyle(card).visibility : null, heading: header ? getComputedStyle(header).visibility : null };
    });
    expect(visible).toEqual({ card: 'visible', heading: 'hidden' });
    await page.emulateMedia({ media: 'screen' });
    // Escape closes the dialog, as a keyboard user expects.
    await page.keyboard.press('Escape');
    await card.waitFor({ state: 'detached' });

    // Paused: the status says so, and resuming opens it again.
    await row.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(async () => (await row.textContent()) ?? '', SLOW).toContain('Paused');
    await row.getByRole('button', { name: 'Resume' }).click();
    await expect.poll(async () => (await row.textContent()) ?? '', SLOW).toContain('Open');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });

  it('fits a phone: the form and the table are usable at 390 px without the page scrolling sideways', async () => {
    const page = await browser.newPage(PHONE);
    await loginAsStaff(page);
    await page.goto('/dashboard/channels');
    await waitForApp(page);
    await page.getByRole('heading', { name: 'Channels', level: 1 }).waitFor(SLOW);
    await page.getByRole('button', { name: 'Create channel' }).waitFor(SLOW);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });

  it('gives an embed channel’s code ready to paste, with the studio’s address and the channel’s code, and copies it from the keyboard (390 px)', async () => {
    const staff = await staffApi();
    const campaignId = await createCampaign(staff, `Partner survey ${unique('c')}`, { pages: [{ name: 'p1', elements: [HOME_TYPE_QUESTION] }] });
    const name = `Builder partner site ${unique('e')}`;
    const made = await staff<{ channel: { url: string; code: string } }>('POST', '/api/channels', {
      name,
      kind: 'embed',
      campaignId,
      allowedOrigins: ['https://partner.example'],
    });
    expect(made.status).toBe(201);
    const linkName = `Plain link ${unique('l')}`;
    expect((await staff('POST', '/api/channels', { name: linkName, kind: 'link', campaignId })).status).toBe(201);
    const expected = `<script src="${new URL(made.data.channel.url).origin}/embed.js" data-abode-channel="${made.data.channel.code}" async></script>`;

    const page = await browser.newPage(PHONE);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await loginAsStaff(page);
    await page.goto('/dashboard/channels');
    await waitForApp(page);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.waitFor(SLOW);
    // Only an embed channel has the button.
    expect(
      await page
        .getByRole('row', { name: new RegExp(linkName) })
        .getByRole('button', { name: /Embed code/ })
        .count(),
    ).toBe(0);
    await row.getByRole('button', { name: `Embed code of ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Embed code: ${name}` });
    await dialog.waitFor(SLOW);
    expect(await dialog.getByLabel('Code to paste').inputValue()).toBe(expected);
    await dialog.getByRole('button', { name: 'Copy code' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Code copied.').waitFor(SLOW);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden', ...SLOW });
    expect(pageProblems(page)).toEqual([]);
  });
});
