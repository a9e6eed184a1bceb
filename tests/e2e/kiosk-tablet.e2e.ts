// The expo tablet (decision 0039), in Chromium, beside the 600-answer proof (kiosk.e2e.ts): a campaign edited
// after the tablet loaded it (queued answers accepted under the version they answered), the first load's
// size (every request of the page and of its service worker), axe at 768×1024 and 1280×800 in English
// and Hindi.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { baseURL, staffApi } from './api';
import { pageProblems, seriousA11yViolations, useBrowser } from './browser';
import { countOf, LANDSCAPE, makeKiosk, PIN, pairTablet, storedRows, TABLET, takeOne } from './kiosk';

const browser = useBrowser();

/** The English tablet's first load (decision 0039: SurveyJS alone is about 300 KB of it). */
const FIRST_LOAD_BUDGET_KB = 560;

describe('expo tablet', () => {
  it(
    'a campaign edited after the tablet loaded it: answers queued offline are accepted under the version they answered; the tablet shows the new version once online',
    { timeout: 180_000 },
    async () => {
      const staff = await staffApi();
      const kiosk = await makeKiosk(staff);
      const page = await browser.newPage(TABLET);
      await pairTablet(page, await kiosk.pairPath('Tablet edited'));
      const versionNow = async () => (await staff<{ campaign: { version: string } }>('GET', `/api/kiosk/config/${kiosk.code}`)).data.campaign.version;
      const loaded = await versionNow();
      await page.context().setOffline(true);
      await takeOne(page, 'before-edit@expo.test', 'Pune');

      // Staff edit the campaign while the tablet is offline (no answer has reached the server yet, so it may change).
      const edited = {
        pages: [
          {
            name: 'p1',
            elements: [
              { type: 'text', name: 'city', title: 'Which city do you live in?' },
              { type: 'text', name: 'budget', title: 'Your budget' },
            ],
          },
        ],
      };
      expect((await staff('POST', `/api/campaign/update/${kiosk.campaignId}`, { name: kiosk.name, questions: JSON.stringify(edited) })).status).toBe(201);
      const newer = await versionNow();
      expect(newer).not.toBe(loaded);
      // Still offline: the tablet asks the questions it loaded.
      await takeOne(page, 'offline-after-edit@expo.test', 'Nagpur');

      // The network is back: both queued answers are accepted against the version they answered.
      await page.context().setOffline(false);
      await expect.poll(() => storedRows(kiosk.channelId).length, { timeout: 60_000, interval: 250 }).toBe(2);
      const bodies = () =>
        storedRows(kiosk.channelId).map((row) => JSON.parse(row.body) as { email: string; campaignVersion: string; answer: Record<string, string> });
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
    },
  );

  it(
    `first load of a tablet: every request of the page and of its service worker's cache, ≤ ${FIRST_LOAD_BUDGET_KB} KB gzip in English`,
    { timeout: 180_000 },
    async () => {
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
          for (const name of await caches.keys())
            if (name.startsWith('abode-kiosk-')) for (const request of await (await caches.open(name)).keys()) kept.push(request.url);
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
      console.log(
        `kiosk first load (gzip, every request of the page and the worker's cache): English ${sizes['/en']!.kb} KB, Hindi ${sizes['/hi']!.kb} KB\n${JSON.stringify(sizes, null, 1)}`,
      );
      expect(sizes['/en']!.kb, sizes['/en']!.files.join('\n')).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KB);
      // The English tablet downloads nothing of Hindi (the Devanagari font, SurveyJS's Hindi).
      expect(sizes['/en']!.files.filter((f) => /devanagari|\/hindi-/.test(f))).toEqual([]);
      expect(sizes['/hi']!.files.some((f) => /devanagari-400-normal-[\w-]{8}\.woff2/.test(f))).toBe(true);
      // No font twice: the .woff fallbacks of the .woff2 fonts are not downloaded.
      expect([...sizes['/en']!.files, ...sizes['/hi']!.files].filter((f) => /\.woff /.test(f))).toEqual([]);
    },
  );

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
