// The expo tablet (issue 39), in Chromium: three tablets take KIOSK_PROOF_ANSWERS visitors each with
// no network (the network flapping, a reload in the middle of the queue and one in the middle of a
// sync, a second tab on one of them), then the network comes back and the server holds every answer
// exactly once (no duplicate, none split), each with the tablet's own time, within 60 s. A storage
// failure shows the error and keeps the answers on screen; a campaign edited after the tablet loaded
// it; axe at 768×1024 and 1280×800 in English and Hindi.
//
// The issue's proof is 200 per tablet (600 answers): `KIOSK_PROOF_ANSWERS=200 E2E_WORKERS=1 npx vitest
// run --config vitest.e2e.config.ts tests/e2e/kiosk.e2e.ts` (decision 0039 records its figures). CI runs
// 20 per tablet (60 answers) by default: typing a visitor takes the test about half a second per tablet
// (more under load), so 600 answers alone take 6 to 7 minutes, and at 40 per tablet the file took 157 s
// on this machine under load, beyond the 2 minutes a CI file may take; at 20 the same paths run (flaps
// on every tablet, both reloads, the second tab, the batch sender), only fewer times.
import Database from 'better-sqlite3';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, createCampaign, dataDir, staffApi, type Api } from './api';
import { pageProblems, seriousA11yViolations, unique, useBrowser } from './browser';

const browser = useBrowser();

const TABLET = { width: 768, height: 1024 } as const;
const LANDSCAPE = { width: 1280, height: 800 } as const;
const PIN = '2468';
/** Answers per tablet in the offline proof: 200 is the issue's figure (KIOSK_PROOF_ANSWERS=200); CI runs 20 (see above). */
const PER_TABLET = Math.max(20, Number(process.env.KIOSK_PROOF_ANSWERS ?? 20));
const TOTAL = 3 * PER_TABLET;
/** The English tablet's first load (decision 0039: SurveyJS alone is about 300 KB of it). */
const FIRST_LOAD_BUDGET_KB = 560;
/** The minimal kiosk survey: one question, in English and Hindi. */
const SURVEY = { pages: [{ name: 'p1', elements: [{ type: 'text', name: 'city', title: { default: 'Your city', hi: 'आपका शहर' } }] }] };

interface Kiosk {
  name: string;
  code: string;
  channelId: string;
  campaignId: string;
  pairPath: (name: string) => Promise<string>;
}

async function makeKiosk(staff: Api): Promise<Kiosk> {
  const name = unique('Kiosk survey ');
  const campaignId = await createCampaign(staff, name, SURVEY);
  const made = await staff<{ channel: { id: string; code: string } }>('POST', '/api/channels', { name: unique('Expo '), kind: 'kiosk', campaignId });
  expect(made.status).toBe(201);
  const { id: channelId, code } = made.data.channel;
  return {
    name,
    code,
    channelId,
    campaignId,
    async pairPath(name: string) {
      const device = await staff<{ pairUrl: string; deviceKey: string }>('POST', '/api/kiosk/devices', { channelId, name });
      expect(device.status, JSON.stringify(device.data)).toBe(201);
      const url = new URL(device.data.pairUrl);
      expect(url.hash).toBe(`#key=${device.data.deviceKey}`);
      return url.pathname + url.hash;
    },
  };
}

