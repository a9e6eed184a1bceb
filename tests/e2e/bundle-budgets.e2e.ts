import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { EMBED_SCRIPT_BUDGET_GZIP, EMBED_SCRIPT_PATH } from '#shared/channels/embed';
import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_LINK_BUDGET, FIRST_VIEW_BUDGETS, measureFirstView } from '../helpers/first-view';
import { baseURL, createCampaign, staffApi, staffToken } from './api';
import { workerBrowser } from './browser';

// The bundle bench's first-view budgets (bench/bundles.ts, tests/helpers/first-view.ts), checked on
// every run of the browser tests: gzip bytes of the files each page loads before its first view, from
// the build being served. Bytes, not time: the same build gives the same figures on a busy machine.
// Every page is held to its budget, /dashboard's (250 KB) included.

// The worker's Chromium (measureFirstView opens and closes a fresh context for each page).
let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});

describe('first-view script budgets (bench/bundles.ts)', () => {
  for (const [pagePath, budget] of Object.entries(FIRST_VIEW_BUDGETS)) {
    const limit = budget.bytes;
    it(`${pagePath}: JavaScript ≤ ${limit / 1024} KB gzip (budget ${budget.text})`, async () => {
      const staff = pagePath.startsWith('/dashboard') ? await staffToken() : undefined;
      const view = await measureFirstView(browser, baseURL(), pagePath, { clientDir: path.resolve('dist/client'), staffToken: staff });
      expect(view.files.length).toBeGreaterThan(0);
      const kb = Math.round((view.js / 1024) * 10) / 10;
      expect(kb, `${pagePath} loads ${kb} KB of script: ${view.files.join(', ')}`).toBeLessThanOrEqual(limit / 1024);
    });
  }

  it(`/s/<code> (a channel's short link): JavaScript ≤ ${CHANNEL_LINK_BUDGET.bytes / 1024} KB gzip`, async () => {
    const staff = await staffApi();
    const campaignId = await createCampaign(staff, `Budget ${Date.now().toString(36)}`, { pages: [{ name: 'p', elements: [{ type: 'text', name: 'q' }] }] });
    const made = await staff<{ channel: { code: string } }>('POST', '/api/channels', { name: 'Budget link', kind: 'link', campaignId });
    expect(made.status).toBe(201);
    const pagePath = `/s/${made.data.channel.code}`;
    const view = await measureFirstView(browser, baseURL(), pagePath, { clientDir: path.resolve('dist/client') });
    expect(view.files.length).toBeGreaterThan(0);
    const kb = Math.round((view.js / 1024) * 10) / 10;
    expect(kb, `${pagePath} loads ${kb} KB of script: ${view.files.join(', ')}`).toBeLessThanOrEqual(CHANNEL_LINK_BUDGET.bytes / 1024);
  });

  it(`${EMBED_SCRIPT_PATH} (the script partner sites paste, decision 0034): ≤ ${EMBED_SCRIPT_BUDGET_GZIP / 1024} KB gzip, as built and as served`, async () => {
    const built = readFileSync(path.resolve('dist/client/embed.js'));
    expect(built.length).toBeGreaterThan(200);
    expect(gzipSync(built, { level: 9 }).length).toBeLessThanOrEqual(EMBED_SCRIPT_BUDGET_GZIP);
    const served = await fetch(`${baseURL()}${EMBED_SCRIPT_PATH}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-encoding')).toBe('gzip');
    // fetch decodes the body: the bytes on the wire are its Content-Length.
    expect(Number(served.headers.get('content-length'))).toBeLessThanOrEqual(EMBED_SCRIPT_BUDGET_GZIP);
    expect(await served.text()).toBe(built.toString());
  });
});
