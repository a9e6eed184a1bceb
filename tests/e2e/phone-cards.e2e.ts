import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { answerAsVisitor, apiAs, createCampaign, setCampaignActive, visitorApi } from './api';
import { loginAsStaff, pageProblems, PHONE, useBrowser } from './browser';

/**
 * On a 390 px phone the contact responses and a campaign's answers are read as a card
 * per row, without sideways scrolling (the wide tables showed only e-mail and date there).
 */
const browser = useBrowser();
const RUN = Date.now().toString(36);

/** The page does not scroll sideways, and the element lies wholly inside the phone's width as first shown. */
async function expectReadableOnPhone(page: Page, target: Locator): Promise<void> {
  await target.waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // No scrolling into view here: that would scroll a wide table sideways and hide the problem.
  const box = await target.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
}

describe('staff lists on a 390 px phone', () => {
  it('shows a contact message as a card, with no sideways scrolling', async () => {
    const message = `Please call me about a 3 BHK in Pune ${RUN}`;
    const sent = await visitorApi('POST', '/api/contactus/add', {
      response: { firstname: 'Asha', lastname: 'Kulkarni', email: `phone-${RUN}@example.com`, requestquotation: 'Homes', message },
    });
    expect(sent.status).toBeLessThan(300);

    const page = await browser.newPage(PHONE);
    await loginAsStaff(page);
    await page.goto('/dashboard/fetch/contactus');
    await expectReadableOnPhone(page, page.getByText(message, { exact: true }).locator('visible=true').first());
    await expectReadableOnPhone(
      page,
      page
        .getByRole('link', { name: `phone-${RUN}@example.com` })
        .locator('visible=true')
        .first(),
    );
    expect(pageProblems(page)).toEqual([]);
  });

  it("shows a campaign's answers as cards, each question with its answer, with no sideways scrolling", async () => {
    const page = await browser.newPage(PHONE);
    const staff = apiAs(await loginAsStaff(page));
    const name = `Phone cards ${RUN}`;
    const survey = {
      pages: [{ name: 'p1', elements: [{ type: 'comment', name: 'wish', title: 'What would make it home?' }] }],
    };
    const id = await createCampaign(staff, name, survey);
    // Only the active campaign takes answers; the one active before is active again afterwards.
    const before = await staff<Array<{ _id: string }>>('GET', '/api/campagin/active');
    expect(before.status).toBe(200);
    await setCampaignActive(staff, id);
    const answer = `A sunny balcony with plants ${RUN}`;
    try {
      await answerAsVisitor(id, `phone-answer-${RUN}@example.com`, { wish: answer });
    } finally {
      const previous = before.data[0]?._id;
      if (previous) await setCampaignActive(staff, previous);
    }

    await page.goto('/dashboard');
    await page
      .locator('.campaign-card')
      .filter({ has: page.getByText(name, { exact: true }) })
      .getByRole('button', { name: 'Results' })
      .click();
    await page.waitForURL(/\/dashboard\/campaign\/result$/);
    const responses = page.getByRole('region', { name: 'Responses' });
    await expectReadableOnPhone(page, responses.getByText(answer, { exact: true }).locator('visible=true').first());
    await expectReadableOnPhone(page, responses.getByText('What would make it home?').locator('visible=true').first());
    expect(pageProblems(page)).toEqual([]);
  });
});
