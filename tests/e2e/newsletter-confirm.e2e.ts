import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';
import type { NewsletterSubscriber } from '#shared/consent/consent.contract';
import { listMailFiles } from '#server/features/notifications/mailer';
import { dataDir, staffApi, visitorApi } from './api';
import { DESKTOP, pageProblems, PHONE, seriousA11yViolations, unique, useBrowser } from './browser';

/** Double opt-in (decision 0018) in a browser: the link mailed to the address, its one button, and a link used twice. */
const browser = useBrowser();

/** The mail the server wrote to `email` whose subject matches (no SMTP here: .eml files in the data folder). */
async function mailTo(email: string, subject: RegExp): Promise<ParsedMail> {
  const dir = path.join(dataDir(), 'mail');
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        for (const name of await listMailFiles(dir)) {
          const mail = await simpleParser(await readFile(path.join(dir, name)));
          if (!Array.isArray(mail.to) && mail.to?.text === email && subject.test(mail.subject ?? '')) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

for (const viewport of [PHONE, DESKTOP]) {
  describe(`newsletter confirmation at ${viewport.width} px`, () => {
    it('the mailed link opens a page with one button that confirms; the same link again is refused with a page', async () => {
      const staff = await staffApi();
      const email = `${unique('confirm')}@example.com`;
      const added = await visitorApi('POST', '/api/email/add', { email, campaignid: null, newsletter: true });
      expect(added.status).toBe(201);
      const state = async () => (await staff<NewsletterSubscriber[]>('GET', '/api/newsletter')).data.find((s) => s.email === email)?.state;
      expect(await state()).toBe('pending');

      const mail = await mailTo(email, /^Confirm your newsletter/);
      const link = /(http\S+\/newsletter\/confirm\?token=[\w.%-]+)/.exec(mail.text ?? '')?.[1];
      expect(link).toBeTruthy();
      const address = new URL(link!).pathname + new URL(link!).search;

      const page = await browser.newPage(viewport);
      await page.goto(address);
      await page.getByRole('heading', { name: 'Confirm the newsletter', level: 1 }).waitFor();
      const button = page.getByRole('button', { name: 'Yes, send me the newsletter' });
      await button.waitFor();
      // Opening the link confirms nothing: only the button does.
      expect(await state()).toBe('pending');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await button.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/newsletter\/confirm\?done=1$/);
      await expect.poll(() => page.getByRole('status').textContent()).toContain('you will get our newsletter');
      expect(await state()).toBe('confirmed');

      // The same link a second time: a page that says it is not valid.
      await page.goto(address);
      await page.getByRole('button', { name: 'Yes, send me the newsletter' }).click();
      await page.waitForURL(/\/newsletter\/confirm\?refused=1$/);
      await expect.poll(() => page.getByRole('alert').textContent()).toContain('not valid');
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(pageProblems(page)).toEqual([]);
    });
  });
}
