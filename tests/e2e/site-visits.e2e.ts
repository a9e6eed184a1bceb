import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '#shared/listings/listings.contract';
import type { LeadList } from '#shared/leads/leads.contract';
import { createActiveCampaign, staffApi, visitorApi } from './api';
import { HOME_TYPE_QUESTION } from './questions';
import { beginSurvey, loginAsStaff, pageProblems, PHONE, seriousA11yViolations, unique, useBrowser, waitForApp } from './browser';

/*
 * Site visits (decision 0024) in Chromium: on a phone (390 px) a visitor books a visit from a home's
 * page (the demo studios take bookings on a fresh data folder); staff then see it on the lead.
 */

const browser = useBrowser();
let home: Project;

beforeAll(async () => {
  home = (await visitorApi<Project[]>('GET', '/api/project/get')).data[0]!;
  expect(home, 'the demo data has a home').toBeDefined();
});

describe('booking a site visit on a phone', () => {
  it('books a free slot from a home’s page by keyboard, and staff see it on the lead', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto(`/viewProjects/${encodeURIComponent(home._id)}`);
    await waitForApp(page);
    const open = page.getByRole('button', { name: 'Book a site visit' });
    await open.waitFor();
    // By keyboard: the button opens the panel, Space picks a time, Enter sends the form.
    await open.focus();
    await page.keyboard.press('Enter');
    expect(await open.getAttribute('aria-expanded')).toBe('true');
    const panel = page.getByRole('region', { name: 'Book a site visit' });
    await panel.waitFor();
    const slot = panel.getByRole('radio').and(page.locator(':not([disabled])')).first();
    await slot.waitFor();
    await slot.focus();
    await page.keyboard.press('Space');
    expect(await slot.isChecked()).toBe(true);
    const email = `${unique('visit')}@example.com`;
    await panel.getByLabel('E-mail').fill(email);
    await panel.getByLabel('Name (optional)').fill('Kavya Visitor');
    await panel.getByLabel('Phone (optional)').fill('98450 11223');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await panel.getByLabel('Phone (optional)').press('Enter');
    const done = page.getByRole('heading', { name: 'Your site visit is booked' });
    await done.waitFor();
    expect(await page.getByRole('link', { name: /Add to Google Calendar/ }).getAttribute('href')).toMatch(/^https:\/\/calendar\.google\.com\//);
    // The .ics comes from the server: the invitation mail's calendar, which ical.js reads.
    const ics = page.getByRole('link', { name: 'Add to Outlook or Apple Calendar' });
    expect(await ics.getAttribute('href')).toMatch(/^\/api\/visits\/[^/]+\/calendar\?token=/);
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), ics.click()]);
    expect(download.suggestedFilename()).toBe('site-visit.ics');
    const icsText = await readFile((await download.path())!, 'utf8');
    const event = new ICAL.Component(ICAL.parse(icsText)).getFirstSubcomponent('vevent')!;
    expect(String(event.getFirstPropertyValue('uid'))).toMatch(/^visit-.+@abode$/);
    expect(String(event.getFirstPropertyValue('summary'))).toMatch(/^Site visit at /);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(pageProblems(page)).toEqual([]);

    // Staff: the lead is at "Site visit" and its page lists the visit.
    const staff = await staffApi();
    const lead = (await staff<LeadList>('GET', `/api/leads?q=${encodeURIComponent(email)}`)).data.items[0]!;
    expect(lead).toMatchObject({ email, status: 'visit', name: 'Kavya Visitor' });
    const staffPage = await browser.newPage(PHONE);
    await loginAsStaff(staffPage);
    await staffPage.goto(`/dashboard/leads/${lead._id}`);
    const card = staffPage.getByTestId('lead-visits');
    await card.waitFor();
    await expect.poll(() => card.textContent()).toMatch(/Booked/);
    await card.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => card.textContent()).toMatch(/Confirmed/);
    // Cancelling asks first; "No" keeps the visit.
    await card.getByRole('button', { name: 'Cancel visit' }).click();
    const ask = staffPage.getByRole('tooltip').filter({ hasText: 'Cancel this visit? The visitor is e-mailed the cancellation.' });
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Keep it' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(await card.textContent()).toMatch(/Confirmed/);

    // The day's list (/dashboard/visits) shows it too, on the visit's day in the studio's time zone.
    const [visit] = (await staff<Array<{ start: string }>>('GET', `/api/visits/lead/${lead._id}`)).data;
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(visit!.start));
    await staffPage.goto('/dashboard/visits');
    // The page opens on the coming week (visits-week.e2e.ts); One day keeps the date field.
    await staffPage.getByRole('button', { name: 'One day' }).click();
    await staffPage.getByLabel('Day', { exact: true }).fill(day);
    await expect.poll(() => staffPage.getByRole('table').textContent()).toContain('Kavya Visitor');
    expect(await seriousA11yViolations(staffPage)).toEqual([]);
  });

  it('from a Hindi page the booking carries the page’s language: the manage link is under /hi/', async () => {
    const page = await browser.newPage(PHONE);
    const bodies: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/visits') bodies.push(request.postDataJSON());
    });
    await page.goto(`/hi/viewProjects/${encodeURIComponent(home._id)}`);
    await waitForApp(page);
    await page.getByRole('button', { name: 'साइट विज़िट बुक करें' }).click();
    const panel = page.getByRole('region', { name: 'साइट विज़िट बुक करें' });
    await panel.getByRole('radio').and(page.locator(':not([disabled])')).first().check();
    await panel.locator('input[type="email"]').fill(`${unique('hindi-visit')}@example.com`);
    await panel.getByRole('button', { name: 'यह विज़िट बुक करें' }).click();
    await page.getByRole('heading', { name: 'आपकी साइट विज़िट बुक हो गई है' }).waitFor();
    expect(bodies).toEqual([expect.objectContaining({ language: 'hi' })]);
    const google = new URL((await page.getByRole('link', { name: /Google Calendar/ }).getAttribute('href'))!);
    expect(google.searchParams.get('details')).toMatch(/\/hi\/visit\?id=[^&]+&token=/);
    expect(pageProblems(page)).toEqual([]);
  });

  it('the e-mailed link moves the visit, then cancels it, on a phone', async () => {
    const studios = (await visitorApi<Array<{ studioId: string }>>('GET', '/api/visits/studios')).data;
    const studioId = studios[0]!.studioId;
    const slots = (await visitorApi<Array<{ start: string; free: number }>>('GET', `/api/visits/slots?studio=${encodeURIComponent(studioId)}`)).data.filter(
      (s) => s.free > 0,
    );
    const booked = await visitorApi<{ _id: string; manageUrl: string }>('POST', '/api/visits', {
      slotStart: slots[1]!.start,
      studioId,
      email: `${unique('manage')}@example.com`,
    });
    expect(booked.status).toBe(201);
    const page = await browser.newPage(PHONE);
    const url = new URL(booked.data.manageUrl);
    await page.goto(`${url.pathname}${url.search}`);
    await waitForApp(page);
    await page.getByRole('heading', { name: 'Your site visit' }).waitFor();
    const move = page.getByRole('group', { name: 'Move it to another time' });
    await move.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Move my visit' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/moved to/);
    // Cancelling asks first: keeping it changes nothing.
    await page.getByRole('button', { name: 'Cancel my visit' }).click();
    const ask = page.getByRole('group', { name: 'Cancel this visit?' });
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Keep my visit' }).click();
    expect(await page.getByRole('group', { name: 'Cancel this visit?' }).count()).toBe(0);
    expect(await page.getByText(', cancelled.').count()).toBe(0);
    await page.getByRole('button', { name: 'Cancel my visit' }).click();
    await page.getByRole('group', { name: 'Cancel this visit?' }).getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/cancelled/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });

  it('on /result the e-mail is known: a slot and one click book the visit', async () => {
    await createActiveCampaign(await staffApi(), unique('E2E visit '), { title: 'Visit survey', pages: [{ name: 'kind', elements: [HOME_TYPE_QUESTION] }] });
    const page = await browser.newPage(PHONE);
    const email = `${unique('result-visit')}@example.com`;
    await beginSurvey(page, email);
    await page.getByText('What kind of home?').waitFor();
    await page.getByText('Villa', { exact: true }).click();
    await page.getByRole('button', { name: 'Complete' }).click();
    await page.waitForURL(/\/result$/);
    await page.getByRole('button', { name: 'Book a site visit' }).click();
    const panel = page.getByRole('region', { name: 'Book a site visit' });
    await panel.getByRole('radio').and(page.locator(':not([disabled])')).first().check();
    expect(await panel.getByLabel('E-mail').count()).toBe(0);
    await panel.getByRole('button', { name: 'Book this visit' }).click();
    await page.getByRole('heading', { name: 'Your site visit is booked' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const staff = await staffApi();
    const lead = (await staff<LeadList>('GET', `/api/leads?q=${encodeURIComponent(email)}`)).data.items[0]!;
    expect(lead).toMatchObject({ email, status: 'visit' });
    expect(pageProblems(page)).toEqual([]);
  });
});
