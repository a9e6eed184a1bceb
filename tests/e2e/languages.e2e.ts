import { describe, expect, it } from 'vitest';
import { baseURL, pageProblems, PHONE, seriousA11yViolations, useBrowser, waitForApp } from './browser';

// Issue 27: the language switch on a phone keeps the visitor on the page, the Hindi page hydrates
// with its own catalogue (no mismatch with the server's render), and both versions pass axe.
const browser = useBrowser();

describe('the language switch at 390 px', () => {
  it('opens the same page in Hindi and back in English, remembers the choice, and stays accessible', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto('/viewProjects');
    await waitForApp(page);

    // The header holds the switch, next to the menu button; the footer has one too.
    await page.locator('header').getByRole('link', { name: /Read in Hindi/ }).click();
    await page.waitForURL(`${baseURL()}/hi/viewProjects`);
    expect(await page.getAttribute('html', 'lang')).toBe('hi');
    // The Devanagari font's stylesheet comes with Hindi pages only.
    expect(await page.locator('link[rel="stylesheet"][href*="devanagari"]').count()).toBe(1);
    await waitForApp(page);
    expect(await page.locator('h1').textContent()).toBe('हमारे बन रहे घर');
    // Once the app runs, links stay in Hindi (the router's basename).
    await page.locator('summary', { hasText: 'मेन्यू' }).click();
    await page.getByRole('navigation', { name: 'मुख्य' }).getByRole('link', { name: 'स्टूडियो', exact: true }).click();
    await page.waitForURL(`${baseURL()}/hi/viewStudio`);
    expect(await page.locator('h1').textContent()).toBe('स्टूडियो आइए');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The choice is remembered: the home page opens in Hindi.
    await page.goto('/');
    await page.waitForURL(`${baseURL()}/hi/`);

    // The footer's switch leads back to the same page in English.
    await page.goto('/hi/viewStudio');
    await page.locator('footer').getByRole('link', { name: /Read in English/ }).click();
    await page.waitForURL(`${baseURL()}/viewStudio`);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.locator('link[rel="stylesheet"][href*="devanagari"]').count()).toBe(0);
    expect(await page.locator('h1').textContent()).toBe('Visit a studio');
    await waitForApp(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.goto('/');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(pageProblems(page)).toEqual([]);
  });
});
