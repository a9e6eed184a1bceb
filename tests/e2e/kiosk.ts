// Shared by the expo tablet's browser tests (tests/e2e/kiosk.e2e.ts, tests/e2e/kiosk-tablet.e2e.ts):
// a kiosk channel with its campaign, pairing a tablet, one visitor, and the rows the server stored.
import Database from 'better-sqlite3';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { createCampaign, dataDir, type Api } from './api';
import { unique } from './browser';

export const TABLET = { width: 768, height: 1024 } as const;
export const LANDSCAPE = { width: 1280, height: 800 } as const;
export const PIN = '2468';
/** The minimal kiosk survey: one question, in English and Hindi. */
export const SURVEY = { pages: [{ name: 'p1', elements: [{ type: 'text', name: 'city', title: { default: 'Your city', hi: 'आपका शहर' } }] }] };

export interface Kiosk {
  name: string;
  code: string;
  channelId: string;
  campaignId: string;
  pairPath: (name: string) => Promise<string>;
}

export async function makeKiosk(staff: Api): Promise<Kiosk> {
  const name = unique('Kiosk survey ');
  const campaignId = await createCampaign(staff, name, SURVEY);
  const made = await staff<{ channel: { id: string; code: string } }>('POST', '/api/channels', { name: unique('Expo '), kind: 'kiosk', campaignId });
  expect(made.status).toBe(201);
  const { id: channelId, code } = made.data.channel;
  return {
    name,
    code,
    channelId,
    campaignId,
    async pairPath(name: string) {
      const device = await staff<{ pairUrl: string; deviceKey: string }>('POST', '/api/kiosk/devices', { channelId, name });
      expect(device.status, JSON.stringify(device.data)).toBe(201);
      const url = new URL(device.data.pairUrl);
      expect(url.hash).toBe(`#key=${device.data.deviceKey}`);
      return url.pathname + url.hash;
    },
  };
}

/** Opens the pairing link, checks the key left the address bar, sets the staff PIN, waits for the service worker. */
export async function pairTablet(page: Page, pairPath: string): Promise<void> {
  await page.goto(pairPath);
  await expect.poll(() => new URL(page.url()).hash).toBe('');
  await page.getByLabel('Staff PIN', { exact: true }).fill(PIN);
  await page.getByRole('button', { name: 'Save PIN' }).click();
  await page.getByLabel('E-mail', { exact: true }).waitFor();
  // The service worker controls the page (clients.claim) once it has cached the kiosk's files.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

/** One visitor, as fast as a test can type: e-mail, Begin, the answer, Complete, Next visitor. */
export async function takeOne(page: Page, email: string, city: string): Promise<void> {
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Begin' }).click();
  await page.getByRole('textbox', { name: 'Your city' }).fill(city);
  await page.getByRole('button', { name: 'Complete' }).click();
  await page.getByRole('button', { name: 'Next visitor' }).click();
  await page.getByLabel('E-mail', { exact: true }).waitFor();
}

export interface StoredRow {
  id: string;
  channel_id: string;
  body: string;
  answered_at: string | number;
  received_at: string | number;
}

export function storedRows(channelId: string): StoredRow[] {
  const db = new Database(path.join(dataDir(), 'abode.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT id, channel_id, body, answered_at, received_at FROM kiosk_responses WHERE channel_id = ?').all(channelId) as StoredRow[];
  } finally {
    db.close();
  }
}

export function countOf(query: string, ...params: string[]): number {
  const db = new Database(path.join(dataDir(), 'abode.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare(query).get(...params) as { n: number }).n;
  } finally {
    db.close();
  }
}

export const asTime = (value: string | number) => (typeof value === 'number' ? value : Date.parse(value));
