import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { NewsletterSubscriber, PublicNotices } from '#shared/consent/consent.contract';
import { listMailFiles } from '#server/features/notifications/mailer';
import { createActiveCampaign, dataDir, setCampaignActive, staffApi, visitorApi } from './api';
import { baseURL, DESKTOP, loginAsStaff, pageProblems, PHONE, seriousA11yViolations, unique, useBrowser } from './browser';

/** Consent (decision 0018) in a browser: the landing form's notice and newsletter box, then the unsubscribe link from the visitor's mail. */
const browser = useBrowser();

const SURVEY = { pages: [{ name: 'p1', elements: [{ type: 'radiogroup', name: 'rooms', title: 'Bedrooms', choices: [2, 3] }] }] };

/** The visitor mail the server wrote for `email` (no SMTP here: .eml files in the data folder). */
async function visitorMailTo(email: string): Promise<ParsedMail> {
  const dir = path.join(dataDir(), 'mail');
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        for (const name of await listMailFiles(dir)) {
          const mail = await simpleParser(await readFile(path.join(dir, name)));
          if (!Array.isArray(mail.to) && mail.to?.text === email && mail.subject?.startsWith('Thank you')) {
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
  describe(`consent and unsubscribe at ${viewport.width} px`, () => {
    it('shows the notice and an unticked box, ticked with the keyboard; the mail’s link unsubscribes with one button', async () => {
      const staff = await staffApi();
      const campaignId = await createActiveCampaign(staff, unique('Consent'), SURVEY);
      // Other files expect their own campaign to be the one running: this one stops when the test ends.
      onTestFinished(() => setCampaignActive(staff, campaignId, false));
      const notices = (await (await fetch(`${baseURL()}/api/consent/notices`)).json()) as PublicNotices;
      const email = `${unique('consent')}@example.com`;

      const page = await browser.newPage(viewport);
      await page.goto('/');
      const form = page.locator('form.landing-form');
      // The notice and the box come with the server's HTML.
      await expect.poll(() => form.textContent()).toContain(notices.survey.text.split('/privacy')[0]!.trim());
      expect(await form.getByRole('link', { name: 'privacy notice' }).getAttribute('href')).toBe('/privacy');
      const box = page.getByRole('checkbox', { name: 'Send me the newsletter' });
      expect(await box.isChecked()).toBe(false);
      expect(await seriousA11yViolations(page, { include: 'form.landing-form' })).toEqual([]);

      await page.getByPlaceholder('Enter email to begin survey').fill(email);
      // Keyboard only: Tab from the e-mail field until the box has focus, then Space.
      for (let i = 0; i < 6 && !(await box.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
      expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Space');
      expect(await box.isChecked()).toBe(true);
      await page.getByRole('button', { name: 'Choose Your Lifestyle' }).click();
      await page.waitForURL(/\/startsurvey$/);

      // The consent is on record: listed for the newsletter, with the notice that was shown.
      await expect
        .poll(async () => (await staff<NewsletterSubscriber[]>('GET', '/api/newsletter')).data.find((s) => s.email === email)?.noticeVersion)
        .toBe(notices.newsletter.version);

      // Staff see the address on the newsletter page.
      const staffPage = await browser.newPage(viewport);
      await loginAsStaff(staffPage);
      await staffPage.goto('/dashboard/newsletter');
      await staffPage.getByRole('heading', { name: 'Newsletter', level: 1 }).waitFor();
      await expect.poll(() => staffPage.getByText(email).count()).toBeGreaterThan(0);
      expect(await seriousA11yViolations(staffPage)).toEqual([]);
      expect(pageProblems(staffPage)).toEqual([]);

      // The visitor finishes the survey (through the API, as the runner would) and gets the confirmation.
      const added = await visitorApi<{ emailID: string }>('POST', '/api/email/add', { email, campaignid: campaignId });
      const done = await visitorApi('POST', `/api/campaign/response/${campaignId}`, { response: { email, emailId: added.data.emailID, answer: { rooms: 2 } } });
      expect(done.status).toBe(200);
      const mail = await visitorMailTo(email);
      expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      const link = /(http\S+\/unsubscribe\?token=[\w.%-]+)/.exec(mail.text ?? '')?.[1];
      expect(link).toBeTruthy();

      await page.goto(new URL(link!).pathname + new URL(link!).search);
      const button = page.getByRole('button', { name: 'Unsubscribe' });
      await button.waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await button.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/unsubscribe\?done=1$/);
      await expect.poll(() => page.getByRole('status').textContent()).toContain('You are unsubscribed');

      const after = await staff<NewsletterSubscriber[]>('GET', '/api/newsletter');
      expect(after.data.map((s) => s.email)).not.toContain(email);

      // The privacy page shows the notices, as the server renders it.
      await page.goto('/privacy');
      await page.getByRole('heading', { name: 'How we use your data', level: 1 }).waitFor();
      await expect.poll(() => page.locator('main').textContent()).toContain(notices.newsletter.text);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(pageProblems(page)).toEqual([]);
    });
  });
}
