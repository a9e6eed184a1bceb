import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview } from '#shared/imports/imports.contract';
import type { LeadList } from '#shared/leads/leads.contract';
import { staffApi, type Api } from './api';
import { DESKTOP, failCalls, loginAsStaff, pageProblems, PHONE, seriousA11yViolations, useBrowser } from './browser';

const browser = useBrowser();
const RUN = Date.now().toString(36);
const SLOW = { timeout: 30_000 };

// Five mobile numbers of this run (another test file on the same server never has them).
const base = 6_000_000_000 + Math.floor(Math.random() * 3_000_000_000);
const digits = Array.from({ length: 5 }, (_, i) => String(base + i * 7));
const e164 = (d: string) => `+91${d}`;
const spaced = (d: string) => `${d.slice(0, 5)} ${d.slice(5)}`;
const email = (who: string) => `${who}-${RUN}@portal.example.in`;

/** The leads of the sheet as they must arrive: name, phone (E.164), received time (studio time, UTC+05:30). */
const EXPECTED = [
  { row: 2, name: 'राहुल शर्मा', email: email('rahul'), phone: e164(digits[0]!), createdAt: '2026-03-09T18:30:00.000Z' },
  { row: 3, name: 'प्रिया वर्मा', email: email('priya'), phone: e164(digits[1]!), createdAt: '2026-03-14T18:30:00.000Z' },
  { row: 4, name: 'Amit Kulkarni', email: email('amit'), phone: e164(digits[2]!), createdAt: '2026-03-16T09:00:00.000Z' },
  { row: 5, name: 'सुनीता देशपांडे', email: null, phone: e164(digits[3]!), createdAt: '2026-03-16T18:30:00.000Z' },
  { row: 6, name: 'Farhan Qureshi', email: email('farhan'), phone: e164(digits[4]!), createdAt: '2026-03-19T06:30:00.000Z' },
];

/**
 * A portal's export: the names under "Contact Person" (a header the guess does not know: staff map
 * it), phones in five spellings, Excel serial dates and DD-MM-YYYY / DD/MM/YYYY ones, and three
 * broken rows.
 */
