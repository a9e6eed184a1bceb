import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { newId } from './ids';

/**
 * Counts failures per key in a sliding window, where every instance sees them: the database by
 * default, Redis when REDIS_URL is set.
 */
export interface ThrottleStore {
  /** Failures recorded for the key within the window, and when the oldest of them leaves it (ms). */
  recent(key: string, windowMs: number): Promise<{ count: number; oldestAt: number | null }>;
  record(key: string, windowMs: number): Promise<void>;
  clear(key: string): Promise<void>;
}

export class DatabaseThrottleStore implements ThrottleStore {
  constructor(private readonly db: Kysely<Database>) {}

  async recent(key: string, windowMs: number) {
    const since = new Date(Date.now() - windowMs);
    const row = await this.db
      .selectFrom('loginFailures')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('failedAt').as('oldest')])
      .where('throttleKey', '=', key)
      .where('failedAt', '>', since)
      .executeTakeFirstOrThrow();
    const oldest = row.oldest as Date | string | null;
    return { count: Number(row.count), oldestAt: oldest === null ? null : new Date(oldest).getTime() };
  }

  async record(key: string, windowMs: number) {
    await this.db.insertInto('loginFailures').values({ id: newId(), throttleKey: key, failedAt: new Date() }).execute();
    await this.db
      .deleteFrom('loginFailures')
      .where('failedAt', '<', new Date(Date.now() - windowMs))
      .execute();
  }

  async clear(key: string) {
    await this.db.deleteFrom('loginFailures').where('throttleKey', '=', key).execute();
  }
}

export class RedisThrottleStore implements ThrottleStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'abode:throttle:',
  ) {}

  async recent(key: string, windowMs: number) {
    const k = this.prefix + key;
    const now = Date.now();
    const [, count, oldest] = (await this.redis
      .multi()
      .zremrangebyscore(k, '0', String(now - windowMs))
      .zcard(k)
      .zrange(k, '0', '0', 'WITHSCORES')
      .exec()) as [unknown, [null, number], [null, string[]]];
    const first = oldest[1][1];
    return { count: count[1], oldestAt: first === undefined ? null : Number(first) };
  }

  async record(key: string, windowMs: number) {
    const k = this.prefix + key;
    const now = Date.now();
    await this.redis
      .multi()
      .zadd(k, now, `${now}:${newId()}`)
      .pexpire(k, String(windowMs))
      .exec();
  }

  async clear(key: string) {
    await this.redis.del(this.prefix + key);
  }
}
