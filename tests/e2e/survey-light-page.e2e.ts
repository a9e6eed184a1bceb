// The survey's first page shown at the click without SurveyJS (light-survey.tsx, decision 0012): it
// asks what SurveyJS would ask, refuses what SurveyJS would refuse, works from the keyboard and in
// Hindi, and SurveyJS takes over at its button with the answers typed there, which reach the response.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_SURVEY } from '#server/features/surveys/campaigns.seed';
import { createActiveCampaign, staffApi } from './api';
import { baseURL, DESKTOP, pageProblems, PHONE, seriousA11yViolations, unique, useBrowser } from './browser';

const browser = useBrowser();

const TWO_PAGES = {
  title: 'Your next home',
  pages: [
    {
      name: 'first',
      elements: [
        {
          type: 'radiogroup',
          name: 'kind',
          title: 'What kind of home?',
          isRequired: true,
          choices: [
            { value: 'flat', text: 'Flat' },
            { value: 'villa', text: 'Villa' },
          ],
        },
        { type: 'checkbox', name: 'rooms', title: 'Rooms you need', choices: ['Study', 'Guest room'] },
        { type: 'text', name: 'city', title: 'Your city', isRequired: true },
        { type: 'comment', name: 'notes', title: 'Anything else?' },
      ],
    },
    {
      name: 'second',
      elements: [{ type: 'radiogroup', name: 'budget', title: 'Your budget', choices: [{ value: 'high', text: 'Over 1 crore' }, 'Under 1 crore'] }],
    },
  ],
};

const HINDI = {
  pages: [
    {
      name: 'only',
      elements: [
        { type: 'text', name: 'city', title: { default: 'Your city', hi: 'आपका शहर' }, isRequired: true },
        { type: 'radiogroup', name: 'bhk', title: { default: 'Bedrooms', hi: 'बेडरूम' }, choices: [{ value: 2, text: { default: 'Two', hi: 'दो' } }, 3] },
      ],
    },
  ],
};

/** The demo survey's first page (a page title, a radio group in two columns, a dropdown, a rating, a yes/no), then a page for SurveyJS. */
const DEMO_FIRST_PAGE = {
  title: DEMO_SURVEY.title,
  showQuestionNumbers: 'off',
  completeText: DEMO_SURVEY.completeText,
  pages: [DEMO_SURVEY.pages[0]!, { name: 'second', elements: [{ type: 'text', name: 'area', title: { default: 'Which area?', hi: 'कौन-सा इलाक़ा?' } }] }],
};

/** The stored responses of this campaign for this e-mail, as the studio reads them. */
async function storedAnswers(campaignId: string, email: string): Promise<unknown[]> {
  const staff = await staffApi();
  const answers = await staff<Array<{ email: string; result: string }>>('GET', `/api/campaign/answers/${campaignId}`);
  return answers.data.filter((a) => a.email === email).map((a) => JSON.parse(a.result) as unknown);
}

/** From the landing page (`home`) to the survey, as a visitor: the e-mail, then the button. */
async function start(page: Page, email: string, home = '/', button = 'Choose Your Lifestyle'): Promise<void> {
  await page.goto(home);
  await page.locator('input[name="email"]').fill(email);
  await page.getByRole('button', { name: button }).click();
}

/** Whether SurveyJS has drawn anything on the page. */
const surveyJsOnPage = (page: Page) => page.locator('.sd-root-modern').count();

