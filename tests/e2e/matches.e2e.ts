import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_CAMPAIGN_NAME } from '#server/features/surveys/campaigns.seed';
import { answerAsVisitor, apiAs, createActiveCampaign, staffApi, visitorApi } from './api';
import { beginSurvey, DESKTOP, loginAsStaff, pageProblems, PHONE, seriousA11yViolations, unique, useBrowser, waitForApp } from './browser';
import { activateDemoSurvey, chooseInDropdown } from './demo-survey';

/**
 * Matching (README, "Matching") from the visitor's side, on the demo content a fresh `npm start` seeds: the demo survey
 * answered on a phone ends on /result with the matching demo home, its reasons, and a way to ask
 * about it that prefills the contact form.
 */
const browser = useBrowser();

/** Opens /result with the state the survey runner hands on (its navigation state). */
async function openResult(page: Page, state: object): Promise<void> {
  await page.goto('/');
  // The landing page settled first (hydrated, idle): nothing of its start runs between the state set
  // here and the reload.
  await waitForApp(page);
  await page.evaluate((usr) => window.history.replaceState({ usr, key: 'e2e', idx: 0 }, '', '/result'), state);
  // As the runner marks the journey before it goes to /result (else the server sends the reload to /).
  await page.evaluate(() => (document.cookie = 'abode-journey=1; Path=/result; SameSite=Lax'));
  await page.reload();
}

/** A Whitefield apartment of ₹50 lakh – ₹1 crore with three bedrooms, boho decor, moving in within a year. */
const WHITEFIELD_ANSWERS = { propertyType: 'apartment', budget: 10000000, bedrooms: 3, localities: ['Whitefield'], decorStyle: 'boho', moveIn: 12 };
const LAKESIDE_REASONS = ['apartment', 'within your budget', '3 BHK', 'in Whitefield', 'ready by Dec 2026'];

/**
 * The demo survey answered as the runner sends it (by default a Whitefield apartment, see above),
 * through the same public calls the runner makes (the first test drives the real runner; the others
 * only need a response to look at).
 */
async function answerDemoSurvey(email: string, answers: Record<string, unknown> = WHITEFIELD_ANSWERS) {
  const active = await visitorApi<Array<{ _id: string; name: string; questions: string }>>('GET', '/api/campagin/active');
  expect(active.data.map((c) => c.name)).toEqual([DEMO_CAMPAIGN_NAME]);
  const campaign = active.data[0]!;
  const { data } = await answerAsVisitor<{ matches: unknown }>(campaign._id, email, answers);
  return { questions: campaign.questions, answers, matches: data.matches };
}

