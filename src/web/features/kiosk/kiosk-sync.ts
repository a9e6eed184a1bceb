// Sending the tablet's queue: one sender at a time across the tablet's tabs (Web Locks),
// the responses in the order they were taken, in batches (POST /api/kiosk/responses/batch, one result
// per answer), each leaving the queue only once its own result says the server holds it (201 new, 200
// the same id and body again). A 409 result (the same id with another body) or a refused one (400, or
// 403 for an answer of another channel) is kept as refused, with the server's reason, for staff. A
// refused key (401/403 for the call), a server or network failure stops the round: the answers stay
// queued and the next round starts over.
import { listQueue, markRefused, markSentMany, updateStats } from './kiosk-db';

import { KIOSK_API } from '#shared/kiosk/kiosk.api';
import type { KioskBatchResult } from '#shared/kiosk/kiosk.contract';

export const KIOSK_RESPONSES_API = KIOSK_API.responses;
export const KIOSK_BATCH_API = KIOSK_API.batch;

export type SyncOutcome = 'done' | 'offline' | 'failed' | 'key-refused' | 'busy';

/** What a round did: its outcome and how many responses the server stored in it. */
export interface SyncRound {
  outcome: SyncOutcome;
  sent: number;
}

async function messageOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
  } catch {
    // not JSON
  }
  return `HTTP ${response.status}`;
}

/** Answers per batch call (the server takes up to KIOSK_BATCH_MAX): small enough to make progress on a flapping network. */
export const KIOSK_SYNC_BATCH = 50;

async function sendAll(code: string, deviceKey: string): Promise<SyncRound> {
  let sent = 0;
  // Re-read the queue after each batch: another tab may have added (or, before this lock, sent) some.
  const tried = new Set<string>();
  for (;;) {
    const batch = (await listQueue(code)).filter((item) => item.status === 'queued' && !tried.has(item.id)).slice(0, KIOSK_SYNC_BATCH);
    if (batch.length === 0) return { outcome: 'done', sent };
    for (const item of batch) tried.add(item.id);
    let response: Response;
    try {
      response = await fetch(KIOSK_BATCH_API, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${deviceKey}` },
        body: JSON.stringify({ responses: batch.map((item) => item.body) }),
        cache: 'no-store',
      });
    } catch {
      return { outcome: 'offline', sent };
    }
    if (response.status === 401 || response.status === 403) {
      await updateStats(code, { keyRefused: await messageOf(response) });
      return { outcome: 'key-refused', sent };
    }
    // 5xx, 429, a 400 for the whole batch, a proxy's page: the answers stay queued for the next round.
    if (response.status !== 200) return { outcome: 'failed', sent };
    let results: KioskBatchResult['results'];
    try {
      results = ((await response.json()) as KioskBatchResult).results;
    } catch {
      return { outcome: 'failed', sent };
    }
    if (!Array.isArray(results)) return { outcome: 'failed', sent };
    const byId = new Map(results.map((result) => [result.id, result]));
    const stored: string[] = [];
    for (const item of batch) {
      // An answer leaves the queue only on its own result; one without a result stays for the next round.
      const result = byId.get(item.id);
      if (!result) continue;
      if (result.status === 200 || result.status === 201) stored.push(item.id);
      else if (result.outcome === 'conflict' || result.outcome === 'refused')
        await markRefused(item.id, result.status, result.message || `HTTP ${result.status}`);
    }
    await markSentMany(code, stored, new Date().toISOString());
    sent += stored.length;
  }
}

/**
 * One round of sending. With Web Locks, a round already running in another tab (or this one) makes
 * this call return `busy` at once: that sender goes on until the queue is empty.
 */
export async function syncQueue(code: string, deviceKey: string): Promise<SyncRound> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return sendAll(code, deviceKey);
  const result = await locks.request(`abode-kiosk-sync:${code}`, { ifAvailable: true }, async (lock) => {
    if (!lock) return { outcome: 'busy', sent: 0 } satisfies SyncRound;
    return sendAll(code, deviceKey);
  });
  return result;
}
