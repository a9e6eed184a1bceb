// The tablet's own storage: IndexedDB through a small promise wrapper of our own (decision
// 0039: the `idb` package would be this much code, and no package is added while helpers share one
// node_modules). One database per origin; every record carries the channel code it belongs to.
//
// Stores:
// - `meta`: key → value. `device:<code>` (the device key), `config:<code>` (the survey as last loaded),
//   `stats:<code>` (sent count, last sync time, last refusal of the key).
// - `queue`: the responses taken on this tablet and not yet stored by the server, by id (UUIDv7, so
//   in the order they were taken), `queued` or `refused` (409/400: kept for staff).

import type { Language } from '#shared/i18n/languages';

export const KIOSK_DB = 'abode-kiosk';
const VERSION = 1;

/** The body sent to POST /api/kiosk/responses, exactly as stored (the same bytes on every retry). */
export interface KioskResponseBody {
  id: string;
  email?: string;
  phone?: string;
  answer: Record<string, unknown>;
  answeredAt: string;
  language: Language;
  campaignVersion: string;
  consent: { version: number; newsletter: boolean };
}

export interface QueuedResponse {
  id: string;
  code: string;
  /** The campaign version the visitor answered (a newer one loaded later does not change it). */
  surveyVersion: string | number | null;
  language: string;
  body: KioskResponseBody;
  status: 'queued' | 'refused';
  /** Why the server refused it (its message), for staff. */
  reason?: string;
  refusedStatus?: number;
}

export interface KioskStats {
  sent: number;
  lastSyncAt: string | null;
  /** The server refused the device key (401/403): its message. Cleared by the next accepted call. */
  keyRefused: string | null;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

let opening: Promise<IDBDatabase> | null = null;

export function openKioskDb(): Promise<IDBDatabase> {
  if (opening) return opening;
  opening = new Promise<IDBDatabase>((resolve, reject) => {
    let req: IDBOpenDBRequest;
    try {
      req = indexedDB.open(KIOSK_DB, VERSION);
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    req.onupgradeneeded = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains('meta')) db.createObjectStore('meta');
      if (!db.objectStoreNames.contains('queue')) db.createObjectStore('queue', { keyPath: 'id' }).createIndex('code', 'code');
    };
    req.onsuccess = () => {
      const db = req.result;
      // Another tab upgrading: let it, and open again on the next call.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      db.onclose = () => {
        opening = null;
      };
      resolve(db);
    };
    req.onerror = () => reject(req.error ?? new Error('IndexedDB could not be opened'));
    req.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'));
  });
  opening.catch(() => {
    opening = null;
  });
  return opening;
}

export async function getMeta<T>(key: string): Promise<T | undefined> {
  const db = await openKioskDb();
  return (await request(db.transaction('meta').objectStore('meta').get(key))) as T | undefined;
}

export async function setMeta(key: string, value: unknown): Promise<void> {
  const db = await openKioskDb();
  const tx = db.transaction('meta', 'readwrite');
  tx.objectStore('meta').put(value, key);
  await done(tx);
}

export async function deleteMeta(key: string): Promise<void> {
  const db = await openKioskDb();
  const tx = db.transaction('meta', 'readwrite');
  tx.objectStore('meta').delete(key);
  await done(tx);
}

/** Writes a completed response; resolves only once the transaction is committed to disk. */
export async function enqueueResponse(item: QueuedResponse): Promise<void> {
  const db = await openKioskDb();
  const tx = db.transaction('queue', 'readwrite', { durability: 'strict' });
  tx.objectStore('queue').add(item);
  await done(tx);
}

/** The channel's queue, oldest first (UUIDv7 ids sort by the time they were made). */
export async function listQueue(code: string): Promise<QueuedResponse[]> {
  const db = await openKioskDb();
  const items = (await request(db.transaction('queue').objectStore('queue').index('code').getAll(code))) as QueuedResponse[];
  return items.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export async function getQueued(id: string): Promise<QueuedResponse | undefined> {
  const db = await openKioskDb();
  return (await request(db.transaction('queue').objectStore('queue').get(id))) as QueuedResponse | undefined;
}

export const EMPTY_STATS: KioskStats = { sent: 0, lastSyncAt: null, keyRefused: null };

/**
 * The server has stored `id`: it leaves the queue and counts as sent, in one transaction (a reload
 * between the two cannot count it twice or lose it: a response still queued is sent again, and the
 * server answers 200 for the same id and body).
 */
export async function markSent(code: string, id: string, at: string): Promise<void> {
  const db = await openKioskDb();
  const tx = db.transaction(['queue', 'meta'], 'readwrite');
  const queue = tx.objectStore('queue');
  const meta = tx.objectStore('meta');
  const existing = (await request(queue.get(id))) as QueuedResponse | undefined;
  const stats = ((await request(meta.get(`stats:${code}`))) as KioskStats | undefined) ?? EMPTY_STATS;
  if (existing) queue.delete(id);
  meta.put({ ...stats, sent: stats.sent + (existing ? 1 : 0), lastSyncAt: at, keyRefused: null }, `stats:${code}`);
  await done(tx);
}

/** Several stored answers leave the queue and count as sent, in one transaction (see markSent). */
export async function markSentMany(code: string, ids: readonly string[], at: string): Promise<void> {
  if (ids.length === 0) return;
  const db = await openKioskDb();
  const tx = db.transaction(['queue', 'meta'], 'readwrite');
  const queue = tx.objectStore('queue');
  const meta = tx.objectStore('meta');
  let removed = 0;
  for (const id of ids) {
    if ((await request(queue.get(id))) as QueuedResponse | undefined) {
      queue.delete(id);
      removed += 1;
    }
  }
  const stats = ((await request(meta.get(`stats:${code}`))) as KioskStats | undefined) ?? EMPTY_STATS;
  meta.put({ ...stats, sent: stats.sent + removed, lastSyncAt: at, keyRefused: null }, `stats:${code}`);
  await done(tx);
}

export async function markRefused(id: string, status: number, reason: string): Promise<void> {
  const db = await openKioskDb();
  const tx = db.transaction('queue', 'readwrite');
  const queue = tx.objectStore('queue');
  const existing = (await request(queue.get(id))) as QueuedResponse | undefined;
  if (existing) queue.put({ ...existing, status: 'refused', reason, refusedStatus: status });
  await done(tx);
}

export async function deleteQueued(id: string): Promise<void> {
  const db = await openKioskDb();
  const tx = db.transaction('queue', 'readwrite');
  tx.objectStore('queue').delete(id);
  await done(tx);
}

export async function updateStats(code: string, change: Partial<KioskStats>): Promise<void> {
  const db = await openKioskDb();
  const tx = db.transaction('meta', 'readwrite');
  const meta = tx.objectStore('meta');
  const stats = ((await request(meta.get(`stats:${code}`))) as KioskStats | undefined) ?? EMPTY_STATS;
  meta.put({ ...stats, ...change }, `stats:${code}`);
  await done(tx);
}
