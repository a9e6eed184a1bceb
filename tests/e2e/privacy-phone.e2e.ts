import { describe, expect, it } from 'vitest';
import { paths } from '#shared/paths';
import { staffApi } from './api';
import { E2E_STAFF, loginAsStaff, pageProblems, PHONE, seriousA11yViolations, useBrowser } from './browser';

/**
 * Decision 0042: a person known by phone only asks by phone for erasure; the owner records it on the lead's
 * page (confirmed by them), the privacy requests page lists it as taken by phone, and the erasure
 * (typing the phone to confirm) removes the person. At 390 px.
 */

const browser = useBrowser();
const RUN = Date.now().toString(36);
// Begins 98: never read as a Bengaluru (80) or Ahmedabad (79) landline, which are shown grouped otherwise.
const DIGITS = `98${String(Date.now()).slice(-8)}`;
const SHOWN = `+91 ${DIGITS.slice(0, 5)} ${DIGITS.slice(5)}`;
const WAIT = { timeout: 45_000 };

describe('privacy requests by phone', () => {
  it('an owner records a phone-only person’s erasure request from the lead page; the requests page shows it taken by phone; the erasure goes through', async () => {
    const name = `Prakash ${RUN}`;
    const created = await (await staffApi())<{ lead: { _id: string } }>('POST', '/api/leads', { phone: DIGITS, name });
    expect(created.status).toBe(201);
    const leadId = created.data.lead._id;

    const page = await browser.newPage(PHONE);
    await loginAsStaff(page);
    await page.goto(`${paths.leads}/${leadId}`);
    await page.getByRole('heading', { level: 1, name }).waitFor(WAIT);
    const section = page.getByRole('region', { name: 'Asked by phone' });
    await section.waitFor(WAIT);
    await section.getByRole('button', { name: 'Record an erasure request' }).click();
    const dialog = page.getByRole('dialog', { name: `Record that ${name} asked for their data to be erased?` });
    await dialog.waitFor(WAIT);
    expect(await dialog.innerText()).toContain(SHOWN);
    await dialog.getByRole('button', { name: 'Record as confirmed' }).click();
    await page.getByText('Request recorded as confirmed by phone.', { exact: false }).waitFor(WAIT);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page, { include: '.lead-privacy-phone' })).toEqual([]);

    await page.goto(paths.privacyRequests);
    const row = page.getByRole('row').filter({ has: page.locator(`a[href$="/dashboard/leads/${leadId}"]`) });
    await row.waitFor(WAIT);
    expect(await row.innerText()).toContain(`By phone, taken by ${E2E_STAFF.name}`);
    expect(await row.innerText()).toContain('Erasure');

    // The erasure itself, confirmed by typing the phone in another spelling.
    await row.getByRole('link', { name: 'Open the lead' }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Erase…' }).click();
    const erase = page.getByRole('dialog', { name: `Erase ${name}?` });
    await erase.getByRole('textbox').fill(`0${DIGITS}`);
    await erase.getByRole('button', { name: 'Erase for good' }).click();
    await page.waitForURL(new RegExp(`${paths.leads}$`), WAIT);
    await page.goto(paths.privacyRequests);
    await page.getByRole('heading', { level: 1, name: 'Privacy requests' }).waitFor(WAIT);
    await page.locator('.ant-table').waitFor(WAIT);
    await expect.poll(() => page.locator(`a[href$="/dashboard/leads/${leadId}"]`).count(), { timeout: 30_000 }).toBe(0);
    expect(pageProblems(page)).toEqual([]);
  }, 180_000);
});
