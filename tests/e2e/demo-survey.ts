import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_CAMPAIGN_NAME } from '#server/features/surveys/campaigns.seed';
import { setCampaignActive, staffApi } from './api';

/** Other files activate their own campaigns: make the seeded demo survey the active one again. */
export async function activateDemoSurvey(): Promise<void> {
  const staff = await staffApi();
  const campaigns = await staff<Array<{ _id: string; name: string }>>('GET', '/api/campagin/all');
  expect(campaigns.status).toBe(200);
  expect(
    campaigns.data.map((c) => c.name),
    'the demo survey is seeded on a fresh data folder',
  ).toContain(DEMO_CAMPAIGN_NAME);
  const demo = campaigns.data.find((c) => c.name === DEMO_CAMPAIGN_NAME);
  await setCampaignActive(staff, demo!._id);
}

/**
 * Picks a choice in a SurveyJS dropdown as a keyboard user does: the list opens with ArrowDown (a
 * click on the field is taken by its prefix wrapper), then the option is clicked. The first key can
 * arrive before SurveyJS listens, and a list that closes while it opens leaves the option hidden:
 * then Escape, and again, until the choice is made.
 */
export async function chooseInDropdown(page: Page, title: string, text: string): Promise<void> {
  // The first page before SurveyJS (light-survey.tsx) draws a dropdown as a native list and a rating
  // as a radio group: chosen there as a keyboard user would, with the list's own picking or a radio.
  if ((await page.locator('.light-survey').count()) > 0) {
    const group = page.getByRole('radiogroup', { name: title });
    if ((await group.count()) > 0) await group.getByRole('radio', { name: text, exact: true }).check();
    else await page.getByRole('combobox', { name: title }).selectOption({ label: text });
    return;
  }
  const box = page.getByRole('combobox', { name: title });
  const option = page.getByRole('option').filter({ hasText: text });
  await expect
    .poll(
      async () => {
        if ((await box.getAttribute('aria-expanded')) !== 'true') {
          await box.focus();
          await page.keyboard.press('ArrowDown');
        }
        try {
          await option.click({ timeout: 3_000 });
        } catch {
          await page.keyboard.press('Escape');
          return 'not chosen yet';
        }
        return box.getAttribute('aria-expanded');
      },
      { timeout: 30_000 },
    )
    .toBe('false');
}
