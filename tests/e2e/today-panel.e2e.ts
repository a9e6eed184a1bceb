import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Today } from '#shared/dashboard/today.contract';
import { staffApi, visitorApi, type Api } from './api';
import { DESKTOP, E2E_STAFF, failCalls, loginAsStaff, pageProblems, seriousA11yViolations, useBrowser } from './browser';

const browser = useBrowser();
const RUN = Date.now().toString(36);
const PHONE_360 = { width: 360, height: 740 } as const;

let callApi: Api;
const email = `today-${RUN}@example.com`;
const message = `Please call me about the 2 BHK, ${RUN}`;

beforeAll(async () => {
  callApi = await staffApi();
  // A new lead and an unread message, waiting on the panel.
  const sent = await visitorApi('POST', '/api/contactus/add', { response: { firstname: 'Tara', lastname: RUN, email, requestquotation: 'Homes', message } });
  expect(sent.status).toBe(201);
});

async function figures(): Promise<Today> {
  const res = await callApi<Today>('GET', '/api/dashboard/today');
  expect(res.status).toBe(200);
  return res.data;
}

const panel = (page: Page) => page.getByRole('region', { name: 'Today' });
const figure = (page: Page, key: string) => panel(page).locator(`a[data-figure="${key}"]`);

async function logInThroughForm(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(E2E_STAFF.email);
  await page.getByLabel(/^Password/).fill(E2E_STAFF.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/dashboard$/);
}

