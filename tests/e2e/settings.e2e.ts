import { afterAll, describe, expect, it } from 'vitest';
import type { StudioSettings } from '#shared/settings/settings.contract';
import { baseURL, DESKTOP, loginAsStaff, pageProblems, PHONE, seriousA11yViolations, useBrowser } from './browser';
import { staffToken } from './api';

const browser = useBrowser();

/** The settings as they were: put back afterwards, as other files read the studio's details. */
async function settingsNow(): Promise<StudioSettings> {
  const res = await fetch(`${baseURL()}/api/settings`, { headers: { authorization: `Bearer ${await staffToken()}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as StudioSettings;
}
const before = await settingsNow();
afterAll(async () => {
  const { version: _version, updatedAt: _updatedAt, ...input } = before;
  const res = await fetch(`${baseURL()}/api/settings`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${await staffToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  expect(res.status).toBe(200);
});

describe('settings in the dashboard', () => {
  for (const [viewport, phone, shown] of [
    [PHONE, '98450 12345', '+91 98450 12345'],
    [DESKTOP, '080 4999 1234', '+91 80 4999 1234'],
  ] as const) {
    it(`changes the studio's phone and the contact page shows it at once (${viewport.width} px)`, async () => {
      const page = await browser.newPage(viewport);
      await loginAsStaff(page);
      await page.goto('/dashboard/settings');
      await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
      const field = page.getByLabel('Phone', { exact: true });
      await field.fill('12');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('Please enter a phone number, such as').waitFor();

      await field.fill(phone);
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('Settings saved.').waitFor();
      await expect.poll(() => field.inputValue()).toBe(shown);
      await expect.poll(() => page.locator('.ant-form-item-explain-error').count()).toBe(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.getByLabel('Studio name').scrollIntoViewIfNeeded();
      await page.getByRole('heading', { name: 'Settings', level: 1 }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/settings-${viewport.width}.png`, fullPage: false });
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.goto('/viewContact');
      await expect.poll(() => page.locator('body').textContent()).toContain(shown);
      expect(pageProblems(page)).toEqual([]);
    });
  }
});
