// "A survey that opens at once" (decision 0012): the landing page fetches the survey runner after its first
// view (once idle, or when the e-mail field gets focus), and the click then needs none of it again.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActiveCampaign, staffApi } from './api';
import { failCalls, pageProblems, PHONE, useBrowser } from './browser';

const browser = useBrowser();
const RUN = Date.now().toString(36);
const FIRST_QUESTION = 'Which neighbourhood do you picture?';
const SURVEY = { pages: [{ name: 'where', elements: [{ type: 'text', name: 'area', title: FIRST_QUESTION }] }] };

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/**
 * Resizes the window to `width` by way of `between` (same side of SurveyJS's 600 px phone width as
 * `width`), a frame apart. After a resize that switches its layout, SurveyJS skips the next resize it
 * observes, taking it for the echo of its own change; when the switch made no echo, a single jump
 * (which no person's dragged window makes) would be skipped and the layout left as it was.
 */
async function resizeTo(page: Page, between: number, width: number): Promise<void> {
  const frames = () =>
    page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => done())))));
  await page.setViewportSize({ width: between, height: 768 });
  await frames();
  await page.setViewportSize({ width, height: 768 });
  await frames();
}

/** The runner route's chunk and the chunks and stylesheets only it brings (not the site's shared ones). */
function runnerFiles(): { chunk: string; all: string[] } {
  const manifest = JSON.parse(readFileSync(path.resolve('dist/client/.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const runner = manifest['features/responses/start-survey-page.tsx']!;
  // The landing page starts on its own (src/web/start-landing.tsx): what it loads is not the runner's.
  // Everything it imports, directly or through its own chunks (the landing page's chunk imports
  // small modules it shares with the runner, e.g. journey-paths).
  const shared = new Set<string>();
  const walk = (key: string) => {
    for (const next of manifest[key]!.imports ?? []) {
      if (!shared.has(next)) {
        shared.add(next);
        walk(next);
      }
    }
  };
  walk('start-landing.tsx');
  const all = [runner.file, ...(runner.css ?? [])];
  for (const key of runner.imports ?? []) {
    if (!shared.has(key)) all.push(manifest[key]!.file, ...(manifest[key]!.css ?? []));
  }
  return { chunk: `/${runner.file}`, all: all.map((f) => `/${f}`) };
}

/** Every script, stylesheet and API request the page makes, by path, in order. */
function recordRequests(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/api/')) requested.push(`${req.method()} ${url.pathname}`);
  });
  return requested;
}

/**
 * Starts the survey from the landing page as `email`, the e-mail record's call held back; the
 * function returned lets the call through and gives its response.
 */
async function startWithEmailHeld(page: Page, email: string): Promise<() => Promise<Response>> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/email/add', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await page.getByRole('button', { name: 'Choose Your Lifestyle' }).click();
  return () => {
    const stored = page.waitForResponse((r) => r.url().endsWith('/api/email/add'));
    release();
    return stored;
  };
}

beforeAll(async () => {
  await createActiveCampaign(await staffApi(), `E2E prefetch ${RUN}`, SURVEY);
});