describe('the dashboard Today panel', () => {
  it('after login shows what is waiting above the campaign cards, which stay as the specification has them', async () => {
    const page = await browser.newPage(DESKTOP);
    await logInThroughForm(page);
    const expected = await figures();
    expect(expected.newLeads.count).toBeGreaterThan(0);
    expect(expected.unreadMessages.count).toBeGreaterThan(0);

    await figure(page, 'newLeads').waitFor();
    for (const [key, label] of [
      ['newLeads', /new leads?\b/],
      ['overdueLeads', /overdue leads?\b/],
      ['visitsToday', /site visits? today\b/],
      ['visitsTomorrow', /site visits? tomorrow\b/],
      ['unreadMessages', /unread messages?\b/],
    ] as const) {
      const link = figure(page, key);
      expect(await link.locator('.today-figure__count').innerText()).toBe(String(expected[key].count));
      expect(await link.innerText()).toMatch(label);
      expect(await link.getAttribute('href')).toBe(expected[key].link);
      // Its name for screen readers says how many and where it goes.
      expect(
        await panel(page)
          .getByRole('link', { name: new RegExp(`^${expected[key].count} .+: open `) })
          .and(link)
          .count(),
      ).toBe(1);
    }

    // The specification's cards: "Start new campaign" first, then every campaign in the list's order.
    const campaigns = (await callApi<Array<{ name: string }>>('GET', '/api/campagin/all')).data;
    const grid = page.locator('ul.campaign-grid');
    expect(
      await grid
        .locator('> li')
        .first()
        .getByRole('button', { name: /Start new campaign/ })
        .isVisible(),
    ).toBe(true);
    expect(await grid.locator('.campaign-card__name').allInnerTexts()).toEqual(campaigns.map((c) => c.name));
    // The panel is above the cards.
    const panelBox = (await panel(page).boundingBox())!;
    const gridBox = (await grid.boundingBox())!;
    expect(panelBox.y + panelBox.height).toBeLessThanOrEqual(gridBox.y);

    expect(await seriousA11yViolations(page, { include: '.today-panel' })).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });

  it('each figure opens its filtered list; opening the unread message marks it read', async () => {
    const page = await browser.newPage(DESKTOP);
    await loginAsStaff(page);
    const expected = await figures();

    await page.goto('/dashboard');
    await figure(page, 'newLeads').click();
    await page.waitForURL(/\/dashboard\/leads\?status=new$/);
    await page.getByText(email).first().waitFor();

    await page.goto('/dashboard');
    await figure(page, 'overdueLeads').click();
    await page.waitForURL(/\/dashboard\/leads\?overdue=true$/);
    await page.getByRole('heading', { level: 1 }).waitFor();

    await page.goto('/dashboard');
    await figure(page, 'visitsTomorrow').click();
    await page.waitForURL(new RegExp(`/dashboard/visits\\?day=${expected.visitsTomorrow.day}$`));
    // The visits page opens on the week with that day picked.
    await expect.poll(() => page.locator('.visits-week-day--picked').count()).toBe(1);

    await page.goto('/dashboard');
    await figure(page, 'unreadMessages').click();
    await page.waitForURL(/\/dashboard\/fetch\/contactus\?unread=1$/);
    await page
      .getByRole('status')
      .filter({ hasText: /unread messages? ?: only the messages nobody had opened/ })
      .first()
      .waitFor();
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: message });
    await row.getByText('New', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Open the message from Tara ${RUN}` }).click();
    const dialog = page.getByRole('dialog', { name: `Message from Tara ${RUN}` });
    await dialog.getByText(message).waitFor();
    await row.getByText('New', { exact: true }).waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'hidden' });

    // Read for everyone: one fewer unread on the panel.
    expect((await figures()).unreadMessages.count).toBe(expected.unreadMessages.count - 1);
    await page.goto('/dashboard');
    await expect.poll(() => figure(page, 'unreadMessages').locator('.today-figure__count').innerText()).toBe(String(expected.unreadMessages.count - 1));
    expect(pageProblems(page)).toEqual([]);
  });

  it('at 360 px: the figures fit without sideways scrolling, and the cards do not move when they arrive', async () => {
    const page = await browser.newPage(PHONE_360);
    await loginAsStaff(page);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/dashboard/today', async (route) => {
      await held;
      await route.fallback();
    });
    await page.goto('/dashboard');
    const grid = page.locator('ul.campaign-grid');
    await grid.waitFor();
    expect(await panel(page).getAttribute('aria-busy')).toBe('true');
    const before = (await grid.boundingBox())!.y;
    release();
    await figure(page, 'newLeads').waitFor();
    expect((await grid.boundingBox())!.y).toBe(before);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const box = (await figure(page, 'unreadMessages').boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(await seriousA11yViolations(page, { include: '.today-panel' })).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });

  it('a failed panel says so and keeps the cards; Try again loads it; with nothing waiting it says so', async () => {
    const page = await browser.newPage(DESKTOP);
    await loginAsStaff(page);
    const today = await failCalls(page, '**/api/dashboard/today', { message: 'Resting.' });
    await page.goto('/dashboard');
    await panel(page).getByText('Today’s figures did not load.').waitFor();
    expect(await page.getByRole('button', { name: /Start new campaign/ }).isVisible()).toBe(true);
    expect(await page.locator('.campaign-card').count()).toBe((await callApi<unknown[]>('GET', '/api/campagin/all')).data.length);

    today.recover();
    const zero = { count: 0, link: '/dashboard/leads?status=new' };
    await page.route('**/api/dashboard/today', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          newLeads: zero,
          overdueLeads: { count: 0, link: '/dashboard/leads?overdue=true' },
          visitsToday: { count: 0, day: '2026-12-03', link: '/dashboard/visits?day=2026-12-03' },
          visitsTomorrow: { count: 0, day: '2026-12-04', link: '/dashboard/visits?day=2026-12-04' },
          unreadMessages: { count: 0, link: '/dashboard/fetch/contactus?unread=1' },
          generatedAt: new Date().toISOString(),
        }),
      }),
    );
    await panel(page).getByRole('button', { name: 'Try again' }).click();
    await panel(page).getByText('Nothing waiting today').waitFor();
    expect(await figure(page, 'newLeads').innerText()).toMatch(/^0\s+new leads\b/);
    expect(problemsBesidesFailedLoad(page)).toEqual([]);
  });
});

/** The failed call itself is logged by the browser (a 503): anything else is a problem. */
function problemsBesidesFailedLoad(page: Page): string[] {
  return pageProblems(page).filter((p) => !p.includes('Failed to load resource'));
}
