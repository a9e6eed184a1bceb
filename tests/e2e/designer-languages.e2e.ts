import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createCampaign, staffApi } from './api';
import { DESKTOP, loginAsStaff, pageProblems, PHONE, seriousA11yViolations, unique, useBrowser } from './browser';

/**
 * The designer edits a survey in several languages (decision 0026): staff add Hindi, translate texts
 * side by side, watch the count of untranslated texts, preview in Hindi and save through the real
 * server; what is stored changes only in the translated strings.
 */
const browser = useBrowser();

/** A survey written elsewhere: properties Abode does not know, a plain-string choice, no Hindi. */
const SURVEY = {
  title: 'Find a home',
  'x-vendor': { id: 12, tags: ['a', 'b'] },
  pages: [
    {
      name: 'p1',
      elements: [
        { type: 'radiogroup', name: 'kind', title: 'Kind of home', 'x-crm': { field: 3 }, choices: [{ value: 'flat', text: 'Flat' }, 'Villa'] },
        { type: 'text', name: 'budget', title: 'Budget', isRequired: true, validators: [{ type: 'numeric', text: 'A number, please' }] },
      ],
    },
  ],
};

const HINDI_TITLE = 'आप किस तरह का घर चाहते हैं?';

async function openCampaign(page: Page, id: string): Promise<void> {
  await loginAsStaff(page);
  await page.goto(`/dashboard/campaign/edit?id=${encodeURIComponent(id)}`);
  await page.getByRole('heading', { name: 'Edit campaign', level: 1 }).waitFor();
  await page.getByRole('button', { name: /^Kind of home/ }).waitFor();
}

const count = (page: Page) => page.locator('[data-language-count="hi"]').innerText();

describe('the designer in several languages', () => {
  it('adds Hindi, translates side by side, counts, previews in Hindi, and saves only those strings', async () => {
    const staff = await staffApi();
    const id = await createCampaign(staff, unique('E2E languages'), SURVEY);
    const stored = (await staff<{ questions: string }>('GET', `/api/campagin/edit/${id}`)).data.questions;

    const page = await browser.newPage(DESKTOP);
    await openCampaign(page, id);
    const languages = page.getByRole('region', { name: 'Languages' });
    // No Hindi yet: only the default texts, and a button to add it.
    expect(await languages.locator('[data-language-count]').count()).toBe(0);
    await languages.getByRole('button', { name: 'Add Hindi' }).click();
    // Survey title, question title, two choices, the other question's title and its check's message.
    await expect.poll(() => count(page)).toBe('Hindi: 6 untranslated');
    expect(await languages.getByRole('switch', { name: 'Edit Hindi side by side' }).getAttribute('aria-checked')).toBe('true');

    await page.getByRole('button', { name: /^Kind of home/ }).click();
    const english = page.getByLabel('Question (English)', { exact: true });
    const hindi = page.getByLabel('Question (Hindi)', { exact: true });
    expect(await english.inputValue()).toBe('Kind of home');
    expect(await hindi.inputValue()).toBe('');
    expect(await hindi.getAttribute('lang')).toBe('hi');
    await hindi.fill(HINDI_TITLE);
    await expect.poll(() => count(page)).toBe('Hindi: 5 untranslated');

    // "Next untranslated" opens the survey's own title, then the first choice, with the cursor in the Hindi text.
    await languages.getByRole('button', { name: 'Next untranslated' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('survey-prop-title-hi');
    expect(await page.getByLabel('Survey title (English)').inputValue()).toBe('Find a home');
    await page.keyboard.type('घर खोजें');
    await expect.poll(() => count(page)).toBe('Hindi: 4 untranslated');
    await languages.getByRole('button', { name: 'Next untranslated' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Text of choice 1 (Hindi)');
    await page.keyboard.type('फ़्लैट');
    await expect.poll(() => count(page)).toBe('Hindi: 3 untranslated');
    expect(await seriousA11yViolations(page, { include: '.designer-page' })).toEqual([]);

    // A check's message, side by side too.
    await page.getByRole('button', { name: /^Budget/ }).click();
    await page.getByLabel('Message when check 1 (numeric) fails (Hindi)').fill('कृपया एक संख्या लिखें');
    await expect.poll(() => count(page)).toBe('Hindi: 2 untranslated');

    // The preview switches to Hindi: the Hindi title and SurveyJS's own Hindi buttons.
    await page.getByRole('tab', { name: 'Preview' }).click();
    const preview = page.locator('.designer-preview');
    await preview.getByText('Kind of home').waitFor({ timeout: 20_000 });
    await page.getByRole('combobox', { name: 'Preview language' }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Hindi"]').click();
    await preview.getByText(HINDI_TITLE).waitFor();
    await preview.getByText('घर खोजें').waitFor();
    await preview.getByText('फ़्लैट').waitFor();
    expect(await preview.getByText('Kind of home').count()).toBe(0);

    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Campaign updated successfully.').waitFor();
    const saved = (await staff<{ questions: string }>('GET', `/api/campagin/edit/${id}`)).data.questions;
    expect(saved).toBe(
      stored
        .replace('"title":"Find a home"', '"title":{"default":"Find a home","hi":"घर खोजें"}')
        .replace('"text":"A number, please"', '"text":{"default":"A number, please","hi":"कृपया एक संख्या लिखें"}')
        .replace('"title":"Kind of home"', `"title":{"default":"Kind of home","hi":"${HINDI_TITLE}"}`)
        .replace('"text":"Flat"', '"text":{"default":"Flat","hi":"फ़्लैट"}'),
    );
    expect(JSON.parse(saved).pages[0].elements[0].title).toEqual({ default: 'Kind of home', hi: HINDI_TITLE });
    expect(pageProblems(page)).toEqual([]);
  });

  it('on a phone: the two languages stack without sideways scrolling; removing Hindi restores the stored survey', async () => {
    const staff = await staffApi();
    const hindiSurvey = JSON.parse(JSON.stringify(SURVEY)) as { pages: Array<{ elements: Array<Record<string, unknown>> }> };
    hindiSurvey.pages[0]!.elements[0]!.title = { default: 'Kind of home', hi: HINDI_TITLE };
    const id = await createCampaign(staff, unique('E2E languages phone'), hindiSurvey);
    const page = await browser.newPage(PHONE);
    await openCampaign(page, id);
    // Hindi is in the survey: it opens side by side.
    await expect.poll(() => count(page)).toBe('Hindi: 5 untranslated');
    await page.getByRole('button', { name: /^Kind of home/ }).click();
    const hindi = page.getByLabel('Question (Hindi)', { exact: true });
    expect(await hindi.inputValue()).toBe(HINDI_TITLE);
    const [english, translated] = await Promise.all([page.getByLabel('Question (English)', { exact: true }).boundingBox(), hindi.boundingBox()]);
    expect(translated!.y, 'stacked on a phone').toBeGreaterThan(english!.y + english!.height - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'no sideways scrolling').toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page, { include: '.designer-page' })).toEqual([]);

    await page.getByRole('button', { name: 'Remove Hindi' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove Hindi' }).click();
    await page.getByRole('button', { name: 'Add Hindi' }).waitFor();
    expect(await page.getByLabel('Question', { exact: true }).inputValue()).toBe('Kind of home');
    await page.getByRole('tab', { name: 'JSON' }).click();
    expect(JSON.parse(await page.getByLabel('Survey definition (SurveyJS JSON)').inputValue())).toEqual(SURVEY);
    expect(pageProblems(page)).toEqual([]);
  });
});
