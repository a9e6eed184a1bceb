// The expo tablet (decisions 0038, 0039), in Chromium: three tablets take KIOSK_PROOF_ANSWERS visitors each with
// no network (the network flapping, a reload in the middle of the queue and one in the middle of a
// sync, a second tab on one of them), then the network comes back and the server holds every answer
// exactly once (no duplicate, none split), each with the tablet's own time, within 60 s. And a storage
// failure shows the error and keeps the answers on screen. The tablet's other tests (an edited campaign,
// the first load, axe) are in kiosk-tablet.e2e.ts, so that this file's time is the proof's.
//
// The issue's proof is 200 per tablet (600 answers): `KIOSK_PROOF_ANSWERS=200 E2E_WORKERS=1 npx vitest
// run --config vitest.e2e.config.ts tests/e2e/kiosk.e2e.ts` (decision 0039 records its figures). CI runs
// 30 per tablet (90 answers) by default: typing a visitor takes the test about half a second per tablet,
// more under load, so the 600 take 6 to 9 minutes, far beyond the 2 minutes a CI file may take on a
// loaded machine; 30 per tablet keeps this file under 2 minutes at a load of about 17 on 2 cores and
// runs the same paths (flaps on every tablet, both reloads, the second tab, the batch sender), fewer times.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { staffApi } from './api';
import { pageProblems, useBrowser } from './browser';
import { asTime, countOf, makeKiosk, PIN, pairTablet, storedRows, TABLET, takeOne } from './kiosk';

const browser = useBrowser();

/** Answers per tablet in the offline proof: 200 is the figure (KIOSK_PROOF_ANSWERS=200); CI runs 30 (see above). */
const PER_TABLET = Math.max(20, Number(process.env.KIOSK_PROOF_ANSWERS ?? 30));
const TOTAL = 3 * PER_TABLET;

describe('expo tablet', () => {
  it(
    `3 tablets × ${PER_TABLET} visitors offline (flapping network, a reload, a second tab): the server holds exactly ${TOTAL}, once each, with the device time, ≤ 60 s after the network returns`,
    { timeout: 120_000 + TOTAL * 1500 },
    async () => {
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
      console.log(
        `kiosk e2e: ${TOTAL} answers taken offline in ${offlineSeconds.toFixed(1)} s; ${waiting} still queued when the network returned (the others were sent while it flapped); all stored ${syncSeconds.toFixed(1)} s after it returned; ${flaps} flaps`,
      );
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
    },
  );

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
});