describe('the survey runner is fetched on the landing page, after its first view', () => {
  it('is not among the first view’s requests, and is requested once the page is idle, after its load event', async () => {
    const { chunk, all } = runnerFiles();
    const page = await browser.newPage(PHONE);
    const requested = recordRequests(page);
    await page.goto('/', { waitUntil: 'load' });
    // What the page asked for up to its load event: its own script, never the runner's.
    expect(requested.filter((r) => all.some((file) => r.endsWith(` ${file}`)))).toEqual([]);

    // No interaction at all: the page alone, once idle, fetches the runner.
    await expect.poll(() => requested.includes(`GET ${chunk}`)).toBe(true);
    const readTiming = () =>
      page.evaluate((file) => {
        const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const runner = performance.getEntriesByType('resource').find((r) => new URL(r.name).pathname === file);
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        return { load: navigation.loadEventEnd, paint: paint?.startTime ?? null, runner: runner?.startTime ?? null };
      }, chunk);
    // The browser lists a resource's timing once its download has finished, a little after the request.
    await expect.poll(async () => (await readTiming()).runner).not.toBeNull();
    const timing = await readTiming();
    expect(timing.paint).not.toBeNull();
    expect(timing.runner!).toBeGreaterThan(timing.load);
    expect(timing.runner!).toBeGreaterThan(timing.paint!);
    // Fetched, not run: every file arrives, and the landing page does not apply the runner's styles.
    await expect.poll(() => all.filter((file) => !requested.includes(`GET ${file}`))).toEqual([]);
    const sheets = await page.evaluate(() => [...document.styleSheets].map((sheet) => (sheet.href ? new URL(sheet.href).pathname : '')));
    expect(sheets.filter((sheet) => all.includes(sheet))).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });

  it('is fetched, not run, when the e-mail field gets focus; the click then shows the first question without it', async () => {
    const { chunk, all } = runnerFiles();
    const page = await browser.newPage(PHONE);
    // A page that never goes idle (a busy phone): only the focus can start the fetch.
    await page.addInitScript(() => {
      window.requestIdleCallback = () => 0;
    });
    const requested = recordRequests(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    expect(requested.filter((r) => all.some((file) => r.endsWith(` ${file}`)))).toEqual([]);
    const field = page.getByRole('textbox', { name: 'E-mail address' });
    await field.focus();
    // Focus also fetches the campaign, so the click does not wait for it.
    await expect.poll(() => requested.includes(`GET ${chunk}`)).toBe(true);
    await expect.poll(() => requested.filter((r) => r === 'GET /api/campagin/active').length).toBe(1);
    await field.fill(`prefetch-${RUN}@example.com`);
    // Everything the runner needs has arrived before the click.
    await expect
      .poll(() =>
        page.evaluate(
          (files) =>
            files.filter(
              (f) => !performance.getEntriesByType('resource').some((r) => new URL(r.name).pathname === f && (r as PerformanceResourceTiming).responseEnd > 0),
            ),
          all,
        ),
      )
      .toEqual([]);
    // Fetched, not run: typing the e-mail never waits for SurveyJS (light-survey.tsx, decision 0012).
    expect(await page.evaluate(() => performance.getEntriesByName('abode:runner-ready').length)).toBe(0);

    const before = requested.length;
    await page.getByRole('button', { name: 'Choose Your Lifestyle' }).click();
    await page.waitForURL(/\/startsurvey$/);
    await page.getByRole('textbox', { name: FIRST_QUESTION }).waitFor();
    expect(await page.getByText(FIRST_QUESTION).isVisible()).toBe(true);
    // The first question needs nothing of the runner: only the visitor's e-mail, no campaign again.
    const afterClick = requested.slice(before);
    expect(afterClick.filter((r) => r.startsWith('POST '))).toEqual(['POST /api/email/add']);
    expect(afterClick).not.toContain('GET /api/campagin/active');
    expect(await page.locator('.sd-root-modern').count()).toBe(0);
    expect(pageProblems(page)).toEqual([]);
  });

  it('shows the first question while the e-mail is stored, and sends the answers once it is', async () => {
    const page = await browser.newPage(PHONE);
    // The e-mail's answer is held back until the first question is on screen.
    const storeEmail = await startWithEmailHeld(page, `while-stored-${RUN}@example.com`);
    await page.getByRole('textbox', { name: FIRST_QUESTION }).fill('Indiranagar');
    let responses = 0;
    page.on('request', (r) => void (r.url().includes('/api/campaign/response/') && responses++));
    const sent = page.waitForResponse((r) => r.url().includes('/api/campaign/response/'));
    // Completed on the first page drawn before SurveyJS (light-survey.tsx), before the record exists:
    // the runner takes over with the answers and sends them once the record is stored.
    await page.getByRole('button', { name: 'Complete' }).click();
    await page.waitForTimeout(1_000);
    expect(responses).toBe(0);
    const stored = await storeEmail();
    expect(stored.status()).toBe(201);
    const response = await sent;
    expect(response.status()).toBe(200);
    const body = response.request().postDataJSON() as { response: { email: string; emailId: string; answer: unknown } };
    const record = (await stored.json()) as { emailID: string };
    expect(body.response).toEqual({ email: `while-stored-${RUN}@example.com`, emailId: record.emailID, answer: { area: 'Indiranagar' } });
    await page.waitForURL(/\/result$/);
    expect(pageProblems(page)).toEqual([]);
  });

  it('keeps what the visitor is typing when the e-mail record arrives', async () => {
    const page = await browser.newPage(PHONE);
    const storeEmail = await startWithEmailHeld(page, `typing-${RUN}@example.com`);
    const field = page.getByRole('textbox', { name: FIRST_QUESTION });
    // Typed, still in the field (SurveyJS takes a text answer when the field loses focus).
    await field.fill('Jayanagar');
    expect((await storeEmail()).status()).toBe(201);
    // The page has reacted to the answer: nothing sent yet, then a frame later the field still holds it.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
    expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await field.inputValue()).toBe('Jayanagar');
    const sent = page.waitForResponse((r) => r.url().includes('/api/campaign/response/'));
    await page.getByRole('button', { name: 'Complete' }).click();
    const response = await sent;
    expect(response.status()).toBe(200);
    expect((response.request().postDataJSON() as { response: { answer: unknown } }).response.answer).toEqual({ area: 'Jayanagar' });
    expect(pageProblems(page)).toEqual([]);
  });

  it('says so when the e-mail cannot be stored, keeps what was typed, and stores it on "Try again"', async () => {
    const page = await browser.newPage(PHONE);
    const storing = await failCalls(page, '**/api/email/add', { abort: 'internetdisconnected' });
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('textbox', { name: 'E-mail address' }).fill(`try-again-${RUN}@example.com`);
    await page.getByRole('button', { name: 'Choose Your Lifestyle' }).click();
    await page.getByRole('textbox', { name: FIRST_QUESTION }).fill('Koramangala');
    await page.getByRole('alert').first().waitFor();
    storing.recover();
    // Complete pressed while the record is still on its way is refused (the test above): wait for it.
    const stored = page.waitForResponse((r) => r.url().endsWith('/api/email/add'));
    await page.getByRole('button', { name: 'Try again' }).click();
    expect((await stored).status()).toBe(201);
    await expect.poll(() => page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    expect(storing.count()).toBe(2);
    expect(await page.getByRole('textbox', { name: FIRST_QUESTION }).inputValue()).toBe('Koramangala');
    const sent = page.waitForResponse((r) => r.url().includes('/api/campaign/response/'));
    await page.getByRole('button', { name: 'Complete' }).click();
    expect((await sent).status()).toBe(200);
    await page.waitForURL(/\/result$/);
  });
});

// Decisions 0053–0055: a visitor who types the e-mail and taps at once never pauses, so the survey's
// model is built, and its first render rehearsed, between their keys (start-survey-page.tsx).
describe('the survey is made ready while the visitor types', () => {
  const WHERE = 'Which neighbourhood, for a start?';
  const BUDGET = 'And your budget?';
  const TWO_PAGES = {
    pages: [
      { name: 'where', elements: [{ type: 'text', name: 'area', title: WHERE, isRequired: true }] },
      { name: 'budget', elements: [{ type: 'text', name: 'budget', title: BUDGET }] },
    ],
  };
  const MARKS = ['abode:survey-prepared', 'abode:survey-rehearsal', 'abode:survey-rehearsed'] as const;

  beforeAll(async () => {
    await createActiveCampaign(await staffApi(), `E2E ready while typing ${RUN}`, TWO_PAGES);
  });

  const marks = (page: Page) =>
    page.evaluate((names) => Object.fromEntries(names.map((name) => [name, performance.getEntriesByName(name)[0]?.startTime ?? null])), [...MARKS]);

  /**
   * Answers the two pages as a person does, and checks the survey reacts as it draws: a required
   * answer left empty is refused with SurveyJS's message, Next shows the second page, the response
   * holds both. A survey whose React components were unbound from its model would stay silent.
   */
  async function answerBothPages(page: Page, email: string): Promise<void> {
    await page.getByRole('textbox', { name: WHERE }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Response required.').waitFor();
    await page.getByRole('textbox', { name: WHERE }).fill('Whitefield');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: BUDGET }).fill('About ₹1.2 crore');
    const sent = page.waitForResponse((r) => r.url().includes('/api/campaign/response/'));
    await page.getByRole('button', { name: 'Complete' }).click();
    const response = await sent;
    expect(response.status()).toBe(200);
    const body = response.request().postDataJSON() as { response: { email: string; answer: unknown } };
    expect(body.response.email).toBe(email);
    expect(body.response.answer).toEqual({ area: 'Whitefield', budget: 'About ₹1.2 crore' });
    await page.waitForURL(/\/result$/);
  }

  it('runs nothing of SurveyJS between the keys of a visitor who taps at once; it is made ready at their first pause on the first page', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto('/', { waitUntil: 'load' });
    const email = `types-and-taps-${RUN}@example.com`;
    const field = page.getByRole('textbox', { name: 'E-mail address' });
    await field.click();
    // 100 ms a key and no pause, as bench/survey-open.ts's hurried visitor.
    await field.pressSequentially(email, { delay: 100 });
    for (const [name, at] of Object.entries(await marks(page))) expect(at, name).toBeNull();
    await page.getByRole('button', { name: 'Choose Your Lifestyle' }).click();
    // The first page, drawn before SurveyJS (light-survey.tsx); SurveyJS's model is built and its
    // first render rehearsed once the visitor pauses there.
    await page.getByRole('textbox', { name: WHERE }).waitFor();
    expect(await page.locator('.light-survey').count()).toBe(1);
    await expect.poll(async () => (await marks(page))['abode:survey-rehearsed']).not.toBeNull();
    await answerBothPages(page, email);
    expect(pageProblems(page)).toEqual([]);
  });

  it('stops a rehearsal still rendering when the visitor taps Next; the survey then answers and follows the screen as it should', async () => {
    const page = await browser.newPage(PHONE);
    const cdp = await page.context().newCDPSession(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    const email = `mid-rehearsal-${RUN}@example.com`;
    await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
    await page.getByRole('button', { name: 'Choose Your Lifestyle' }).click();
    await page.getByRole('textbox', { name: WHERE }).fill('Whitefield');
    // A slow phone, so the rehearsal takes many of React's slices; the tap on Next comes as it begins.
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 10 });
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          new PerformanceObserver((list, observer) => {
            if (!list.getEntriesByName('abode:survey-rehearsal').length) return;
            observer.disconnect();
            document.querySelector<HTMLButtonElement>('.light-survey__next')!.click();
            resolve();
          }).observe({ type: 'mark', buffered: true });
        }),
    );
    await page.getByRole('textbox', { name: BUDGET }).waitFor();
    // The tap came first: the rehearsal never finished (the tap stopped it).
    await page.waitForTimeout(500);
    expect((await marks(page))['abode:survey-rehearsed']).toBeNull();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    // Unmounting a SurveyJS tree stops its model's resize observer: had the page shared the model
    // with the rehearsal, it would keep the phone layout on a wider screen.
    const mobileLayout = () => page.locator('.sd-root-modern').evaluate((root) => root.classList.contains('sd-root-modern--mobile'));
    expect(await mobileLayout()).toBe(true);
    await resizeTo(page, 700, 1024);
    await expect.poll(mobileLayout).toBe(false);
    await resizeTo(page, 500, PHONE.width);
    await expect.poll(mobileLayout).toBe(true);
    // The first page's answer came along; the second is SurveyJS's.
    await page.getByRole('textbox', { name: BUDGET }).fill('About ₹1.2 crore');
    const sent = page.waitForResponse((r) => r.url().includes('/api/campaign/response/'));
    await page.getByRole('button', { name: 'Complete' }).click();
    expect((await sent).request().postDataJSON()).toMatchObject({ response: { email, answer: { area: 'Whitefield', budget: 'About ₹1.2 crore' } } });
    await page.waitForURL(/\/result$/);
    expect(pageProblems(page)).toEqual([]);
  });
});
