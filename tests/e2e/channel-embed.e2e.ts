import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Frame, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel } from '#shared/channels/channels.contract';
import type { LeadDetail } from '#shared/leads/leads.contract';
import { baseURL, createCampaign, staffApi, type Api } from './api';
import { unique } from './browser';
import { HOME_TYPE_QUESTION } from './questions';

/*
 * A channel's survey embedded on a partner's site (decision 0034, README "Embedding a survey on
 * another site"). The partner's page is served over HTTPS by this file from a second loopback port
 * (https://localhost:<port>, another site than Abode's http://127.0.0.1:<port>) with the script tag
 * a studio hands out; a third port, not among the channel's allowed origins, serves the same page and
 * is refused by the browser. Chromium runs with third-party cookies blocked: the journey needs none.
 */

let browser: Browser;
let staff: Api;
let campaignName = '';
let campaignId = '';
let certDir = '';
const servers: Server[] = [];
let allowedHost = '';
let otherHost = '';

/** A partner's page: its own heading, the pasted script tag, and a record of the messages and events it receives. */
function hostPage(url: URL): string {
  const code = url.searchParams.get('code') ?? '';
  const lang = url.searchParams.get('lang');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner builder</title></head><body>
<h1>Partner builder: new launches</h1>
<script>
  window.abodeMessages = [];
  window.addEventListener('message', (event) => window.abodeMessages.push({ origin: event.origin, data: event.data }));
  document.addEventListener('abode:completed', (event) => { window.abodeCompleted = event.detail; });
</script>
<script src="${baseURL()}/embed.js" data-abode-channel="${code}"${lang ? ` data-abode-lang="${lang}"` : ''} async></script>
<footer>Partner footer</footer>
</body></html>`;
}

async function startHost(key: Buffer, cert: Buffer): Promise<string> {
  const server = createServer({ key, cert }, (req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(hostPage(new URL(req.url ?? '/', 'https://localhost')));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `https://localhost:${(server.address() as AddressInfo).port}`;
}

async function newChannel(body: Record<string, unknown>): Promise<Channel> {
  const res = await staff<{ channel: Channel }>('POST', '/api/channels', {
    name: unique('Partner '),
    kind: 'embed',
    campaignId,
    allowedOrigins: [allowedHost],
    ...body,
  });
  expect(res.status, JSON.stringify(res.data)).toBe(201);
  return res.data.channel;
}

async function newPage(): Promise<Page & { problems: string[]; consoleLines: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 }, ignoreHTTPSErrors: true });
  const page = (await context.newPage()) as Page & { problems: string[]; consoleLines: string[] };
  page.problems = [];
  page.consoleLines = [];
  page.on('pageerror', (error) => page.problems.push(`page error: ${error.message}`));
  page.on('console', (msg) => page.consoleLines.push(msg.text()));
  return page;
}

/** The frame showing Abode's embed page, once it is there. */
async function embedFrame(page: Page, code: string): Promise<Frame> {
  let found: Frame | undefined;
  await expect.poll(() => (found = page.frames().find((f) => f.url().includes(`/embed/${code}`)))).toBeDefined();
  return found!;
}

beforeAll(async () => {
  certDir = mkdtempSync(path.join(tmpdir(), 'abode-embed-'));
  // A certificate for the partner's page (the allowed origins are https only); Chromium is told to accept it.
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'key.pem',
      '-out',
      'cert.pem',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
    ],
    {
      cwd: certDir,
      stdio: 'ignore',
    },
  );
  const key = readFileSync(path.join(certDir, 'key.pem'));
  const cert = readFileSync(path.join(certDir, 'cert.pem'));
  allowedHost = await startHost(key, cert);
  otherHost = await startHost(key, cert);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--ignore-certificate-errors',
      '--host-resolver-rules=MAP localhost 127.0.0.1',
      // Third-party cookies blocked, as in a browser that blocks them: the frame's journey must not need any.
      '--test-third-party-cookie-phaseout',
    ],
  });
  staff = await staffApi();
  campaignName = unique('Partner survey ');
  campaignId = await createCampaign(staff, campaignName, { title: 'Your new home', pages: [{ name: 'kind', elements: [HOME_TYPE_QUESTION] }] });
});

afterAll(async () => {
  await browser?.close();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  if (certDir) rmSync(certDir, { recursive: true, force: true });
});

