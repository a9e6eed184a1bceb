import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ListingKind } from '../../../shared/listings';
import type { Database } from '../../db/schema';
import { CompressedBody } from '../../lib/compressed-body';

/** A public list, serialized (and compressed) once and shared by every request until it changes. */
export interface SerializedList {
  body: CompressedBody;
  /** Weak: the same list is sent as identity, br or gzip. */
  etag: string;
}

/**
 * Other instances (PostgreSQL scale-out) cannot tell this one about their writes: a list is re-read
 * at most this long after it was read. Writes made here are seen at once.
 */
const MAX_AGE_MS = 1000;

interface Entry {
  list: Promise<SerializedList>;
  readAt: number;
}

/**
 * The public lists are read far more often than written (DESIGN.md §9: reads at ≥ 0.6× a bare
 * route): serve them from memory, one query per kind per second at most, concurrent misses sharing it.
 */
class ListCache {
  readonly #entries = new Map<ListingKind, Entry>();

  get(kind: ListingKind, load: () => Promise<unknown>): Promise<SerializedList> {
    const entry = this.#entries.get(kind);
    if (entry && Date.now() - entry.readAt < MAX_AGE_MS) return entry.list;
    const list = load().then((items) => {
      const json = Buffer.from(JSON.stringify(items));
      return { body: new CompressedBody(json), etag: `W/"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"` };
    });
    const fresh: Entry = { list, readAt: Date.now() };
    this.#entries.set(kind, fresh);
    // A failed read is not kept: the next request tries again.
    list.catch(() => {
      if (this.#entries.get(kind) === fresh) this.#entries.delete(kind);
    });
    return list;
  }

  /** After a write commits: the next request reads the list again (one already reading may still see the old one). */
  invalidate(kind: ListingKind): void {
    this.#entries.delete(kind);
  }
}

// One cache per database: each app (and each test) has its own.
const caches = new WeakMap<Kysely<Database>, ListCache>();

export function listCache(db: Kysely<Database>): ListCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new ListCache();
    caches.set(db, cache);
  }
  return cache;
}