async function portalExport(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Leads');
  sheet.addRow(['Lead ID', 'Contact Person', 'Mobile No.', 'Email ID', 'City', 'Budget', 'Source', 'Enquiry Date']);
  sheet.addRow([`A-${RUN}-1`, 'राहुल शर्मा', `+91 ${spaced(digits[0]!)}`, email('rahul'), 'Pune', '45 Lakh', '99acres', 46091]);
  sheet.addRow([`A-${RUN}-2`, 'प्रिया वर्मा', `0${spaced(digits[1]!)}`, email('priya'), 'Mumbai', '1.2 Cr', 'MagicBricks', '15-03-2026']);
  sheet.addRow([`A-${RUN}-3`, 'Amit Kulkarni', Number(digits[2]), email('amit'), 'Pune', '₹ 85,00,000', '99acres', '16/03/2026 14:30']);
  sheet.addRow([`A-${RUN}-4`, 'सुनीता देशपांडे', `91-${digits[3]!.slice(0, 5)}-${digits[3]!.slice(5)}`, null, 'Nashik', '50 L', 'Housing.com', '17-03-2026']);
  sheet.addRow([`A-${RUN}-5`, 'Farhan Qureshi', `(+91) ${spaced(digits[4]!)}`, email('farhan'), 'Pune', null, 'Walk-in', 46100.5]);
  sheet.addRow([`A-${RUN}-6`, 'Nobody', null, null, 'Pune', null, null, null]);
  sheet.addRow([`A-${RUN}-7`, 'Bad Phone', '12345', email('badphone'), null, null, null, null]);
  sheet.addRow([`A-${RUN}-8`, 'Bad Date', null, email('baddate'), null, null, null, '31-02-2026']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const FILE = `portal-${RUN}.xlsx`;
const SKIPPED = ['row 7: no e-mail or phone', 'row 8: phone 12345 is not a number', 'row 9: date 31-02-2026 is not DD-MM-YYYY, DD/MM/YYYY or an Excel date'];

let callApi: Api;
let sheet: Buffer;

beforeAll(async () => {
  callApi = await staffApi();
  sheet = await portalExport();
});

/** The lead of an expected row, found through the API by its e-mail or phone. */
async function leadOf(expected: (typeof EXPECTED)[number]) {
  const res = await callApi<LeadList>('GET', `/api/leads?q=${encodeURIComponent(expected.email ?? expected.phone)}`);
  expect(res.status).toBe(200);
  return res.data.items;
}

async function chooseSheet(page: Page) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByLabel('Spreadsheet (.xlsx or .csv)').click();
  await (await chooser).setFiles({ name: FILE, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: sheet });
  await page.getByRole('heading', { name: 'Dry run' }).waitFor(SLOW);
}

async function fitsTheScreen(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

describe('importing a spreadsheet of leads', () => {
  it('staff choose a portal export, map a column, read the dry run, import it with a progress bar, and undo it; at 1280 and 390 px', async () => {
    const page = await browser.newPage(DESKTOP);
    await loginAsStaff(page);
    await page.goto('/dashboard/leads');
    await page.getByRole('link', { name: 'Import leads' }).click();
    await page.waitForURL(/\/dashboard\/leads\/import$/);
    await page.getByRole('heading', { level: 1, name: 'Import leads' }).waitFor(SLOW);
    await chooseSheet(page);

    // The first rows, as the file shows them, and the guessed mapping: the names' column is not known.
    const sample = page.locator('.lead-import__sample');
    await expect.poll(() => sample.innerText()).toContain('राहुल शर्मा');
    expect(await sample.innerText()).toContain('Contact Person');
    const nameColumn = page.getByRole('combobox', { name: 'Column "Contact Person"' });
    await expect
      .poll(() => page.locator('.lead-import__mapping .leads-filter').filter({ hasText: 'Column "Contact Person"' }).innerText())
      .toContain('Not imported');
    expect(await page.locator('.lead-import__mapping .leads-filter').filter({ hasText: 'Column "Mobile No."' }).innerText()).toContain('Phone');

    // The dry run: figures and each skipped row with the server's reason.
    const figures = page.locator('.lead-import__figures');
    await expect.poll(() => figures.innerText()).toContain('Will create 5 leads');
    expect(await figures.innerText()).toContain('Will add to 0 existing leads');
    expect(await figures.innerText()).toContain('Will skip 3 rows');
    expect(await page.locator('.lead-import__errors li').allInnerTexts()).toEqual(SKIPPED);

    // Staff map "Contact Person" to the name, by keyboard: a new dry run with that mapping.
    const remapped = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/leads/imports'), SLOW);
    await nameColumn.focus();
    await page.keyboard.press('Enter');
    await page.locator('.ant-select-item-option[title="Name"]').click();
    const preview = (await (await remapped).json()) as ImportPreview;
    expect(preview.columns.find((c) => c.header === 'Contact Person')).toEqual({ header: 'Contact Person', field: 'name' });
    await expect.poll(() => page.locator('.lead-import__mapping .leads-filter').filter({ hasText: 'Column "Contact Person"' }).innerText()).toContain('Name');
    await expect.poll(() => figures.innerText()).toContain('Will create 5 leads');

    // The page as staff read it: the mapping's option list closed (on a quick machine it is still
    // closing here, and axe would read antd's list of options, which is not the page's).
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await fitsTheScreen(page, DESKTOP.width);

    // Import: a progress bar while it runs, then the result.
    await page.evaluate(() => {
      const seen = ((window as unknown as { progressSeen: string[] }).progressSeen = [] as string[]);
      new MutationObserver(() => {
        const bar = document.querySelector('.lead-import__progress [role="status"]');
        if (bar?.textContent) seen.push(bar.textContent);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByText(`Imported ${FILE}: 5 leads created, 0 existing leads added to, 3 rows skipped.`).waitFor(SLOW);
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.some((t) => /Uploading the file|importing|Importing|Reading/.test(t))).toBe(true);

    // Every lead through the API: name, phone in E.164, the row's received time; the broken rows made none.
    for (const expected of EXPECTED) {
      const found = await leadOf(expected);
      expect(found, `row ${expected.row}`).toHaveLength(1);
      expect({ name: found[0]!.name, email: found[0]!.email, phone: found[0]!.phone, createdAt: found[0]!.createdAt }).toEqual({
        name: expected.name,
        email: expected.email,
        phone: expected.phone,
        createdAt: expected.createdAt,
      });
    }
    for (const who of ['badphone', 'baddate'])
      expect((await callApi<LeadList>('GET', `/api/leads?q=${encodeURIComponent(email(who))}`)).data.items).toEqual([]);

    // The past imports list it, with Undo.
    const listed = page.locator('.ant-table-row').filter({ hasText: FILE });
    await expect.poll(() => listed.innerText(), SLOW).toContain('5 created, 0 added to, 3 skipped');
    expect(pageProblems(page)).toEqual([]);

    // On a phone: the same page, the same file again (now every person is known), nothing wider than the screen.
    const phone = await browser.newPage(PHONE);
    await loginAsStaff(phone);
    await phone.goto('/dashboard/leads/import');
    await phone.getByRole('heading', { level: 1, name: 'Import leads' }).waitFor(SLOW);
    await chooseSheet(phone);
    await expect.poll(() => phone.locator('.lead-import__figures').innerText()).toContain('Will add to 5 existing leads');
    await fitsTheScreen(phone, PHONE.width);
    expect(await seriousA11yViolations(phone)).toEqual([]);

    // Undo, from the phone: the five leads go (nobody touched them).
    await phone.getByRole('button', { name: `Undo the import of ${FILE}` }).click();
    await phone.getByRole('button', { name: 'Undo import' }).click();
    await phone.getByText('Import undone. 5 leads removed, 0 leads put back.').waitFor(SLOW);
    await expect.poll(() => phone.locator('.ant-table-row').filter({ hasText: FILE }).innerText(), SLOW).toContain('Undone');
    await fitsTheScreen(phone, PHONE.width);
    for (const expected of EXPECTED) expect(await leadOf(expected), `row ${expected.row}`).toEqual([]);
    expect(pageProblems(phone)).toEqual([]);
  });

  it("says why: the past imports not loading (then Try again), and a file that is no spreadsheet, in the server's words", async () => {
    const page = await browser.newPage(PHONE);
    await loginAsStaff(page);
    const list = await failCalls(page, /\/api\/leads\/imports$/, { message: 'The imports are resting.', method: 'GET' });
    await page.goto('/dashboard/leads/import');
    const alert = page.getByRole('alert').filter({ hasText: 'The past imports could not be loaded.' });
    await alert.waitFor(SLOW);
    expect(await alert.innerText()).toContain('The imports are resting.');
    list.recover();
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('table', { name: 'Past imports' }).waitFor(SLOW);

    const chooser = page.waitForEvent('filechooser');
    await page.getByLabel('Spreadsheet (.xlsx or .csv)').click();
    await (
      await chooser
    ).setFiles({
      name: 'photo.xlsx',
      mimeType: 'image/png',
      buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
    });
    await page.getByRole('alert').filter({ hasText: 'This file is not a spreadsheet: please choose an .xlsx or .csv file.' }).waitFor(SLOW);
    expect(await page.getByRole('heading', { name: 'Dry run' }).count()).toBe(0);
    await fitsTheScreen(page, PHONE.width);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
