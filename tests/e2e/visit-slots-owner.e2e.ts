import { describe, expect, it } from 'vitest';
import { loginAsStaff, pageProblems, seriousA11yViolations, useBrowser } from './browser';

/*
 * Decision 0013: the owner's visit slots on /dashboard/visits come with the page's data
 * (its loader), not from effects after it drew: the first studio location's form is there when the
 * page shows, in the studio's time zone from the settings; another location's loads when picked.
 */

const browser = useBrowser();

describe('the owner’s visit slots on the visits page', () => {
  it('shows the first location’s slots with the page, loads another when picked, and saves', async () => {
    const page = await browser.newPage({ width: 1280, height: 900 });
    const settingsCalls: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/visits\/settings\//.test(new URL(request.url()).pathname)) settingsCalls.push(new URL(request.url()).pathname);
    });
    await loginAsStaff(page);
    await page.goto('/dashboard/visits');
    const form = page.getByRole('form', { name: 'Visit slots' });
    await form.waitFor();
    // The slots' form is drawn with the week: both came from the loader, one settings call.
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Site visits');
    expect(await form.getByText(/Times are in the studio's time zone, [A-Za-z_/]+\./).count()).toBe(1);
    expect(settingsCalls).toHaveLength(1);

    const studios = page.locator('#slots-studio');
    await studios.click();
    const options = page.locator('.ant-select-item-option');
    const count = await options.count();
    if (count > 1) {
      await options.nth(1).click();
      await expect.poll(() => settingsCalls.length).toBe(2);
      await form.waitFor();
    } else {
      await page.keyboard.press('Escape');
    }
    await form.getByRole('button', { name: 'Save visit slots' }).click();
    await page.getByText('Visit slots saved.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });
});
