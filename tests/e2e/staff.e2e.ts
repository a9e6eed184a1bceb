import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { listMailFiles } from '#server/features/notifications/mailer';
import { paths } from '#shared/paths';
import { apiAs, dataDir, staffApi, visitorApi } from './api';
import { DESKTOP, loginAsStaff, pageProblems, PHONE, seriousA11yViolations, unique, useBrowser } from './browser';

const browser = useBrowser();

/**
 * The one-time link in the newest mail to `to`, read from the .eml files the e2e server writes (the
 * Sent mail viewer redacts one-time links, so only the mailbox, here the files, holds them).
 */
async function linkFor(to: string): Promise<string> {
  const dir = path.join(dataDir(), 'mail');
  let link = '';
  await expect
    .poll(
      async () => {
        for (const name of await listMailFiles(dir)) {
          const mail = await simpleParser(await readFile(path.join(dir, name)));
          if (!JSON.stringify(mail.to).includes(to)) continue;
          link = /(https?:\/\/\S+\/password\/reset\?token=\S+)/.exec(mail.text ?? '')?.[1] ?? '';
          if (link) break;
        }
        return link;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  return link;
}

describe('staff accounts in the dashboard', () => {
  it('an owner adds a staff member, who sets a password from the e-mailed link and sees no owner navigation', async () => {
    const email = `${unique('member').toLowerCase()}@abode.test`;
    const owner = await browser.newPage(DESKTOP);
    await loginAsStaff(owner);
    await owner.goto('/dashboard/staff');
    await owner.getByRole('heading', { name: 'Staff', level: 1 }).waitFor();
    await owner.getByRole('textbox', { name: 'Name' }).fill('Kavya Iyer');
    await owner.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await owner.getByRole('button', { name: 'Add', exact: true }).click();
    await owner.getByRole('row', { name: new RegExp(email) }).waitFor();
    expect(await seriousA11yViolations(owner)).toEqual([]);
    expect(pageProblems(owner)).toEqual([]);

    const link = await linkFor(email);
    const member = await browser.newPage(PHONE);
    await member.goto(new URL(link).pathname + new URL(link).search);
    await member.getByRole('heading', { name: 'Set your password' }).waitFor();
    await member.getByLabel('New password').fill('kavya-password-2026');
    await member.getByRole('button', { name: 'Set password' }).click();
    await member.getByText('Your password is set.').waitFor();

    await member.goto('/login');
    await member.getByRole('link', { name: 'Forgot password?' }).waitFor();
    await member.getByLabel('Username').fill(email);
    await member.locator('input[name=password]').fill('kavya-password-2026');
    await member.getByRole('button', { name: 'Log in' }).click();
    await member.waitForURL(/\/dashboard/);
    // On a phone the menu is a drawer: open it to see what it offers.
    await member.getByRole('button', { name: 'Open the menu' }).click();
    const nav = member.getByRole('navigation', { name: 'Dashboard' });
    await nav.getByRole('link', { name: 'My account' }).waitFor({ state: 'visible' });
    expect(await nav.getByRole('link', { name: /^Leads/ }).isVisible()).toBe(true);
    for (const ownerOnly of ['Staff', 'Webhooks', 'Settings', 'Sent mail'])
      expect(await nav.getByRole('link', { name: ownerOnly, includeHidden: true }).count(), ownerOnly).toBe(0);
    expect(pageProblems(member)).toEqual([]);

    // A refused password change: its message goes as soon as the field is typed in again.
    await member.goto('/dashboard/account');
    const passwordCard = member.locator('.ant-card').filter({ hasText: 'Change password' });
    await passwordCard.getByLabel('Current password').fill('not-my-password-1');
    await passwordCard.getByLabel('New password').fill('another-password-2026');
    await passwordCard.getByRole('button', { name: 'Change password' }).click();
    await member.getByText('Your current password is not correct.').waitFor();
    await passwordCard.getByLabel('Current password').fill('kavya-password-2026');
    await member.getByText('Your current password is not correct.').waitFor({ state: 'detached' });

    // The owner's menu does offer them.
    const ownerNav = owner.getByRole('navigation', { name: 'Dashboard' });
    expect(await ownerNav.getByRole('link', { name: 'Staff' }).isVisible()).toBe(true);
    expect(await ownerNav.getByRole('link', { name: 'Webhooks' }).isVisible()).toBe(true);
    await owner.reload();
    await owner.getByRole('row', { name: new RegExp(email) }).waitFor();
    // Two people, an account form and four owners' pages: more than one page's worth of time.
  }, 150_000);

  // The owners' pages (the menu's owner-only entries, dashboard-layout.tsx) opened by URL by someone
  // who is not an owner: the server refuses (403), and the page says it is for owners, with no Try
  // again (trying again is refused the same way).
  it('a staff member who opens an owners-only page by its address is told it is for owners, without Try again', async () => {
    const email = `${unique('notowner').toLowerCase()}@abode.test`;
    const added = await (await staffApi())<{ password: string }>('POST', '/api/staff', { name: 'Rohan Mehta', email, role: 'staff', password: 'generate' });
    expect(added.status).toBe(201);
    const login = await visitorApi<{ token: string }>('POST', '/api/login', { email, password: added.data.password });
    expect(login.status).toBe(200);
    const member = apiAs(login.data.token);
    const page = await browser.newPage(DESKTOP);
    await page.goto('/viewAboutus');
    await page.evaluate((t) => localStorage.setItem('abode.token', t), login.data.token);
    for (const ownersPage of [paths.settings, paths.settingsWebhooks, paths.staff, paths.settingsMail, paths.audit, paths.privacyRequests]) {
      await page.goto(ownersPage);
      await page.getByText('Only owners can open this page.').waitFor();
      await page.getByText('Ask an owner of the studio if something here needs changing.').waitFor();
      expect(await page.getByRole('button', { name: 'Try again' }).count(), ownersPage).toBe(0);
      expect(await page.getByRole('link', { name: 'Try again' }).count(), ownersPage).toBe(0);
      expect(await page.getByText('Try again', { exact: false }).count(), ownersPage).toBe(0);
    }
    // The same account reads a page open to staff: the refusals above are the owners' pages', not the account's.
    expect((await member('GET', '/api/leads?limit=1&offset=0')).status).toBe(200);
    expect(pageProblems(page).filter((problem) => !/403|Forbidden/.test(problem))).toEqual([]);
  }, 90_000);
});
