import { afterAll, describe, expect, it } from 'vitest';
import type { PublicNotices } from '#shared/consent/consent.contract';
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
      // Each working-hours field is wide enough for its whole time ("09:00 AM" and the picker), none cut.
      const hours = page.locator('input[type="time"]');
      expect(await hours.count()).toBe(14);
      for (const input of await hours.all()) {
        const fits = await input.evaluate((el: HTMLInputElement) => {
          const shown = el.getBoundingClientRect().width;
          const inline = el.style.width;
          el.style.width = 'max-content';
          const needed = el.getBoundingClientRect().width;
          el.style.width = inline;
          return needed <= shown + 0.5 ? true : `${needed} > ${shown}`;
        });
        expect(fits, (await input.getAttribute('aria-label')) ?? '').toBe(true);
      }
      await page.getByLabel('Studio name').scrollIntoViewIfNeeded();
      await page.getByRole('heading', { name: 'Settings', level: 1 }).scrollIntoViewIfNeeded();
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.goto('/viewContact');
      await expect.poll(() => page.locator('body').textContent()).toContain(shown);
      expect(pageProblems(page)).toEqual([]);
    });
  }

  it('changes the landing form’s notice: the landing page shows it as a new version, the old one kept', async () => {
    const notices = async () => (await (await fetch(`${baseURL()}/api/consent/notices`)).json()) as PublicNotices;
    const old = await notices();
    const text = `We keep your e-mail address and survey answers to suggest homes (settings test ${Date.now()}). Full notice: /privacy.`;
    const page = await browser.newPage(DESKTOP);
    await loginAsStaff(page);
    await page.goto('/dashboard/settings');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.getByLabel('Notice on the landing form').fill(text);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();

    const now = await notices();
    expect(now.survey).toMatchObject({ text, version: old.survey.version + 1 });
    expect(now.contact).toEqual(old.contact);
    // The server's HTML of the landing page carries it, before any script runs.
    const html = await (await fetch(`${baseURL()}/`)).text();
    expect(html).toContain(text.split('/privacy')[0]!.trim());
    await page.goto('/');
    await expect.poll(() => page.locator('form.landing-form').textContent()).toContain(text.split('/privacy')[0]!.trim());
    expect(pageProblems(page)).toEqual([]);
  });

  it('changes the Hindi notice of the landing form: /hi/ shows it as a new Hindi version, the English one untouched (decision 0027)', async () => {
    const notices = async (query = '') => (await (await fetch(`${baseURL()}/api/consent/notices${query}`)).json()) as PublicNotices;
    const [oldHi, oldEn] = await Promise.all([notices('?language=hi'), notices()]);
    const text = `हम घर सुझाने के लिए आपका ई-मेल पता और सर्वे के जवाब रखते हैं (सेटिंग्स टेस्ट ${Date.now()})। पूरी सूचना: /privacy।`;
    const page = await browser.newPage(DESKTOP);
    await loginAsStaff(page);
    await page.goto('/dashboard/settings');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    const field = page.getByLabel('Landing form notice in Hindi');
    expect(await field.getAttribute('lang')).toBe('hi');
    await field.fill(text);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();

    const [hi, en] = await Promise.all([notices('?language=hi'), notices()]);
    expect(hi.survey).toMatchObject({ text, language: 'hi', version: oldHi.survey.version + 1 });
    expect(en).toEqual(oldEn);
    await page.goto('/hi/');
    await expect.poll(() => page.locator('form.landing-form').textContent()).toContain(text.split('/privacy')[0]!.trim());
    await page.goto('/');
    await expect.poll(() => page.locator('form.landing-form').textContent()).toContain(oldEn.survey.text.split('/privacy')[0]!.trim());
    expect(pageProblems(page)).toEqual([]);
  });
});
