import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { bumpContentVersion, readContentVersion } from '../db/content-version';
import type { Database } from '../db/schema';

export interface ContentCacheOptions {
  /** Entries kept (public lists and rendered pages; least recently used leave first). */
  max?: number;
  /**
   * How often an instance reads the content version (other instances' writes are seen within
   * this). One primary-key read per interval per instance, only while requests come.
   */
  checkIntervalMs?: number;
  /** Backstop: an entry is made again after this long, whatever the version says. */
  ttlMs?: number;
}

/**
 * The one cache of what visitors read (serialized public lists, server-rendered pages), owned by
 * the app (`app.contentCache`). One rule invalidates it: a staff write that succeeded makes every
 * entry stale on every instance — on this one at once, on the others when they next read the
 * content version (at most `checkIntervalMs` later), which the write increases before its answer
 * is sent (docs/decisions/0008-one-content-cache.md). Visitors' own writes change no public page.
 *
 * Entries are promises: concurrent misses for one key share one load; a failed load is not kept.
 */
export class ContentCache {
  readonly #entries: LRUCache<string, Promise<unknown>>;
  readonly #checkIntervalMs: number;
  /** The content version the entries were made at (undefined: not read yet). */
  #version: number | undefined;
  #checkedAt = Number.NEGATIVE_INFINITY;
  #checking: Promise<void> | undefined;

  /** Called when the content version cannot be read (the app logs it). */
  onCheckError: (error: unknown) => void = () => undefined;

  constructor(
    private readonly db: Kysely<Database>,
    options: ContentCacheOptions = {},
  ) {
    this.#entries = new LRUCache({ max: options.max ?? 500, ttl: options.ttlMs ?? 60_000 });
    this.#checkIntervalMs = options.checkIntervalMs ?? 1000;
  }

  /** The cached value of `key`, or the one `load` makes. */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (Date.now() - this.#checkedAt >= this.#checkIntervalMs) return this.#check().then(() => this.#getFresh(key, load));
    return this.#getFresh(key, load);
  }

  /** After a staff write has committed: stale here at once, and on every instance once it checks. */
  async invalidate(): Promise<void> {
    this.#entries.clear();
    const version = await bumpContentVersion(this.db);
    // Loads that started before the bump may have read the old content: drop them too.
    this.#entries.clear();
    this.#version = version;
    this.#checkedAt = Date.now();
  }

  #getFresh<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.#entries.get(key);
    if (hit) return hit as Promise<T>;
    const value = load();
    this.#entries.set(key, value);
    value.catch(() => {
      if (this.#entries.get(key) === value) this.#entries.delete(key);
    });
    return value;
  }

  /**
   * Reads the content version (one read shared by concurrent requests); a new one clears the entries.
   * A failed read keeps them (the backstop lifetime still holds) and is tried again next interval:
   * a database that does not answer should not also take down the pages it already rendered.
   */
  #check(): Promise<void> {
    this.#checking ??= readContentVersion(this.db)
      .then(
        (version) => {
          if (version !== this.#version) {
            this.#entries.clear();
            this.#version = version;
          }
        },
        (error: unknown) => this.onCheckError(error),
      )
      .finally(() => {
        this.#checkedAt = Date.now();
        this.#checking = undefined;
      });
    return this.#checking;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The cache of public lists and pages (content-cache.ts). */
    contentCache: ContentCache;
  }
}

/**
 * Decorates the app with its content cache and applies the one invalidation rule: a staff request
 * that writes (not GET/HEAD) and succeeds (status < 400) invalidates it before its answer is sent,
 * so the staff member's next read — and any visitor's after it — shows the change. Call it on the
 * root instance: a hook added inside a registered plugin sees only that plugin's routes.
 */
export function registerContentCache(app: FastifyInstance, options: ContentCacheOptions = {}): void {
  const cache = new ContentCache(app.db, options);
  cache.onCheckError = (error) => app.log.error({ err: error }, 'content cache: the content version could not be read');
  app.decorate('contentCache', cache);
  // Callback style: runs on every answer, and an async hook costs a promise each time.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.staff || request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return done(null, payload);
    cache.invalidate().then(
      () => done(null, payload),
      (error: unknown) => {
        // The write itself committed: say so, and let the backstop lifetime bound the staleness.
        request.log.error({ err: error }, 'content cache: the content version could not be increased');
        done(null, payload);
      },
    );
  });
}
