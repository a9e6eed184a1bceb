// The staff side of the expo tablets (decision 0038), in Chromium, the way an owner uses it: a tablet added
// in the Tablets dialog of a kiosk channel, its pairing QR code read by an independent decoder (what
// the tablet's camera does) and opened on a second browser (the tablet), which takes visitors with no
// network; the owner removes the tablet and the tablet's sync screen says its key is refused; the queue
// downloaded from the tablet's sync screen is uploaded at /dashboard/kiosk/upload through the file
// chooser, and its answers are stored once (uploading the same file again adds nothing).
import Database from 'better-sqlite3';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createCampaign, dataDir, staffApi } from './api';
import { DESKTOP, loginAsStaff, pageProblems, seriousA11yViolations, unique, useBrowser } from './browser';

const browser = useBrowser();
const SLOW = { timeout: 30_000 };
const TABLET = { width: 768, height: 1024 } as const;
const PIN = '1357';
const SURVEY = { pages: [{ name: 'p1', elements: [{ type: 'text', name: 'city', title: 'Your city' }] }] };

function stored(channelId: string): Array<{ id: string; via: string; body: string; lead_id: string | null; response_id: string | null }> {
  const db = new Database(path.join(dataDir(), 'abode.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT id, via, body, lead_id, response_id FROM kiosk_responses WHERE channel_id = ? ORDER BY id').all(channelId) as never;
  } finally {
    db.close();
  }
}

