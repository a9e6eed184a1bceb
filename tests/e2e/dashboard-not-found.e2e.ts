import { describe, expect, it } from 'vitest';
import { baseURL, pageProblems, PHONE, seriousA11yViolations, useBrowser } from './browser';

const browser = useBrowser();

/** The not-found page's text, as the public site shows it for an unknown path. */
const NOT_FOUND = 'Sorry, the page you visited does not exist.';

describe('an unknown path under /dashboard', () => {
  it('shows the not-found page inside the staff layout (404), whose link goes back to the dashboard', async () => {
    for (const path of ['/dashboard/nope', '/dashboard/channels/0b6d1f3e-1111-4222-8333-444455556666']) {
      const page = await browser.staffPage(PHONE);
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
      await expect.poll(() => page.getByText(NOT_FOUND).isVisible()).toBe(true);
      expect(await page.getByText('Something went wrong').count()).toBe(0);
      // Inside the staff layout: its navigation is there.
      expect(await page.getByRole('navigation', { name: 'Dashboard' }).count()).toBe(1);
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.getByRole('link', { name: 'Back to the dashboard' }).click();
      await page.waitForURL(`${baseURL()}/dashboard`);
      await page.getByRole('heading', { name: 'Survey campaigns', level: 1 }).waitFor();
      expect(pageProblems(page).filter((p) => !p.includes('404'))).toEqual([]);
    }
  });

  it('sends a visitor who is not logged in to log in first, as every dashboard path does', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto('/dashboard/nope');
    await page.waitForURL(`${baseURL()}/login?next=%2Fdashboard%2Fnope`);
    await page.getByLabel('Username').waitFor();
    expect(pageProblems(page)).toEqual([]);
  });
});
