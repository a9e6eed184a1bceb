import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

// Count and window in one step: INCR, and the expiry set by the write that opened the window.
const INCR_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {current, ttl}`;

/** Windows kept in memory at most; expired ones are dropped first, then the oldest. */
const MEMORY_KEYS = 50_000;

/**
 * A store for @fastify/rate-limit in which every route shares one counter per client: the library gives each route a child store of its own, which made PUBLIC_WRITE_LIMIT a
 * budget per route. Here `child` is the store itself, so an address has one budget for all public
 * writes together: in this process's memory, or in Redis (every instance) when there is one.
 */
export function sharedBudgetStore(redis: Redis | null, keyPrefix: string): FastifyRateLimitStoreCtor {
  return class SharedBudgetStore implements FastifyRateLimitStore {
    private readonly windows = new Map<string, { current: number; resetAt: number }>();

    incr(key: string, callback: Callback, timeWindow: number): void {
      if (redis) {
        redis.eval(INCR_SCRIPT, 1, `${keyPrefix}${key}`, timeWindow).then(
          (result) => {
            const [current, ttl] = result as [number, number];
            callback(null, { current: Number(current), ttl: Number(ttl) });
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
        return;
      }
      const now = Date.now();
      let window = this.windows.get(key);
      if (!window || window.resetAt <= now) {
        this.windows.delete(key);
        window = { current: 0, resetAt: now + timeWindow };
        if (this.windows.size >= MEMORY_KEYS) this.prune(now);
        this.windows.set(key, window);
      }
      window.current++;
      callback(null, { current: window.current, ttl: window.resetAt - now });
    }

    child(): FastifyRateLimitStore {
      return this;
    }

    private prune(now: number): void {
      for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
      // Still full of live windows: forget the oldest (Map order is insertion order).
      for (const key of this.windows.keys()) {
        if (this.windows.size < MEMORY_KEYS) break;
        this.windows.delete(key);
      }
    }
  };
}