function responsesOf(campaignId: string): number {
  const db = new Database(path.join(dataDir(), 'abode.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM survey_responses WHERE campaign_id = ?').get(campaignId) as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('expo tablets, staff side', () => {
  it(
    'adds a tablet (QR code a camera reads), pairs it, removes it (the tablet is refused), and stores its downloaded queue once from the upload page',
    { timeout: 300_000 },
    async () => {
      const staff = await staffApi();
      const campaignId = await createCampaign(staff, unique('Expo survey '), SURVEY);
      const channelName = unique('Expo hall ');
      const made = await staff<{ channel: { id: string; code: string } }>('POST', '/api/channels', { name: channelName, kind: 'kiosk', campaignId });
      expect(made.status).toBe(201);
      const channel = made.data.channel;

      // The owner adds "Expo tablet 2" in the channel's Tablets dialog.
      const owner = await browser.newPage(DESKTOP);
      await loginAsStaff(owner);
      await owner.goto('/dashboard/channels');
      const row = owner.getByRole('row', { name: new RegExp(channelName) });
      await row.waitFor(SLOW);
      await row.getByRole('button', { name: `Tablets of ${channelName}` }).click();
      const dialog = owner.getByRole('dialog', { name: `Tablets of ${channelName}` });
      await dialog.waitFor(SLOW);
      await dialog.getByLabel('Tablet name', { exact: true }).fill('Expo tablet 2');
      await dialog.getByRole('button', { name: 'Add tablet' }).click();
      await owner.getByText('Tablet added. Scan the QR code with the tablet to pair it.').waitFor(SLOW);
      const qr = dialog.getByRole('img', { name: 'QR code to pair Expo tablet 2' });
      await qr.waitFor(SLOW);
      const pairUrl = ((await dialog.getByTestId('kiosk-pair-url').textContent()) ?? '').trim();
      expect(pairUrl).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/kiosk/${channel.code}#key=kdk_[A-Za-z0-9_-]{43}$`));
      // The QR code, as a camera reads it: the pairing link itself.
      const src = (await qr.getAttribute('src')) ?? '';
      expect(src.startsWith('data:image/svg+xml')).toBe(true);
      const svg = decodeURIComponent(src.slice(src.indexOf(',') + 1));
      const { data, info } = await sharp(Buffer.from(svg), { density: 300 })
        .resize(800, 800)
        .flatten({ background: '#ffffff' })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(pairUrl);
      await expect.poll(() => dialog.getByRole('row', { name: /Expo tablet 2/ }).textContent(), SLOW).toContain('In use');
      expect.soft(await seriousA11yViolations(owner), 'Tablets dialog').toEqual([]);

      // The tablet opens the link: the key leaves the address bar (and the history), the staff PIN is chosen.
      const tablet = await browser.newPage(TABLET);
      await tablet.goto(new URL(pairUrl).pathname + new URL(pairUrl).hash);
      await expect.poll(() => tablet.url(), SLOW).toBe(new URL(pairUrl).origin + new URL(pairUrl).pathname);
      expect(await tablet.evaluate(() => location.hash)).toBe('');
      await tablet.getByLabel('Staff PIN', { exact: true }).fill(PIN);
      await tablet.getByRole('button', { name: 'Save PIN' }).click();
      await tablet.getByLabel('E-mail', { exact: true }).waitFor(SLOW);
      // Only the device key is kept on the tablet, never a staff token.
      expect(await tablet.evaluate(() => Object.keys(localStorage).filter((k) => /token/i.test(k)))).toEqual([]);
      await tablet.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, SLOW);

      // Two visitors with no network.
      await tablet.context().setOffline(true);
      for (const [i, city] of ['Pune', 'Nagpur'].entries()) {
        await tablet.getByLabel('E-mail', { exact: true }).fill(`hall-visitor-${i}@expo.test`);
        await tablet.getByRole('button', { name: 'Begin' }).click();
        await tablet.getByRole('textbox', { name: 'Your city' }).fill(city);
        await tablet.getByRole('button', { name: 'Complete' }).click();
        await tablet.getByRole('button', { name: 'Next visitor' }).click();
        await tablet.getByLabel('E-mail', { exact: true }).waitFor();
      }

      // The owner removes the tablet: its key stops working.
      await dialog.getByRole('button', { name: 'Remove Expo tablet 2' }).click();
      await owner.locator('.ant-popconfirm').getByRole('button', { name: 'Remove' }).click();
      await owner.getByText('Tablet removed. Its key no longer works.').waitFor(SLOW);
      await expect.poll(() => dialog.getByRole('row', { name: /Expo tablet 2/ }).textContent(), SLOW).toContain('Removed');

      // The network is back: the tablet's sync screen says its key is refused, and the answers stay queued.
      await tablet.getByRole('button', { name: 'Staff' }).click();
      await tablet.getByLabel('Staff PIN', { exact: true }).fill(PIN);
      await tablet.getByRole('button', { name: 'Open' }).click();
      const sync = tablet.getByRole('dialog', { name: 'Sync' });
      await sync.waitFor();
      expect(await sync.getByTestId('kiosk-queued').textContent()).toBe('2');
      await tablet.context().setOffline(false);
      await sync.getByRole('button', { name: 'Send now' }).click();
      await sync.getByRole('alert').filter({ hasText: "The server refused this tablet's key: This tablet is not paired, or it was removed." }).waitFor(SLOW);
      expect(await sync.getByTestId('kiosk-queued').textContent()).toBe('2');
      expect(await sync.getByTestId('kiosk-sent').textContent()).toBe('0');
      expect(stored(channel.id)).toEqual([]);

      // "Download the queue": the file staff take to a computer.
      const [download] = await Promise.all([tablet.waitForEvent('download'), sync.getByRole('button', { name: 'Download the queue' }).click()]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`^kiosk-${channel.code}-queue-.+\\.json$`));
      const file = (await download.path())!;
      const queue = JSON.parse(await readFile(file, 'utf8')) as {
        format: string;
        channel: string;
        responses: Array<{ id: string; email: string; answer: unknown }>;
      };
      expect(queue.format).toBe('abode-kiosk-queue');
      expect(queue.channel).toBe(channel.code);
      expect(queue.responses.map((r) => [r.email, r.answer])).toEqual([
        ['hall-visitor-0@expo.test', { city: 'Pune' }],
        ['hall-visitor-1@expo.test', { city: 'Nagpur' }],
      ]);

      // The upload page, through the file chooser: both answers stored once.
      await owner.goto('/dashboard/kiosk/upload');
      await owner.getByRole('heading', { name: 'Upload a tablet queue file', level: 1 }).waitFor(SLOW);
      const upload = async () => {
        const [chooser] = await Promise.all([owner.waitForEvent('filechooser'), owner.getByLabel('Queue file (.json)', { exact: true }).click()]);
        await chooser.setFiles(file);
        await owner.getByRole('button', { name: 'Upload' }).click();
      };
      await upload();
      await owner
        .getByRole('status')
        .filter({ hasText: `2 stored, 0 already there, 0 conflicts, 0 refused (channel ${channel.code}).` })
        .waitFor(SLOW);
      const rows = stored(channel.id);
      expect(rows.map((r) => r.id)).toEqual(queue.responses.map((r) => r.id).sort());
      expect(rows.every((r) => r.via === 'upload' && r.lead_id !== null && r.response_id !== null)).toBe(true);
      expect(responsesOf(campaignId)).toBe(2);
      expect.soft(await seriousA11yViolations(owner), 'upload page').toEqual([]);

      // The same file again: nothing added.
      await owner.reload();
      await owner.getByRole('heading', { name: 'Upload a tablet queue file', level: 1 }).waitFor(SLOW);
      await upload();
      await owner
        .getByRole('status')
        .filter({ hasText: `0 stored, 2 already there, 0 conflicts, 0 refused (channel ${channel.code}).` })
        .waitFor(SLOW);
      expect(stored(channel.id)).toEqual(rows);
      expect(responsesOf(campaignId)).toBe(2);

      expect(pageProblems(owner)).toEqual([]);
      expect(pageProblems(tablet).filter((p) => !/ERR_INTERNET_DISCONNECTED|net::|401/.test(p))).toEqual([]);
    },
  );
});
