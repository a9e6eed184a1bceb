// Sending the tablet's queue (issue 39): one sender at a time across the tablet's tabs (Web Locks),
// the responses in the order they were taken, each leaving the queue only once the server answered
// that it holds it (201 new, 200 the same id and body again). A 409 (the same id with another body) or
// a 400 is kept as refused, with the server's reason, for staff. A refused key (401/403) or a server
// or network failure stops the round: the responses stay queued and the next round starts over.
import { getQueued, listQueue, markRefused, markSent, updateStats } from './kiosk-db';

import { KIOSK_API } from '#shared/kiosk/kiosk.api';

export const KIOSK_RESPONSES_API = KIOSK_API.responses;

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

async function sendAll(code: string, deviceKey: string): Promise<SyncRound> {
  let sent = 0;
  // Re-read the queue after each response: another tab may have added (or, before this lock, sent) some.
  const tried = new Set<string>();
  for (;;) {
    const next = (await listQueue(code)).find((item) => item.status === 'queued' && !tried.has(item.id));
    if (!next) return { outcome: 'done', sent };
    tried.add(next.id);
    if (!(await getQueued(next.id))) continue;
    let response: Response;
    try {
      response = await fetch(KIOSK_RESPONSES_API, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${deviceKey}` },
        body: JSON.stringify(next.body),
        cache: 'no-store',
      });
    } catch {
      return { outcome: 'offline', sent };
    }
    if (response.status === 200 || response.status === 201) {
      await markSent(code, next.id, new Date().toISOString());
      sent += 1;
    } else if (response.status === 409 || response.status === 400 || response.status === 422) {
      await markRefused(next.id, response.status, await messageOf(response));
    } else if (response.status === 401 || response.status === 403) {
      await updateStats(code, { keyRefused: await messageOf(response) });
      return { outcome: 'key-refused', sent };
    } else {
      // 5xx, 429, a proxy's page: the response stays queued for the next round.
      return { outcome: 'failed', sent };
    }
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
