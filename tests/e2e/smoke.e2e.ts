import { describe, expect, inject, it } from 'vitest';
import { baseURL, loginAsStaff, pageProblems, PHONE, useBrowser } from './browser';

const browser = useBrowser();

describe('smoke: npm start on a fresh data folder', () => {
  it('prints no build warnings (on a fresh checkout the first start builds the site)', () => {
    const output = inject('startOutput');
    // Vite's and Rolldown's warnings: "(!) …" and "[CODE] …" lines, and any line saying "warning".
    const warnings = output.split('\n').filter((line) => /^\s*\(!\)|\[[A-Z_]{6,}\]|\bwarn(ing)?\b/i.test(line));
    expect(warnings).toEqual([]);
  });

  it('serves the landing page with the main navigation', async () => {
    const page = await browser.newPage();
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
    expect(pageProblems(page)).toEqual([]);
  });

  it('answers unknown paths with 404 and the not-found page', async () => {
    const page = await browser.newPage(PHONE);
    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(404);
    await expect.poll(() => page.getByText('Sorry, the page you visited does not exist.').isVisible()).toBe(true);
  });

  it('sends a visitor without a token from /dashboard to /login, and lets staff in', async () => {
    const page = await browser.newPage();
    await page.goto('/dashboard');
    await page.waitForURL(/\/login\?next=%2Fdashboard/);
    await loginAsStaff(page);
    await page.goto('/dashboard');
    await page.waitForURL(`${baseURL()}/dashboard`);
    await expect.poll(() => page.getByRole('navigation', { name: 'Dashboard' }).isVisible()).toBe(true);
  });
});
