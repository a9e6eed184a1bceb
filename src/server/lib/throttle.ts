import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, RateLimiterSQLite, type RateLimiterStoreAbstract } from 'rate-limiter-flexible';
import type { DatabaseHandle } from '../db/database';
import type { Database } from '../db/schema';

/** The table the attempt counters live in (migration 2026-11-23T0340-auth-rate-limits). */
export const RATE_LIMIT_TABLE = 'rate_limits';

/**
 * Counts attempts per key in a fixed window, where every instance sees them: one atomic
 * increment-and-read per attempt (an upsert in the app's database, or a Redis script), so any
 * number of concurrent attempts can pass `points` at most.
 */
export interface AttemptLimiter {
  /** Counts one attempt: null when it is within the limit, else the seconds until one is allowed. */
  consume(key: string): Promise<number | null>;
  /** Gives back an attempt that turned out not to be a failure (a successful login). */
  refund(key: string): Promise<void>;
}

export interface AttemptLimiters {
  create(name: string, points: number, windowSeconds: number): AttemptLimiter;
  /** Stops the periodic removal of expired counters. */
  close(): void;
}

export function createAttemptLimiters(database: DatabaseHandle, redis: Redis | null, redisPrefix: string): AttemptLimiters {
  const limiters: RateLimiterStoreAbstract[] = [];
  const storeFor = (name: string, points: number, duration: number): RateLimiterStoreAbstract => {
    // The table is created by a migration; the library's own expiry timers are off (a failing one
    // would be an unhandled rejection), expired rows are removed below instead.
    const options = { keyPrefix: name, points, duration, tableName: RATE_LIMIT_TABLE, tableCreated: true, clearExpiredByTimeout: false };
    if (redis) return new RateLimiterRedis({ storeClient: redis, keyPrefix: `${redisPrefix}${name}`, points, duration });
    if (database.dialect === 'postgres') return new RateLimiterPostgres({ ...options, storeClient: database.pool! });
    return new RateLimiterSQLite({ ...options, storeType: 'knex', storeClient: kyselySqliteClient(database.db, database.sqlite!) });
  };

  let sweeper: NodeJS.Timeout | undefined;
  if (!redis) {
    sweeper = setInterval(
      () => {
        const before = Date.now() - 60 * 60 * 1000;
        for (const limiter of limiters) {
          (limiter as unknown as { clearExpired(ms: number): Promise<void> }).clearExpired(before).catch(() => undefined);
        }
      },
      5 * 60 * 1000,
    );
    sweeper.unref();
  }

  return {
    create(name, points, windowSeconds) {
      const limiter = storeFor(name, points, windowSeconds);
      // Several limiters share the table; sweeping one sweeps all of them.
      if (limiters.length === 0) limiters.push(limiter);
      return {
        async consume(key) {
          try {
            await limiter.consume(key);
            return null;
          } catch (outcome) {
            // Over the limit the library rejects with its result; anything else is a store failure.
            if (outcome instanceof RateLimiterRes) return Math.max(1, Math.ceil(outcome.msBeforeNext / 1000));
            throw outcome;
          }
        },
        async refund(key) {
          await limiter.reward(key, 1);
        },
      };
    },
    close() {
      if (sweeper) clearInterval(sweeper);
    },
  };
}

/**
 * rate-limiter-flexible's SQLite store as a "knex" client, so that it takes the connection through
 * Kysely's lock: with better-sqlite3 given directly, its upsert would run inside whatever
 * transaction the app has open at that moment (a group-commit batch waiting on an await) and vanish
 * with it if that rolled back.
 */
function kyselySqliteClient(db: Kysely<Database>, sqlite: NonNullable<DatabaseHandle['sqlite']>) {
  let release: (() => void) | undefined;
  return {
    raw() {
      throw new Error('not used');
    },
    client: {
      config: { client: 'better-sqlite3' },
      acquireConnection: () =>
        new Promise((resolve, reject) => {
          db.connection()
            .execute(
              () =>
                new Promise<void>((done) => {
                  release = done;
                  resolve(sqlite);
                }),
            )
            .catch(reject);
        }),
      releaseConnection: () => {
        const done = release;
        release = undefined;
        done?.();
      },
    },
  };
}
