import { beforeAll, describe, expect, it } from 'vitest';
import { staffApi, type Api } from './api';
import { DESKTOP, loginAsStaff, pageProblems, PHONE, seriousA11yViolations, useBrowser } from './browser';

const browser = useBrowser();
/** Five digits of this run, so each run's numbers are new people. */
const RUN = String(Date.now() % 100_000).padStart(5, '0');

let callApi: Api;

beforeAll(async () => {
  callApi = await staffApi();
});

describe('people known by phone (issue 38)', () => {
  for (const [label, viewport, prefix] of [
    ['390 px', PHONE, '98451'],
    ['1280 px', DESKTOP, '98452'],
  ] as const) {
    it(`staff add a phone-only lead, find it by another spelling, and merge two leads from the lead page (${label})`, async () => {
      const name = `Walk-in ${prefix}-${RUN}`;
      const page = await browser.newPage(viewport);
      await loginAsStaff(page);
      await page.goto('/dashboard/leads');
      await page.getByRole('button', { name: 'Add lead' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add a lead' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
      await dialog.getByRole('textbox', { name: 'Phone' }).fill(`${prefix} ${RUN}`);
      await dialog.getByRole('button', { name: 'Add lead' }).click();
      await page.waitForURL(/\/dashboard\/leads\/[^/?]+$/);
      const phoneLeadUrl = page.url();
      await expect.poll(() => page.locator('.lead-page').innerText()).toContain(`+91 ${prefix} ${RUN}`);

      // Found by another spelling of the number.
      await page.goto(`/dashboard/leads?q=${encodeURIComponent(`0${prefix}${RUN}`)}`);
      await page.getByRole('link', { name }).first().waitFor();

      // A second lead by e-mail; merge the phone lead into it from the phone lead's page.
      const email = `merge-${prefix}-${RUN}@example.com`;
      const added = await callApi<{ lead: { _id: string } }>('POST', '/api/leads', { email, name: `Kept ${RUN}` });
      expect(added.status).toBe(201);
      await page.goto(phoneLeadUrl);
      const search = page.getByRole('searchbox', { name: 'Find the lead to keep (name, e-mail or phone)' });
      await search.fill(email);
      await search.press('Enter');
      await page.getByRole('button', { name: `Merge into Kept ${RUN}…` }).click();
      const compare = page.getByRole('dialog');
      await expect.poll(() => compare.innerText()).toContain('Kept lead');
      expect(await compare.innerText()).toContain(email);
      expect(await compare.innerText()).toContain(`+91 ${prefix} ${RUN}`);
      expect(await seriousA11yViolations(page, { exclude: ['.dashboard-sider'] })).toEqual([]);
      await compare.getByRole('button', { name: 'Merge' }).click();
      await page.getByText('Leads merged.').first().waitFor();
      await page.waitForURL((url) => url.pathname.endsWith(`/dashboard/leads/${added.data.lead._id}`));
      await expect.poll(() => page.locator('.lead-page').innerText()).toContain(`+91 ${prefix} ${RUN}`);
      // The merged lead's address opens the kept lead.
      await page.goto(phoneLeadUrl);
      await page.waitForURL((url) => url.pathname.endsWith(`/dashboard/leads/${added.data.lead._id}`));
      expect(pageProblems(page)).toEqual([]);
    });
  }
});