describe('the first page before SurveyJS', () => {
  it('is on screen at the click without SurveyJS, refuses a missing answer, is answered from the keyboard, and its answers reach the response', async () => {
    const campaignId = await createActiveCampaign(await staffApi(), unique('E2E light '), TWO_PAGES);
    const page = await browser.newPage(PHONE);
    const email = `${unique('light-')}@example.com`;
    await start(page, email);
    await page.waitForURL(/\/startsurvey$/);
    await page.getByRole('radiogroup', { name: 'What kind of home?' }).waitFor();
    // Drawn without SurveyJS, as the runner draws it: the header, "Page 1 of 2", the questions.
    expect(await page.locator('.light-survey').count()).toBe(1);
    expect(await surveyJsOnPage(page)).toBe(0);
    expect(await page.getByRole('heading', { name: 'Your next home' }).isVisible()).toBe(true);
    expect(await page.getByText('Page 1 of 2').isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Next with the required questions unanswered: refused as SurveyJS refuses, focus on the first.
    await page.getByRole('button', { name: 'Next' }).click();
    expect(await page.getByRole('alert').filter({ hasText: 'Response required.' }).count()).toBe(2);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('kind');
    expect(await page.getByRole('textbox', { name: 'Your city' }).getAttribute('aria-invalid')).toBe('true');
    expect(await surveyJsOnPage(page)).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The keyboard alone: an arrow picks a choice, Tab moves on, Space ticks, then type.
    await page.keyboard.press('ArrowDown');
    expect(await page.getByRole('radio', { name: 'Villa' }).isChecked()).toBe(true);
    // Answered: its message goes, the other stays until it is answered.
    expect(await page.getByRole('alert').filter({ hasText: 'Response required.' }).count()).toBe(1);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    expect(await page.getByRole('checkbox', { name: 'Study' }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Pune');
    expect(await page.getByRole('textbox', { name: 'Your city' }).inputValue()).toBe('Pune');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Near a park');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');

    // SurveyJS takes over on the second page, with the first page's answers its own.
    await page.getByText('Your budget').waitFor();
    await expect.poll(() => page.getByText('Page 2 of 2').filter({ visible: true }).isVisible()).toBe(true);
    expect(await page.locator('.light-survey').count()).toBe(0);
    await page.getByRole('button', { name: 'Previous' }).click();
    expect(await page.getByRole('radio', { name: 'Villa' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Study' }).isChecked()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Your city' }).inputValue()).toBe('Pune');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Over 1 crore', { exact: true }).click();
    await page.getByRole('button', { name: 'Complete' }).click();
    await page.waitForURL(/\/result$/);

    await expect
      .poll(() => storedAnswers(campaignId, email))
      .toEqual([{ kind: 'villa', rooms: ['Study'], city: 'Pune', notes: 'Near a park', budget: 'high' }]);
    expect(pageProblems(page)).toEqual([]);
  });

  it('is in Hindi on a Hindi page, and its button sends a one-page survey with the answers', async () => {
    const campaignId = await createActiveCampaign(await staffApi(), unique('E2E light hi '), HINDI);
    const page = await browser.newPage(DESKTOP);
    const email = `${unique('light-hi-')}@example.com`;
    await start(page, email, '/hi/', 'अपनी जीवनशैली चुनें');
    await page.waitForURL(`${baseURL()}/hi/startsurvey`);
    await page.getByRole('textbox', { name: 'आपका शहर' }).waitFor();
    expect(await surveyJsOnPage(page)).toBe(0);
    expect(await page.getByText('1 में से पृष्ठ 1').isVisible()).toBe(true);
    expect(await page.getByRole('radio', { name: 'दो' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'भेजें' }).click();
    expect(await page.getByRole('alert').filter({ hasText: 'कृपया प्रश्न का उत्तर दें' }).count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('textbox', { name: 'आपका शहर' }).fill('पुणे');
    await page.getByRole('radio', { name: 'दो' }).check();
    await page.getByRole('button', { name: 'भेजें' }).click();

    // SurveyJS sends it as its own "Complete" would: straight to /hi/result.
    await page.waitForURL(`${baseURL()}/hi/result`);
    await expect.poll(() => storedAnswers(campaignId, email)).toEqual([{ city: 'पुणे', bhk: 2 }]);
    expect(pageProblems(page)).toEqual([]);
  });

  it("draws the demo survey's first page (dropdown, rating, yes/no) without SurveyJS, answered from the keyboard at 360 px, and SurveyJS takes over with its answers", async () => {
    const campaignId = await createActiveCampaign(await staffApi(), unique('E2E light demo '), DEMO_FIRST_PAGE);
    const page = await browser.newPage({ width: 360, height: 780 });
    const email = `${unique('light-demo-')}@example.com`;
    await start(page, email);
    await page.waitForURL(/\/startsurvey$/);
    await page.getByRole('radiogroup', { name: 'What kind of home are you looking for?' }).waitFor();
    expect(await surveyJsOnPage(page)).toBe(0);
    expect(await page.getByRole('heading', { name: 'Your next home' }).isVisible()).toBe(true);
    expect(await page.getByText('Page 1 of 2').isVisible()).toBe(true);
    const budget = page.getByRole('combobox', { name: 'What is your budget?' });
    expect(await budget.locator('option:checked').innerText()).toBe('Choose a range');
    expect(await page.getByRole('radiogroup', { name: 'How many bedrooms?' }).getByRole('radio').count()).toBe(5);
    const loan = page.getByRole('radiogroup', { name: 'Would you like help arranging a home loan?' });
    expect(await loan.getByRole('radio', { name: 'Yes' }).isVisible()).toBe(true);
    expect(await loan.getByRole('radio', { name: 'No' }).isVisible()).toBe(true);
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Next: the three required questions refused, focus on the first.
    await page.getByRole('button', { name: 'Next' }).click();
    expect(await page.getByRole('alert').filter({ hasText: 'Response required.' }).count()).toBe(3);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('propertyType');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The keyboard alone: arrows pick a kind of home, Tab to the list and an arrow picks a range, Tab
    // to the rating and arrows pick 3 BHK, Tab to the yes/no and Space says yes, Tab and Enter.
    await page.keyboard.press('ArrowDown');
    expect(await page.getByRole('radio', { name: 'Villa' }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLSelectElement | null)?.name)).toBe('budget');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await budget.locator('option:checked').innerText()).toBe('₹50 lakh – ₹1 crore');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    expect(await page.getByRole('radio', { name: '1 BHK' }).isChecked()).toBe(true);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: '3 BHK' }).isChecked()).toBe(true);
    expect(await page.getByRole('alert').filter({ hasText: 'Response required.' }).count()).toBe(0);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    expect(await page.getByRole('radio', { name: 'Yes' }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');

    // SurveyJS on the second page, and back on the first with the answers its own.
    await page.getByText('Which area?').waitFor();
    expect(await page.locator('.light-survey').count()).toBe(0);
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText('What kind of home are you looking for?').waitFor();
    expect(await page.getByRole('radio', { name: 'Villa' }).isChecked()).toBe(true);
    expect(await page.locator('.sd-dropdown').first().innerText()).toContain('₹50 lakh – ₹1 crore');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: 'Which area?' }).fill('Whitefield');
    await page.getByRole('button', { name: 'Send my preferences' }).click();
    await page.waitForURL(/\/result$/);
    await expect
      .poll(() => storedAnswers(campaignId, email))
      .toEqual([{ propertyType: 'villa', budget: 10000000, bedrooms: 3, homeLoan: true, area: 'Whitefield' }]);
    expect(pageProblems(page)).toEqual([]);
  });

  it("draws the demo survey's first page in Hindi on a Hindi page, and its answers reach the response", async () => {
    const campaignId = await createActiveCampaign(await staffApi(), unique('E2E light demo hi '), DEMO_FIRST_PAGE);
    const page = await browser.newPage(PHONE);
    const email = `${unique('light-demo-hi-')}@example.com`;
    await start(page, email, '/hi/', 'अपनी जीवनशैली चुनें');
    await page.waitForURL(`${baseURL()}/hi/startsurvey`);
    await page.getByRole('radiogroup', { name: 'आप किस तरह का घर ढूँढ रहे हैं?' }).waitFor();
    expect(await surveyJsOnPage(page)).toBe(0);
    expect(await page.getByRole('heading', { name: 'आपका अगला घर' }).isVisible()).toBe(true);
    const budget = page.getByRole('combobox', { name: 'आपका बजट क्या है?' });
    expect(await budget.locator('option:checked').innerText()).toBe('एक सीमा चुनें');
    expect(await page.getByRole('radio', { name: 'हाँ' }).isVisible()).toBe(true);
    expect(await page.getByRole('radio', { name: 'नहीं' }).isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByText('अपार्टमेंट', { exact: true }).click();
    await budget.selectOption({ label: '₹1 करोड़ – ₹2 करोड़' });
    await page.getByRole('radio', { name: '2 बीएचके' }).check();
    await page.getByRole('radio', { name: 'नहीं' }).check();
    await page.getByRole('button', { name: 'अगला' }).click();
    await page.getByRole('textbox', { name: 'कौन-सा इलाक़ा?' }).fill('इंदिरानगर');
    await page.getByRole('button', { name: 'मेरी पसंद भेजें' }).click();
    await page.waitForURL(`${baseURL()}/hi/result`);
    await expect
      .poll(() => storedAnswers(campaignId, email))
      .toEqual([{ propertyType: 'apartment', budget: 20000000, bedrooms: 2, homeLoan: false, area: 'इंदिरानगर' }]);
    expect(pageProblems(page)).toEqual([]);
  });

  it('is left to SurveyJS when the first page has a question it does not draw', async () => {
    await createActiveCampaign(await staffApi(), unique('E2E light fallback '), {
      pages: [{ name: 'p', elements: [{ type: 'tagbox', name: 'city', title: 'Which cities?', choices: ['Pune', 'Goa'] }] }],
    });
    const page = await browser.newPage(DESKTOP);
    await start(page, `${unique('light-fallback-')}@example.com`);
    await page.getByText('Which cities?').waitFor();
    expect(await page.locator('.light-survey').count()).toBe(0);
    expect(pageProblems(page)).toEqual([]);
  });

  it('goes back to the landing page with Back, and forward to the first page again', async () => {
    await createActiveCampaign(await staffApi(), unique('E2E light back '), TWO_PAGES);
    const page = await browser.newPage(DESKTOP);
    await start(page, `${unique('light-back-')}@example.com`);
    await page.getByRole('radiogroup', { name: 'What kind of home?' }).waitFor();
    await page.getByRole('radio', { name: 'Flat' }).check();
    await page.goBack();
    await page.waitForURL(`${baseURL()}/`);
    await page.getByRole('button', { name: 'Choose Your Lifestyle' }).waitFor();
    expect(await page.locator('.light-survey').count()).toBe(0);
    await page.goForward();
    await page.waitForURL(/\/startsurvey$/);
    await page.getByRole('radiogroup', { name: 'What kind of home?' }).waitFor();
    expect(pageProblems(page)).toEqual([]);
  });
});