/** Opens the pairing link, checks the key left the address bar, sets the staff PIN, waits for the service worker. */
async function pairTablet(page: Page, pairPath: string): Promise<void> {
  await page.goto(pairPath);
  await expect.poll(() => new URL(page.url()).hash).toBe('');
  await page.getByLabel('Staff PIN', { exact: true }).fill(PIN);
  await page.getByRole('button', { name: 'Save PIN' }).click();
  await page.getByLabel('E-mail', { exact: true }).waitFor();
  // The service worker controls the page (clients.claim) once it has cached the kiosk's files.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

/** One visitor, as fast as a test can type: e-mail, Begin, the answer, Complete, Next visitor. */
async function takeOne(page: Page, email: string, city: string): Promise<void> {
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Begin' }).click();
  await page.getByRole('textbox', { name: 'Your city' }).fill(city);
  await page.getByRole('button', { name: 'Complete' }).click();
  await page.getByRole('button', { name: 'Next visitor' }).click();
  await page.getByLabel('E-mail', { exact: true }).waitFor();
}

interface StoredRow {
  id: string;
  channel_id: string;
  body: string;
  answered_at: string | number;
  received_at: string | number;
}

function storedRows(channelId: string): StoredRow[] {
  const db = new Database(path.join(dataDir(), 'abode.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT id, channel_id, body, answered_at, received_at FROM kiosk_responses WHERE channel_id = ?').all(channelId) as StoredRow[];
  } finally {
    db.close();
  }
}

function countOf(query: string, ...params: string[]): number {
  const db = new Database(path.join(dataDir(), 'abode.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare(query).get(...params) as { n: number }).n;
  } finally {
    db.close();
  }
}

const asTime = (value: string | number) => (typeof value === 'number' ? value : Date.parse(value));

describe('expo tablet', () => {
  it(`3 tablets × ${PER_TABLET} visitors offline (flapping network, a reload, a second tab): the server holds exactly ${TOTAL}, once each, with the device time, ≤ 60 s after the network returns`, { timeout: 120_000 + TOTAL * 1500 }, async () => {
    const staff = await staffApi();
    const kiosk = await makeKiosk(staff);
    const contexts: BrowserContext[] = [];
    const pages: Page[] = [];
    for (let t = 0; t < 3; t++) {
      const page = await browser.newPage(TABLET);
      // The 30 s retry, on the test's clock: every 2 s here.
      await page.context().addInitScript(() => localStorage.setItem('abode-kiosk-sync-ms', '2000'));
      await pairTablet(page, await kiosk.pairPath(`Tablet ${t + 1}`));
      contexts.push(page.context());
      pages.push(page);
    }
    const started = Date.now();
    await Promise.all(contexts.map((c) => c.setOffline(true)));

    // The network flaps: every PERIOD visitors it comes back for two (the tablet starts sending) and
    // goes again, mid-send; each tablet at its own moments.
    const PERIOD = Math.max(8, Math.floor(PER_TABLET / 8));
    let flaps = 0;
    const runTablet = async (t: number) => {
      const context = contexts[t]!;
      const page = pages[t]!;
      let second: Page | null = null;
      for (let i = 0; i < PER_TABLET; i++) {
        const phase = (i + t * 3) % PERIOD;
        if (phase === PERIOD - 3) {
          await context.setOffline(false);
          flaps += 1;
        }
        if (phase === PERIOD - 1) await context.setOffline(true);
        if (t === 2 && i === Math.floor(PER_TABLET * 0.7)) {
          // A reload in the middle of a sync: the network is back, the sender has started, the page goes.
          const mine = () => storedRows(kiosk.channelId).filter((row) => row.body.includes('"kiosk2-')).length;
          const before = mine();
          await context.setOffline(false);
          await expect.poll(mine, { timeout: 30_000, interval: 50 }).toBeGreaterThan(before);
          await page.reload();
          await page.getByLabel('E-mail', { exact: true }).waitFor();
          await context.setOffline(true);
        }
        if (i === Math.floor(PER_TABLET / 2)) {
          if (t === 0) {
            // A reload in the middle of the queue, offline: the service worker serves the kiosk.
            await page.reload();
            await page.getByLabel('E-mail', { exact: true }).waitFor();
          } else if (t === 1) {
            // A second tab of the same kiosk on this tablet.
            second = await context.newPage();
            await second.goto(`/kiosk/${kiosk.code}`);
            await second.getByLabel('E-mail', { exact: true }).waitFor();
          }
        }
        const on = second && i % 2 === 1 ? second : page;
        await takeOne(on, `kiosk${t}-${i}@expo.test`, `City ${t}-${i}`);
      }
    };
    await Promise.all([0, 1, 2].map(runTablet));
    expect(flaps).toBeGreaterThanOrEqual(3 * Math.floor(PER_TABLET / PERIOD));
    const offlineSeconds = (Date.now() - started) / 1000;

    const back = Date.now();
    const waiting = TOTAL - storedRows(kiosk.channelId).length;
    await Promise.all(contexts.map((c) => c.setOffline(false)));
    await expect.poll(() => storedRows(kiosk.channelId).length, { timeout: 60_000, interval: 500 }).toBe(TOTAL);
    const syncSeconds = (Date.now() - back) / 1000;
    console.log(`kiosk e2e: ${TOTAL} answers taken offline in ${offlineSeconds.toFixed(1)} s; ${waiting} still queued when the network returned (the others were sent while it flapped); all stored ${syncSeconds.toFixed(1)} s after it returned; ${flaps} flaps`);
    expect(syncSeconds).toBeLessThanOrEqual(60);

    const rows = storedRows(kiosk.channelId);
    const bodies = rows.map((row) => JSON.parse(row.body) as { id: string; email: string; answer: { city: string }; answeredAt: string });
    // 0 duplicates: one row per visitor; 0 split: each row holds its visitor's whole answer.
    expect(new Set(bodies.map((b) => b.email)).size).toBe(TOTAL);
    expect(new Set(rows.map((r) => r.id)).size).toBe(TOTAL);
    for (const body of bodies) {
      const [, t, i] = /^kiosk(\d)-(\d+)@/.exec(body.email)!;
      expect(body.answer).toEqual({ city: `City ${t}-${i}` });
    }
    // 0 duplicates where staff read them too: one survey response per visitor, no conflicting copies.
    expect(countOf('SELECT count(*) AS n FROM survey_responses WHERE campaign_id = ?', kiosk.campaignId)).toBe(TOTAL);
    expect(countOf('SELECT count(*) AS n FROM kiosk_conflicts WHERE channel_id = ?', kiosk.channelId)).toBe(0);
    // Every one with its device time: the time the tablet took it, before the server received it.
    for (const row of rows) {
      const body = JSON.parse(row.body) as { answeredAt: string };
      expect(asTime(row.answered_at)).toBe(Date.parse(body.answeredAt));
      expect(asTime(row.answered_at)).toBeGreaterThanOrEqual(started - 1000);
      expect(asTime(row.answered_at)).toBeLessThanOrEqual(asTime(row.received_at));
    }
    // The tablets' queues are empty, nothing refused, and each counts its own visitors as sent once
    // (the two tabs of tablet 2 share its storage).
    for (const page of pages) {
      await page.getByRole('button', { name: 'Staff' }).click();
      await page.getByLabel('Staff PIN', { exact: true }).fill(PIN);
      await page.getByRole('button', { name: 'Open' }).click();
      await expect.poll(() => page.getByTestId('kiosk-queued').textContent()).toBe('0');
      await expect.poll(() => page.getByTestId('kiosk-sent').textContent()).toBe(String(PER_TABLET));
      expect(await page.getByTestId('kiosk-refused').textContent()).toBe('0');
      expect(pageProblems(page).filter((p) => !/ERR_INTERNET_DISCONNECTED|ERR_FAILED|net::/.test(p))).toEqual([]);
    }
  });

  it('a storage failure (storage full) shows the error and keeps the answers on screen; saved once storage is back', { timeout: 180_000 }, async () => {
    const staff = await staffApi();
    const kiosk = await makeKiosk(staff);
    const page = await browser.newPage(TABLET);
    await pairTablet(page, await kiosk.pairPath('Tablet full'));
    await page.getByLabel('E-mail', { exact: true }).fill('full@expo.test');
    await page.getByRole('button', { name: 'Begin' }).click();
    await page.getByRole('textbox', { name: 'Your city' }).fill('Pune');

    // Chromium's quota override (CDP Storage.overrideQuotaForOrigin) did not make a small write fail
    // here, so the write meets the error a full disk gives: IndexedDB refuses to add.
    await page.evaluate(() => {
      const add = IDBObjectStore.prototype.add;
      (window as unknown as { restoreAdd: () => void }).restoreAdd = () => {
        IDBObjectStore.prototype.add = add;
      };
      IDBObjectStore.prototype.add = () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
    });
    await page.getByRole('button', { name: 'Complete' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'could not be saved on this tablet' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('textbox', { name: 'Your city' }).inputValue()).toBe('Pune');
    expect(await page.getByRole('heading', { name: 'Thank you!' }).count()).toBe(0);

    await page.evaluate(() => (window as unknown as { restoreAdd: () => void }).restoreAdd());
    await page.getByRole('button', { name: 'Try saving again' }).click();
    await page.getByRole('heading', { name: 'Thank you!' }).waitFor();
    await expect.poll(() => storedRows(kiosk.channelId).length).toBe(1);
  });

  it('a campaign edited after the tablet loaded it: answers queued offline are accepted under the version they answered; the tablet shows the new version once online', { timeout: 180_000 }, async () => {
    const staff = await staffApi();
    const kiosk = await makeKiosk(staff);
    const page = await browser.newPage(TABLET);
    await pairTablet(page, await kiosk.pairPath('Tablet edited'));
    const versionNow = async () => (await staff<{ campaign: { version: string } }>('GET', `/api/kiosk/config/${kiosk.code}`)).data.campaign.version;
    const loaded = await versionNow();
    await page.context().setOffline(true);
    await takeOne(page, 'before-edit@expo.test', 'Pune');

    // Staff edit the campaign while the tablet is offline (no answer has reached the server yet, so it may change).
    const edited = { pages: [{ name: 'p1', elements: [{ type: 'text', name: 'city', title: 'Which city do you live in?' }, { type: 'text', name: 'budget', title: 'Your budget' }] }] };
    expect((await staff('POST', `/api/campaign/update/${kiosk.campaignId}`, { name: kiosk.name, questions: JSON.stringify(edited) })).status).toBe(201);
    const newer = await versionNow();
    expect(newer).not.toBe(loaded);
    // Still offline: the tablet asks the questions it loaded.
    await takeOne(page, 'offline-after-edit@expo.test', 'Nagpur');

    // The network is back: both queued answers are accepted against the version they answered.
    await page.context().setOffline(false);
    await expect.poll(() => storedRows(kiosk.channelId).length, { timeout: 60_000, interval: 250 }).toBe(2);
    const bodies = () => storedRows(kiosk.channelId).map((row) => JSON.parse(row.body) as { email: string; campaignVersion: string; answer: Record<string, string> });
    expect(bodies().map((b) => [b.email, b.campaignVersion, b.answer])).toEqual(
      expect.arrayContaining([
        ['before-edit@expo.test', loaded, { city: 'Pune' }],
        ['offline-after-edit@expo.test', loaded, { city: 'Nagpur' }],
      ]),
    );
    expect(countOf('SELECT count(*) AS n FROM survey_responses WHERE campaign_id = ?', kiosk.campaignId)).toBe(2);

    // The tablet took the new version (kept for the next days offline) and shows it to the next visitor.
    const kept = () =>
      page.evaluate(
        (code) =>
          new Promise<string | null>((resolve) => {
            const open = indexedDB.open('abode-kiosk');
            open.onsuccess = () => {
              const get = open.result.transaction('meta').objectStore('meta').get(`config:${code}`);
              get.onsuccess = () => {
                resolve((get.result as { campaign?: { version?: string } } | undefined)?.campaign?.version ?? null);
                open.result.close();
              };
            };
            open.onerror = () => resolve(null);
          }),
        kiosk.code,
      );
    await expect.poll(kept, { timeout: 30_000 }).toBe(newer);
    await page.getByLabel('E-mail', { exact: true }).fill('after-edit@expo.test');
    await page.getByRole('button', { name: 'Begin' }).click();
    await page.getByRole('textbox', { name: 'Which city do you live in?' }).fill('Mumbai');
    await page.getByRole('textbox', { name: 'Your budget' }).fill('80 lakh');
    await page.getByRole('button', { name: 'Complete' }).click();
    await page.getByRole('heading', { name: 'Thank you!' }).waitFor();
    await expect.poll(() => storedRows(kiosk.channelId).length, { timeout: 60_000, interval: 250 }).toBe(3);
    expect(bodies().find((b) => b.email === 'after-edit@expo.test')).toMatchObject({ campaignVersion: newer, answer: { city: 'Mumbai', budget: '80 lakh' } });
    expect(pageProblems(page).filter((p) => !/ERR_INTERNET_DISCONNECTED|net::/.test(p))).toEqual([]);
  });

  it(`first load of a tablet: every request of the page and of its service worker's cache, ≤ ${FIRST_LOAD_BUDGET_KB} KB gzip in English`, { timeout: 180_000 }, async () => {
    const staff = await staffApi();
    const kiosk = await makeKiosk(staff);
    const sizes: Record<string, { kb: number; files: string[] }> = {};
    for (const prefix of ['', '/hi']) {
      const page = await browser.newPage(TABLET);
      const urls = new Set<string>();
      page.on('request', (request) => urls.add(request.url()));
      // Paired as pairTablet does, in either language (selectors that do not depend on the texts).
      await page.goto(`${prefix}${await kiosk.pairPath(`Tablet load ${prefix || 'en'}`)}`);
      await page.locator('input[type="password"]').fill(PIN);
      await page.locator('input[type="password"]').press('Enter');
      await page.locator('input[name="email"]').waitFor();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
      // What the service worker downloaded to keep: the kiosk's files in its caches.
      for (const url of await page.evaluate(async () => {
        const kept: string[] = [];
        for (const name of await caches.keys()) if (name.startsWith('abode-kiosk-')) for (const request of await (await caches.open(name)).keys()) kept.push(request.url);
        return kept;
      }))
        urls.add(url);
      // The worker's own script (fetched by the browser, not by the page).
      urls.add(`${baseURL()}${prefix}/kiosk/sw.js`);
      let bytes = 0;
      const files: string[] = [];
      for (const url of urls) {
        const address = new URL(url);
        if (address.origin !== new URL(baseURL()).origin || address.pathname.endsWith('/shell')) continue;
        // The pairing call's answer and the address bar's key are not files; the page itself, its scripts,
        // styles, fonts, the configuration and the worker are.
        const response = await fetch(`${baseURL()}${address.pathname}`);
        if (!response.ok) continue;
        const body = Buffer.from(await response.arrayBuffer());
        const size = Math.min(body.length, gzipSync(body).length);
        bytes += size;
        files.push(`${address.pathname} ${(size / 1024).toFixed(1)}`);
      }
      sizes[prefix || '/en'] = { kb: Math.round((bytes / 1024) * 10) / 10, files: files.sort() };
    }
    console.log(`kiosk first load (gzip, every request of the page and the worker's cache): English ${sizes['/en']!.kb} KB, Hindi ${sizes['/hi']!.kb} KB\n${JSON.stringify(sizes, null, 1)}`);
    expect(sizes['/en']!.kb, sizes['/en']!.files.join('\n')).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KB);
    // The English tablet downloads nothing of Hindi (the Devanagari font, SurveyJS's Hindi).
    expect(sizes['/en']!.files.filter((f) => /devanagari|\/hindi-/.test(f))).toEqual([]);
    expect(sizes['/hi']!.files.some((f) => /devanagari-400-normal-[\w-]{8}\.woff2/.test(f))).toBe(true);
    // No font twice: the .woff fallbacks of the .woff2 fonts are not downloaded.
    expect([...sizes['/en']!.files, ...sizes['/hi']!.files].filter((f) => /\.woff /.test(f))).toEqual([]);
  });

  for (const viewport of [TABLET, LANDSCAPE]) {
    it(`passes axe at ${viewport.width}×${viewport.height}, in English and Hindi`, { timeout: 240_000 }, async () => {
      const staff = await staffApi();
      const kiosk = await makeKiosk(staff);
      const page = await browser.newPage(viewport);
      await pairTablet(page, await kiosk.pairPath(`Tablet axe ${viewport.width}`));
      for (const prefix of ['', '/hi']) {
        await page.goto(`${prefix}/kiosk/${kiosk.code}`);
        const email = page.locator('input[name="email"]');
        await email.waitFor();
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(prefix ? 'hi' : 'en');
        expect.soft(await seriousA11yViolations(page), `${prefix} contact`).toEqual([]);
        await email.fill(`axe${prefix.slice(1)}@expo.test`);
        await page.locator('button[type="submit"]').click();
        const city = page.getByRole('textbox', { name: prefix ? 'आपका शहर' : 'Your city' });
        await city.fill('Pune');
        expect.soft(await seriousA11yViolations(page), `${prefix} survey`).toEqual([]);
        await page.locator('.sd-navigation__complete-btn').click();
        await page.locator('.kiosk-thanks').waitFor();
        expect.soft(await seriousA11yViolations(page), `${prefix} thank you`).toEqual([]);
        await page.locator('.kiosk-thanks button').click();
        await page.locator('.kiosk-staff-button').click();
        await page.locator('input[type="password"]').first().fill(PIN);
        await page.locator('input[type="password"]').first().press('Enter');
        await page.locator('.kiosk-sync').waitFor();
        expect.soft(await seriousA11yViolations(page), `${prefix} sync screen`).toEqual([]);
      }
      expect(pageProblems(page)).toEqual([]);
    });
  }
});
