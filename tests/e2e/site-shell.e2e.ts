import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SiteSettings } from '#shared/site';
import { baseURL, DESKTOP, pageProblems, PHONE, useBrowser, waitForApp } from './browser';

/** The public site's frame on every page: the top menu, the keyboard path through it, the footer, the 404 page. */
const browser = useBrowser();

/** Top menu entries and where they lead (SPEC.md §2). */
const MENU: Array<[label: string, path: string]> = [
  ['Advanced Survey', '/'],
  ['Homes', '/viewProjects'],
  ['Decor', '/viewProducts'],
  ['Studio', '/viewStudio'],
  ['Contact', '/viewContact'],
  ['About', '/viewAboutus'],
  ['Ask Quote', '/viewContact'],
  ['Login', '/login'],
];

/** The visible "Main" navigation; on phones it is behind the menu button, which is opened first. */
async function openMainMenu(page: Page, phone: boolean) {
  if (phone) {
    const button = page.locator('summary', { hasText: 'Menu' });
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    await button.click();
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
  }
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect.poll(() => nav.isVisible()).toBe(true);
  return nav;
}

for (const viewport of [PHONE, DESKTOP]) {
  const phone = viewport === PHONE;

  describe(`site shell at ${viewport.width} px`, () => {
    it('leads every top-menu entry to its page and marks the current one', async () => {
      const page = await browser.newPage(viewport);
      await page.goto('/viewAboutus');
      // One menu at a time: the desktop bar on wide screens, the menu button on phones.
      await expect.poll(() => page.locator('summary', { hasText: 'Menu' }).isVisible()).toBe(phone);
      for (const [label, path] of MENU) {
        const nav = await openMainMenu(page, phone);
        await nav.getByRole('link', { name: label, exact: true }).click();
        await page.waitForURL(`${baseURL()}${path}`);
        if (phone) {
          // The menu closes itself after navigating.
          await expect.poll(() => page.locator('summary', { hasText: 'Menu' }).getAttribute('aria-expanded')).toBe('false');
          await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
        }
        if (label !== 'Ask Quote') {
          const current = (await openMainMenu(page, phone)).locator('[aria-current="page"]');
          await expect.poll(() => current.allTextContents()).toEqual([label]);
          if (phone) await page.keyboard.press('Escape');
        }
      }
      expect(pageProblems(page)).toEqual([]);
    });

    it('works from the keyboard: skip link, menu, Escape', async () => {
      const page = await browser.newPage(viewport);
      await page.goto('/viewContact');
      await page.getByRole('heading', { level: 1 }).waitFor();
      // The journey below follows links within the app (a native load would leave focus on the page).
      await waitForApp(page);

      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      await expect.poll(() => skip.evaluate((el) => el === document.activeElement)).toBe(true);
      await expect.poll(() => skip.isVisible()).toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');

      await page.locator('.brand').first().focus();
      if (phone) {
        const button = page.locator('summary', { hasText: 'Menu' });
        await page.keyboard.press('Tab');
        await expect.poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true);
        await page.keyboard.press('Enter');
        await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
        await page.keyboard.press('Escape');
        await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
        await expect.poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true);
        await page.keyboard.press('Enter');
        await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
      }
      // The next two stops are the first two entries of the menu.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Homes');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${baseURL()}/viewProjects`);
      // Focus moves to the new page's content instead of staying on a menu link.
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');

      if (phone) {
        // Tabbing past the last entry leaves the menu, which closes instead of covering the page.
        const button = page.locator('summary', { hasText: 'Menu' });
        await button.focus();
        await page.keyboard.press('Enter');
        await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
        for (let i = 0; i < MENU.length; i++) await page.keyboard.press('Tab');
        await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Login');
        await page.keyboard.press('Tab');
        await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
      }
      expect(pageProblems(page)).toEqual([]);
    });

    it('shows the studio details and a copyright line in the footer', async () => {
      const site = (await (await fetch(`${baseURL()}/api/site`)).json()) as SiteSettings;
      const page = await browser.newPage(viewport);
      await page.goto('/viewAboutus');
      const footer = page.getByRole('contentinfo');
      await expect.poll(() => footer.textContent()).toContain(`© ${new Date().getFullYear()} ${site.name}`);
      for (const [name, url] of [
        ['Instagram', site.social.instagram],
        ['Facebook', site.social.facebook],
        ['LinkedIn', site.social.linkedin],
      ] as const) {
        const link = footer.getByRole('link', { name: new RegExp(`^${name}`) });
        expect(await link.getAttribute('href')).toBe(url);
        expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
      }
      expect(await footer.getByRole('link', { name: site.email }).getAttribute('href')).toBe(`mailto:${site.email}`);
      expect(await footer.getByRole('link', { name: site.phone }).getAttribute('href')).toMatch(/^tel:\+?\d+$/);
      expect(await footer.textContent()).toContain(site.address);
      expect(pageProblems(page)).toEqual([]);
    });

    it('shows five service cards on the about page, each leading to the contact page', async () => {
      const page = await browser.newPage(viewport);
      await page.goto('/viewAboutus');
      const services = page.getByRole('region', { name: 'What we do' });
      const links = services.getByRole('link');
      await expect.poll(() => links.count()).toBe(5);
      const names = await links.allTextContents();
      expect(names[0]).toBe('Find Homes');
      expect(names[4]).toBe('Get Quote');
      for (let i = 0; i < 5; i++) expect(await links.nth(i).getAttribute('href')).toBe('/viewContact');
      await links.nth(2).click();
      await page.waitForURL(`${baseURL()}/viewContact`);
      expect(pageProblems(page)).toEqual([]);
    });

    it('answers an unknown path with the 404 page and a way back home', async () => {
      const page = await browser.newPage(viewport);
      const res = await page.goto('/viewAboutus/nothing-here');
      expect(res?.status()).toBe(404);
      await expect.poll(() => page.getByText('Sorry, the page you visited does not exist.').isVisible()).toBe(true);
      await page.getByRole('link', { name: 'Back Home' }).click();
      await page.waitForURL(`${baseURL()}/`);
    });
  });
}
