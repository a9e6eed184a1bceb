import { expect, it } from 'vitest';
import type { Project } from '#shared/listings/listings.contract';
import type { LeadList } from '#shared/leads/leads.contract';
import type { Visit } from '#shared/visits/visits.contract';
import { staffApi, visitorApi } from './api';
import { DESKTOP, pageProblems, unique, useBrowser, waitForApp } from './browser';

/*
 * A visit booked from a Bengaluru home's page (the demo data) starts at the Bengaluru studio, not
 * the first one in the list (Bandra, Mumbai), and the booking keeps the home.
 */
const browser = useBrowser();

it('books from a Bengaluru home at the Bengaluru studio, and the visit names the home', async () => {
  const homes = (await visitorApi<Project[]>('GET', '/api/project/get')).data;
  const home = homes.find((h) => /Bengaluru/.test(h.area))!;
  expect(home, 'the demo data has a home in Bengaluru').toBeDefined();
  const page = await browser.newPage(DESKTOP);
  await page.goto(`/viewProjects/${encodeURIComponent(home._id)}`);
  await waitForApp(page);
  await page.getByRole('button', { name: 'Book a site visit' }).click();
  const panel = page.getByRole('region', { name: 'Book a site visit' });
  await panel.waitFor();
  const studio = panel.getByLabel('Studio');
  await studio.waitFor();
  expect(await studio.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe('Indiranagar Studio');
  const slot = panel.getByRole('radio').and(page.locator(':not([disabled])')).first();
  await slot.check();
  const email = `${unique('home-visit')}@example.com`;
  await panel.getByLabel('E-mail').fill(email);
  await panel.getByLabel('E-mail').press('Enter');
  await page.getByRole('heading', { name: 'Your site visit is booked' }).waitFor();
  expect(pageProblems(page)).toEqual([]);

  const staff = await staffApi();
  const lead = (await staff<LeadList>('GET', `/api/leads?q=${encodeURIComponent(email)}`)).data.items[0]!;
  const visits = (await staff<Visit[]>('GET', `/api/visits/lead/${lead._id}`)).data;
  expect(visits.map((v) => [v.studioName, v.listing])).toEqual([['Indiranagar Studio', { id: home._id, name: home.name }]]);
});