describe('matches on /result', () => {
  it('a visitor answers the demo survey on the real runner and ends on /result with the matching home and its reasons', async () => {
    await activateDemoSurvey();
    const page = await browser.newPage(PHONE);
    await page.goto('/');
    await page.getByPlaceholder('Enter email to begin survey').fill(`journey-${Date.now().toString(36)}@example.com`);
    await page.getByRole('button', { name: 'Choose Your Lifestyle' }).click();
    await page.waitForURL(/\/startsurvey$/);

    // An apartment of ₹50 lakh – ₹1 crore with three bedrooms, in Whitefield, boho decor, moving in within a year.
    await page.getByText('What kind of home are you looking for?').waitFor();
    await page.getByText('Apartment', { exact: true }).click();
    await chooseInDropdown(page, 'What is your budget?', '₹50 lakh – ₹1 crore');
    // On a phone the five-step rating does not fit in a row: SurveyJS shows it as a dropdown.
    await chooseInDropdown(page, 'How many bedrooms?', '3 BHK');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Whitefield', { exact: true }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Boho and eclectic', { exact: true }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await chooseInDropdown(page, 'When would you like to move in?', 'In 6 to 12 months');
    await page.getByRole('button', { name: 'Send my preferences' }).click();
    await page.waitForURL(/\/result$/);

    const homes = page.getByRole('region', { name: 'Homes that fit you' });
    await homes.waitFor();
    expect(await homes.getByRole('heading', { level: 3 }).first().innerText()).toBe('Lakeside Residency');
    const first = homes.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Lakeside Residency' }) });
    expect(await first.getByRole('list', { name: 'Why it fits' }).getByRole('listitem').allInnerTexts()).toEqual(LAKESIDE_REASONS);
    await expect.poll(() => first.innerText()).toContain('₹95,00,000/-');
    expect(await page.getByRole('region', { name: 'Decor ideas' }).getByRole('heading', { level: 3 }).allInnerTexts()).toContain('Cane Armchair');
    expect(pageProblems(page)).toEqual([]);
  });

  it('ends the demo journey with a matching home, its reasons, and decor ideas', async () => {
    await activateDemoSurvey();
    const page = await browser.newPage(PHONE);
    await openResult(page, await answerDemoSurvey(`match-${Date.now().toString(36)}@example.com`));

    const homes = page.getByRole('region', { name: 'Homes that fit you' });
    await homes.waitFor();
    const first = homes.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Lakeside Residency' }) });
    const reasons = first.getByRole('list', { name: 'Why it fits' });
    await expect.poll(() => reasons.getByRole('listitem').allInnerTexts()).toEqual(LAKESIDE_REASONS);
    // The best match comes first; its key facts come from the public list.
    expect(await homes.getByRole('heading', { level: 3 }).first().innerText()).toBe('Lakeside Residency');
    await expect.poll(() => first.innerText()).toContain('₹95,00,000/-');

    const decor = page.getByRole('region', { name: 'Decor ideas' });
    expect(await decor.getByRole('heading', { level: 3 }).allInnerTexts()).toContain('Cane Armchair');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // Beside "Ask about this home", WhatsApp opens a chat with the studio about that home.
    const whatsApp = new URL((await first.getByRole('link', { name: /ask about Lakeside Residency \(opens WhatsApp\)/ }).getAttribute('href'))!);
    expect(whatsApp.host).toBe('wa.me');
    expect(whatsApp.searchParams.get('text')).toContain('Lakeside Residency');

    // "Ask about this home" opens the contact form about it, quotation Homes.
    await first.getByRole('link', { name: /Ask about this home/ }).click();
    await page.waitForURL(/\/viewContact\?/);
    await expect.poll(() => page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('I would like to know more about Lakeside Residency.');
    expect(await page.getByRole('combobox', { name: 'Request quotation' }).inputValue()).toBe('Homes');
    expect(pageProblems(page)).toEqual([]);
  });

  it('calls no home a fit for a penthouse above ₹5 crore, 5+ BHK, in Hebbal, and shows the nearest with why each is not one', async () => {
    await activateDemoSurvey();
    const page = await browser.newPage(PHONE);
    const answers = { propertyType: 'penthouse', budget: 1000000000, bedrooms: 5, localities: ['Hebbal'], moveIn: 12 };
    await openResult(page, await answerDemoSurvey(`penthouse-${Date.now().toString(36)}@example.com`, answers));

    const nearest = page.getByRole('region', { name: 'Homes nearest to what you asked for' });
    await nearest.waitFor();
    expect(await page.getByRole('region', { name: 'Homes that fit you' }).count()).toBe(0);
    expect(await page.getByText('Why it fits').count()).toBe(0);
    expect(await nearest.innerText()).toContain('None of our homes fits everything you asked for yet.');
    const palm = nearest.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Palm Grove Villas' }) });
    expect(await palm.getByRole('list', { name: 'Why it is not a fit' }).getByRole('listitem').allInnerTexts()).toEqual([
      'a villa, you asked for a penthouse',
      '₹2.4 crore, below your ₹5 crore+ budget',
      '4 BHK, you asked for 5+',
      'in Sarjapur Road, Bengaluru, you asked for Hebbal',
    ]);
    // Every card says why it is not a fit.
    const cards = nearest.getByRole('heading', { level: 3 });
    expect(await cards.count()).toBeGreaterThan(0);
    expect(await nearest.getByRole('list', { name: 'Why it is not a fit' }).count()).toBe(await cards.count());
    // No decor answer: no decor section that would say none fits.
    expect(await page.getByRole('region', { name: /Decor/ }).count()).toBe(0);
    // The specification's thank-you and answers table are as they were.
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Thank you for letting us know your preference. we will contact you soon!');
    expect(await page.getByRole('table').getByRole('row').count()).toBeGreaterThan(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });

  it('shows no homes and no decor section after a survey that asks about neither', async () => {
    const page = await browser.newPage(DESKTOP);
    // /result after a survey that sets no listingMatch, as the runner hands it on.
    await openResult(page, {
      questions: JSON.stringify({ elements: [{ type: 'text', name: 'q' }] }),
      answers: { q: 'x' },
      matches: { projects: [], products: [] },
    });
    await page.getByRole('heading', { name: 'Your answers' }).waitFor();
    expect(await page.getByRole('region', { name: /Homes|Decor/ }).count()).toBe(0);
    expect(await page.locator('body').innerText()).not.toMatch(/homes that fit|home survey|shortlist homes/i);
  });

  it('names the page after a decor quiz and shows only decor: no "Homes that fit you", no "HOME SURVEY"', async () => {
    const title = 'Find your decor style';
    const staff = await staffApi();
    await createActiveCampaign(staff, unique('Decor quiz '), {
      title,
      pages: [
        {
          name: 'style',
          elements: [
            {
              type: 'radiogroup',
              name: 'style',
              title: 'Which style feels like you?',
              isRequired: true,
              listingMatch: 'product.keywords',
              choices: ['Boho', 'Industrial', 'Classic'],
            },
          ],
        },
      ],
    });
    const page = await browser.newPage(PHONE);
    try {
      await beginSurvey(page, `${unique('decor-')}@example.com`);
      await page.getByText('Which style feels like you?').waitFor();
      expect(await page.locator('body').innerText()).not.toMatch(/home survey/i);
      await page.getByText('Boho', { exact: true }).click();
      await page.getByRole('button', { name: 'Complete' }).click();
      await page.waitForURL(/\/result$/);

      const decor = page.getByRole('region', { name: 'Decor ideas' });
      await decor.waitFor();
      expect(await decor.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(expect.arrayContaining(['Cane Armchair']));
      expect(await page.getByRole('region', { name: /Homes/ }).count()).toBe(0);
      const text = await page.locator('body').innerText();
      expect(text).not.toMatch(/home survey/i);
      expect(text).not.toMatch(/homes that fit/i);
      expect(text).toContain(title.toUpperCase());
      expect(await page.title()).toContain(title);
      // The specification's thank-you and answers table are as they were.
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Thank you for letting us know your preference. we will contact you soon!');
      expect(await page.getByRole('table').getByRole('row').filter({ hasText: 'Which style feels like you?' }).innerText()).toContain('Boho');
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(pageProblems(page)).toEqual([]);
    } finally {
      await activateDemoSurvey();
    }
  });

  it("shows staff the same matches, with their reasons, on the lead's page (on a phone)", async () => {
    await activateDemoSurvey();
    const email = `match-lead-${Date.now().toString(36)}@example.com`;
    await answerDemoSurvey(email);
    const page = await browser.newPage(PHONE);
    const staff = apiAs(await loginAsStaff(page));
    const list = await staff<{ items: Array<{ _id: string; email: string }> }>('GET', `/api/leads?q=${encodeURIComponent(email)}`);
    expect(list.status).toBe(200);
    expect(list.data.items.map((l) => l.email)).toEqual([email]);
    await page.goto(`/dashboard/leads/${list.data.items[0]!._id}`);

    const homes = page.getByRole('region', { name: 'Homes that fit' });
    await homes.waitFor();
    const lakeside = homes.getByRole('listitem').filter({ hasText: 'Lakeside Residency' });
    expect(await lakeside.innerText()).toBe(`Lakeside Residency — ${LAKESIDE_REASONS.join(', ')}`);
    // The best match comes first, as on /result.
    expect(await homes.getByRole('listitem').first().innerText()).toContain('Lakeside Residency');
    const decor = page.getByRole('region', { name: 'Decor ideas' });
    expect(await decor.getByRole('listitem').allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining('Cane Armchair')]));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });

  it("shows visitors the demo homes' prices and the decor tags on the public cards", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto('/viewProjects');
    const lakeside = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Lakeside Residency' }) });
    await expect.poll(() => lakeside.innerText()).toContain('₹95,00,000/-');
    // The price is one of the card's facts, named for screen readers.
    expect(await lakeside.locator('dt', { hasText: 'Price' }).count()).toBe(1);

    await page.goto('/viewProducts');
    const armchair = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Cane Armchair' }) });
    await expect.poll(() => armchair.innerText()).toContain('Living room, Boho, Scandinavian');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });

  it("shows staff the demo homes' prices and the decor tags in their tables, with fields to edit them", async () => {
    const page = await browser.newPage(DESKTOP);
    await loginAsStaff(page);
    await page.goto('/dashboard/project');
    const lakeside = page.getByRole('row').filter({ hasText: 'Lakeside Residency' });
    await expect.poll(() => lakeside.innerText()).toContain('₹95,00,000/-');
    expect(await page.getByLabel('Price (optional)').count()).toBe(1);
    await page.goto('/dashboard/decor');
    const armchair = page.getByRole('row').filter({ hasText: 'Cane Armchair' });
    await expect.poll(() => armchair.innerText()).toContain('Living room, Boho, Scandinavian');
    expect(await page.getByLabel('Tags (comma-separated)').count()).toBe(1);
  });
});
