import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES } from '#shared/surveys/campaigns.contract';
import { createActiveCampaign, staffApi } from './api';
import { beginSurvey, failCalls, pageProblems, PHONE, unique, useBrowser } from './browser';
import { HOME_TYPE_QUESTION } from './questions';

/*
 * After Complete, SurveyJS's own completed page ("Thank you for completing the
 * survey") never shows, not even for a frame; /result shows the specification's thank-you and the
 * answers at once; a failed store keeps the visitor on the last page with the answers.
 */

const browser = useBrowser();

const SURVEY = {
  title: 'Finishing touches',
  pages: [
    { name: 'kind', elements: [HOME_TYPE_QUESTION] },
    { name: 'notes', elements: [{ type: 'comment', name: 'notes', title: 'Anything else?' }] },
  ],
};

interface Frames {
  /** What each animation frame (and each DOM change) showed after the click, in order, deduplicated. */
  seen: string[];
  /** True once anything of SurveyJS's completed page was in the document. */
  completedPage: boolean;
}

/**
 * Watches the page from the start of every document: on each DOM change and each animation frame it
 * notes what the visitor sees (the survey, the result page, SurveyJS's completed page, or neither).
 */
async function watchFrames(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __frames: Frames; __watching: boolean };
    w.__frames = { seen: [], completedPage: false };
    w.__watching = false;
    const look = () => {
      if (!w.__watching) return;
      const body = document.body;
      if (!body) return;
      const completed =
        document.querySelector('.sd-completedpage, .sv-completedpage, .sd-completed-page, .sv_completed_page') !== null ||
        /Thank you for completing/i.test(body.textContent ?? '');
      if (completed) w.__frames.completedPage = true;
      const state = completed
        ? 'completed'
        : document.getElementById('result-title') && document.querySelector('.result-table tbody tr')
          ? 'result'
          : document.querySelector('.sd-question')
            ? 'survey'
            : 'neither';
      const seen = w.__frames.seen;
      if (seen[seen.length - 1] !== state) seen.push(state);
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
    const frame = () => {
      look();
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

const frames = (page: Page) => page.evaluate(() => (window as unknown as { __frames: Frames }).__frames);

async function answerBothPages(page: Page, notes: string): Promise<void> {
  await page.getByText('What kind of home?').waitFor();
  await page.getByText('Villa', { exact: true }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'Anything else?' }).fill(notes);
}

/** Clicks Complete with the watch switched on from that moment. */
async function complete(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: 'Complete' });
  await button.waitFor();
  await page.evaluate(() => {
    (window as unknown as { __watching: boolean }).__watching = true;
  });
  await button.click();
}

describe('completing the survey', () => {
  beforeAll(async () => {
    await createActiveCampaign(await staffApi(), unique('E2E complete '), SURVEY);
  });

  for (const cpu of [1, 4]) {
    it(`goes from Complete straight to /result without SurveyJS's completed page (CPU ×${cpu})`, async () => {
      const page = await browser.newPage(PHONE);
      await watchFrames(page);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });

      await beginSurvey(page, `${unique('complete-')}@example.com`);
      await answerBothPages(page, 'A quiet street');
      await complete(page);

      await page.waitForURL(/\/result$/);
      await page.getByText(CAMPAIGN_MESSAGES.thankYou).waitFor();
      await page.getByRole('cell', { name: 'A quiet street' }).waitFor();
      const watched = await frames(page);
      expect(watched.completedPage, `frames seen: ${watched.seen.join(' → ')}`).toBe(false);
      // From the click to the result, every frame showed the survey or the result: no blank page or spinner between.
      expect(watched.seen).toEqual(['survey', 'result']);
      // Still not there once everything has settled.
      await page.waitForLoadState('networkidle');
      expect((await frames(page)).completedPage).toBe(false);
      expect(pageProblems(page)).toEqual([]);
    });
  }

  it('keeps the visitor on the last page with the answers and a clear message when the response cannot be stored', async () => {
    const page = await browser.newPage(PHONE);
    await watchFrames(page);
    const sending = await failCalls(page, '**/api/campaign/response/**', { method: 'POST', message: 'Down for a moment.' });

    await beginSurvey(page, `${unique('complete-fail-')}@example.com`);
    await answerBothPages(page, 'Keep me');
    await complete(page);

    await page.getByText(CAMPAIGN_MESSAGES.submitFailed, { exact: false }).waitFor();
    expect(sending.count()).toBe(1);
    expect(page.url()).toMatch(/\/startsurvey$/);
    expect(await page.getByRole('textbox', { name: 'Anything else?' }).inputValue()).toBe('Keep me');
    expect(await page.getByRole('button', { name: 'Complete' }).isVisible()).toBe(true);
    // Settled: still the last page, never the completed page.
    await page.waitForTimeout(500);
    const watched = await frames(page);
    expect(watched.completedPage).toBe(false);
    expect(watched.seen).toEqual(['survey']);
    expect(page.url()).toMatch(/\/startsurvey$/);

    // Sent again once the server is back: the result follows.
    sending.recover();
    await page.getByRole('button', { name: 'Complete' }).click();
    await page.waitForURL(/\/result$/);
    await page.getByRole('cell', { name: 'Keep me' }).waitFor();
    expect((await frames(page)).completedPage).toBe(false);
  });
});
