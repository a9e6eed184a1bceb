import { validate, version } from 'uuid';
import { describe, expect, it, vi } from 'vitest';
import { newId } from '#server/lib/ids';

describe('newId', () => {
  it('gives valid, unique UUIDv7s in increasing order, across refills of its random pool', () => {
    // 2,000 ids span several refills of the 256-id pool and many ids within one millisecond.
    const ids = Array.from({ length: 2000 }, () => newId());
    for (const id of ids) {
      expect(validate(id)).toBe(true);
      expect(version(id)).toBe(7);
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('carries the current time in its first 48 bits', async () => {
    // A fresh generator: the worker keeps modules across test files (decision 0030), and a file that
    // ran on a clock set ahead leaves this one's monotonic state ahead too, as a real clock step back would.
    vi.resetModules();
    const fresh = await import('#server/lib/ids');
    const before = Date.now();
    const id = fresh.newId();
    const after = Date.now();
    const msecs = parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    // Monotonic ids may run ahead of the clock by a millisecond when a sequence wraps.
    expect(msecs).toBeGreaterThanOrEqual(before);
    expect(msecs).toBeLessThanOrEqual(after + 1);
  });
});
