// Typing the e-mail while the landing page hydrates (docs/decisions/0067): the keys are the browser's
// alone until the hydration has committed (React would otherwise finish hydrating the page inside the
// first key's handler), and the form then holds what was typed.
import { beforeAll, describe, expect, it } from 'vitest';
import { createActiveCampaign, staffApi } from './api';
import type { Page } from 'playwright-core';
import { pageProblems, PHONE, useBrowser, waitForApp } from './browser';

const browser = useBrowser();
const RUN = Date.now().toString(36);
const FIRST_QUESTION = 'Which street do you picture?';
const SURVEY = { pages: [{ name: 'where', elements: [{ type: 'text', name: 'street', title: FIRST_QUESTION }] }] };

/**
 * Installed before the page's scripts: for each key typed, whether React's root was still being
 * hydrated when the key came, and still was in the next task (after React's own handlers, had they run).
 * `null` is "no React root yet", so whether the next task has looked is a flag of its own: on a slow
 * machine a key's next task can come before the page's script has even arrived.
 */
const WATCH_HYDRATION = `(() => {
  const dehydrated = () => {
    const container = document.getElementById('root');
    const key = container && Object.keys(container).find((k) => k.startsWith('__reactContainer'));
    return key ? container[key].stateNode.current.memoizedState.isDehydrated === true : null;
  };
  window.__keys = [];
  window.addEventListener('keydown', () => {
    const entry = { before: dehydrated(), after: null, looked: false };
    window.__keys.push(entry);
    setTimeout(() => { entry.after = dehydrated(); entry.looked = true; }, 0);
  }, { capture: true });
})()`;

beforeAll(async () => {
  await createActiveCampaign(await staffApi(), `E2E landing typing ${RUN}`, SURVEY);
});

describe('typing the e-mail while the landing page hydrates', () => {
  it('leaves the keys to the browser until the page is hydrated, and the form then has what was typed', async () => {
    type Key = { before: boolean | null; after: boolean | null; looked: boolean };
    const email = `visitor-typing-while-the-page-hydrates-${RUN}@example.com`;
    // Whether a key lands inside the hydration depends on the machine: when the page hydrated between
    // two keys (every key before it came before hydrateRoot, `before: null`), it is loaded again, up
    // to five times. The behaviour is asserted on the attempt where a key did land inside it.
    const attempt = async () => {
      const page = await browser.newPage(PHONE);
      await page.addInitScript(WATCH_HYDRATION);
      // A slow phone: the hydration, a transition, takes long enough to type into.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
      const sent: { body?: unknown } = {};
      page.on('request', (req) => {
        if (req.url().endsWith('/api/email/add')) sent.body = req.postDataJSON();
      });
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      const field = page.getByRole('textbox', { name: 'E-mail address' });
      // The focus starts the page's script at once (decision 0005); the visitor types on, one key at a
      // time, until React has hydrated the page.
      await field.focus();
      let typed = 0;
      const keys = () => page.evaluate('window.__keys') as Promise<Key[]>;
      while (typed < email.length - 1 && !(await keys()).some((key) => key.before === false)) await page.keyboard.type(email[typed++]!);
      await expect.poll(async () => (await keys()).every((key) => key.looked), { timeout: 60_000 }).toBe(true);
      return { page, cdp, sent, field, typed, keys: await keys() };
    };
    let run = await attempt();
    for (let tries = 1; tries < 5 && !run.keys.some((key) => key.before === true); tries++) {
      await run.page.close();
      run = await attempt();
    }
    const { page, cdp, sent, field, typed } = run;
    // The first key that came while the page was being hydrated: React did not finish it in that key.
    const first = run.keys.find((key) => key.before === true);
    expect(first, 'a key typed while the page was being hydrated, in one of five loads').toBeDefined();
    expect(first!.after).toBe(true);

    await waitForApp(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await expect.poll(() => field.inputValue()).toBe(email.slice(0, typed));
    await field.press('End');
    await page.keyboard.type(email.slice(typed));
    await page.getByRole('button', { name: 'Choose Your Lifestyle' }).click();
    await page.getByText(FIRST_QUESTION).waitFor();
    expect((sent.body as { email: string }).email).toBe(email);
    expect(pageProblems(page)).toEqual([]);
  });
});

// Intl's data for the runner is one long task on a slow phone (decision 0079): loaded when the visitor
// pauses, never between two keys; a visitor who types and taps at once has it loaded while on the survey's
// first page.
describe("Intl's data for the survey, loaded ahead", () => {
  /** When the page marked the locale's data loaded (the page's clock), or null. */
  const readyAt = (page: Page) => page.evaluate(() => performance.getEntriesByName('abode:locale-ready')[0]?.startTime ?? null);
  const now = (page: Page) => page.evaluate(() => performance.now());

  /** Opens the landing page and types the e-mail from the start, a key every 100 ms: never a pause. */
  async function typeFromTheStart(page: Page, email: string) {
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const field = page.getByRole('textbox', { name: 'E-mail address' });
    await field.focus();
    await field.pressSequentially(email, { delay: 100 });
    return { field, typed: await now(page) };
  }

  it('is loaded once the visitor pauses, not while they type', async () => {
    const page = await browser.newPage(PHONE);
    const email = `a-visitor-who-pauses-${RUN}@example.com`;
    const { field, typed } = await typeFromTheStart(page, email);
    expect(await readyAt(page)).toBeNull();
    // The page was hydrated while the keys came (the typing lasts seconds): the wait for a pause was on.
    await waitForApp(page);
    expect(await field.inputValue()).toBe(email);
    await expect.poll(() => readyAt(page)).not.toBeNull();
    expect(await readyAt(page)).toBeGreaterThan(typed);
    expect(pageProblems(page)).toEqual([]);
  });

  it("is loaded on the survey's first page for a visitor who types and taps at once", async () => {
    const page = await browser.newPage(PHONE);
    await typeFromTheStart(page, `a-visitor-who-never-pauses-${RUN}@example.com`);
    await page.getByRole('button', { name: 'Choose Your Lifestyle' }).click();
    await page.getByText(FIRST_QUESTION).waitFor();
    const shownAt = await now(page);
    expect(await readyAt(page)).toBeNull();
    // The runner's steps, one a pause: the router, the runner's module, then the locale's data.
    await expect.poll(() => readyAt(page), { timeout: 30_000 }).not.toBeNull();
    expect(await readyAt(page)).toBeGreaterThan(shownAt);
    expect(pageProblems(page)).toEqual([]);
  });
});
