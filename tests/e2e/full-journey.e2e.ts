import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { beginSurvey, DESKTOP, loginAsStaff, pageProblems, PHONE, useBrowser } from './browser';

/**
 * The whole product in one story, nothing mocked: staff design a campaign in the designer and
 * activate it, a visitor answers it on a phone, staff read the answer and download it.
 */
const browser = useBrowser();
const name = `Journey ${Date.now().toString(36)}`;
const visitor = `journey-${Date.now().toString(36)}@example.com`;

async function staffPage(): Promise<Page> {
  const page = await browser.newPage(DESKTOP);
  await loginAsStaff(page);
  return page;
}

describe('designer → activate → visitor → results → download', () => {
  it('runs end to end through the real browser and server', async () => {
    // Staff design a one-question survey in the visual designer and create the campaign.
    const staff = await staffPage();
    await staff.goto('/dashboard/campaign/new');
    await staff.getByRole('heading', { name: 'New campaign', level: 1 }).waitFor();
    await staff.getByLabel('Campaign title').fill(name);
    await staff.getByRole('button', { name: /^Add question to page/ }).click();
    await staff.locator('.ant-dropdown:not([class*="slide-up"])').getByRole('menuitem', { name: 'Single choice', exact: true }).click();
    await staff.getByLabel('Question', { exact: true }).fill('Which city do you prefer?');
    await staff.getByLabel('Text of choice 1').fill('Pune');
    await staff.getByLabel('Text of choice 2').fill('Mumbai');
    await staff.getByRole('button', { name: 'Create campaign' }).click();
    await staff.getByText('Campaign created successfully.').waitFor();
    await staff.waitForURL(/\/dashboard$/);

    // Staff activate it from its card.
    const card = staff.locator('.campaign-card').filter({ has: staff.getByText(name, { exact: true }) });
    await card.getByRole('switch').click();
    await staff.getByText('Activated successfully!').waitFor();
    await expect.poll(() => card.getByRole('switch').getAttribute('aria-checked')).toBe('true');

    // A visitor on a phone gives an e-mail, answers, and sees the thank-you page with the answer.
    const phone = await browser.newPage(PHONE);
    await beginSurvey(phone, visitor);
    await phone.getByText('Which city do you prefer?').waitFor();
    await phone.getByText('Pune', { exact: true }).click();
    await phone.getByRole('button', { name: 'Complete' }).click();
    await phone.waitForURL(/\/result$/);
    await phone.getByText('Thank you for letting us know your preference. we will contact you soon!').waitFor();
    const row = phone.getByRole('row').filter({ hasText: 'Which city do you prefer?' });
    expect(await row.innerText()).toContain('Pune');
    expect(pageProblems(phone)).toEqual([]);

    // Staff read the answer on the results page and download it.
    await staff.goto('/dashboard');
    await card.getByRole('button', { name: 'Results' }).click();
    await staff.waitForURL(/\/dashboard\/campaign\/result$/);
    const answer = staff.getByRole('region', { name: 'Responses' }).getByRole('row').filter({ hasText: visitor }).first();
    await answer.waitFor();
    expect(await answer.innerText()).toContain('Pune');
    const [download] = await Promise.all([staff.waitForEvent('download'), staff.getByRole('button', { name: /Download/ }).click()]);
    await staff.getByText('Downloaded sucessfully').waitFor();
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${name}-\\d{8}-\\d{6}\\.xlsx$`));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.getWorksheet('Responses')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Email',
      'Date',
      'Which city do you prefer?',
      'Channel',
      'UTM source',
      'UTM medium',
      'UTM campaign',
      'UTM content',
      'UTM term',
    ]);
    const values = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(values[0]).toBe(visitor);
    expect(values[2]).toBe('Pune');
    expect(pageProblems(staff)).toEqual([]);
  });
});