describe('a channel embedded on a partner site', () => {
  it('shows the survey alone in the frame, sized to it; the visitor completes it there; the host page hears abode:completed; the lead keeps the channel', async () => {
    const channel = await newChannel({ utmSource: 'partner', utmMedium: 'embed' });
    const page = await newPage();
    await page.goto(`${allowedHost}/?code=${channel.code}`);
    const frame = await embedFrame(page, channel.code);
    await frame.getByRole('heading', { level: 1, name: campaignName }).waitFor();
    // The survey alone: no site header, menu or footer in the frame.
    expect(await frame.locator('header, footer, nav').count()).toBe(0);
    // embed.js sizes the iframe to the frame's content (from its first 640 px).
    const sized = async () => {
      const iframe = await page.evaluate(() => document.querySelector('iframe')!.getBoundingClientRect().height);
      const content = await frame.evaluate(() => document.querySelector('main.embed')!.getBoundingClientRect().height);
      return Math.abs(iframe - Math.ceil(content)) <= 1 && iframe !== 640;
    };
    await expect.poll(sized).toBe(true);

    const email = `${unique('embed')}@example.com`;
    await frame.getByPlaceholder('Enter email to begin survey').fill(email);
    // The consent notice is shown with the form.
    expect(await frame.locator('.landing-form').innerText()).toMatch(/privacy|consent|data/i);
    await frame.locator('button[type=submit]:not([disabled])', { hasText: 'Choose Your Lifestyle' }).click();
    await frame.getByText('What kind of home?').waitFor();
    expect(frame.url()).toContain(`/embed/${channel.code}/survey`);
    await expect.poll(sized).toBe(true);
    await frame.getByText('Villa', { exact: true }).click();
    await frame.getByRole('button', { name: 'Complete' }).click();
    await frame.getByText('Thank you for letting us know your preference.').waitFor();
    expect(frame.url()).toContain(`/embed/${channel.code}/result`);
    // The host page is still the partner's, with the frame in it.
    expect(page.url()).toContain(allowedHost);
    await expect.poll(sized).toBe(true);

    // The frame told the host page, from Abode's origin, in the fixed shape; embed.js passed it on as a DOM event.
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window as unknown as { abodeMessages: Array<{ origin: string; data: { type?: string } }> }).abodeMessages.filter(
            (m) => m.data?.type === 'abode:completed',
          ),
        ),
      )
      .toEqual([{ origin: new URL(baseURL()).origin, data: { type: 'abode:completed', channel: channel.code, language: 'en' } }]);
    expect(await page.evaluate(() => (window as unknown as { abodeCompleted: unknown }).abodeCompleted)).toEqual({
      type: 'abode:completed',
      channel: channel.code,
      language: 'en',
    });
    // No cookie carried the journey: the frame holds none (a cross-site frame may not set them).
    expect(await frame.evaluate(() => document.cookie)).toBe('');

    const list = await staff<{ items: Array<{ _id: string }> }>('GET', `/api/leads?q=${encodeURIComponent(email)}`);
    const lead = await staff<LeadDetail>('GET', `/api/leads/${list.data.items[0]!._id}`);
    expect(lead.data.firstTouch).toMatchObject({ channelId: channel.id, utm: { source: 'partner', medium: 'embed' } });
    const read = await staff<Channel>('GET', `/api/channels/${channel.id}`);
    expect(read.data.completed).toBe(1);
    expect(page.problems).toEqual([]);
  });

  it('data-abode-lang="hi" shows the frame in Hindi, and a paused channel says so in the frame', async () => {
    const channel = await newChannel({});
    const page = await newPage();
    await page.goto(`${allowedHost}/?code=${channel.code}&lang=hi`);
    const frame = await embedFrame(page, channel.code);
    expect(frame.url()).toContain(`/hi/embed/${channel.code}`);
    await frame.getByPlaceholder('सर्वे शुरू करने के लिए ई-मेल लिखें').waitFor();
    expect(await frame.locator('html').getAttribute('lang')).toBe('hi');

    const paused = await newChannel({ paused: true });
    await page.goto(`${allowedHost}/?code=${paused.code}&lang=hi`);
    const closed = await embedFrame(page, paused.code);
    await closed.getByText('यह सर्वे बंद है।').waitFor();
    expect(await closed.getByPlaceholder('सर्वे शुरू करने के लिए ई-मेल लिखें').isVisible()).toBe(false);
    expect(page.problems).toEqual([]);

    // A code no channel has: the not-found page, status 404.
    const missing = await page.goto(`${baseURL()}/embed/zzzzzzz`);
    expect(missing?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
  });

  it('a site not among the allowed origins gets no Abode content in its frame: Chromium refuses it (frame-ancestors)', async () => {
    const channel = await newChannel({});
    const page = await newPage();
    await page.goto(`${otherHost}/?code=${channel.code}`);
    await page.locator('iframe').waitFor({ state: 'attached' });
    // Chromium reports the refusal on the host page's console.
    await expect.poll(() => page.consoleLines.some((line) => /frame-ancestors/.test(line) && line.includes(allowedHost))).toBe(true);
    // And the frame holds no Abode page: no frame shows the campaign, nor Abode's script on it.
    for (const frame of page.frames()) {
      if (frame === page.mainFrame()) continue;
      const text = await frame.evaluate(() => document.body?.innerText ?? '').catch(() => '');
      expect(text).not.toContain(campaignName);
      expect(
        await frame
          .locator('main.embed')
          .count()
          .catch(() => 0),
      ).toBe(0);
    }
    // The allowed site, at the same moment, is framed (the refusal is the origin's, not the channel's).
    await page.goto(`${allowedHost}/?code=${channel.code}`);
    await (await embedFrame(page, channel.code)).getByRole('heading', { level: 1, name: campaignName }).waitFor();
  });
});
