import { describe, expect, it } from 'vitest';
import { SERVER_ENV, serverEnv } from '#scripts/server-runtime.mjs';

describe("the server process's allocator settings (decision 0078)", () => {
  it('adds the allocator variables to an environment that has none', () => {
    expect(serverEnv({ PATH: '/usr/bin' })).toEqual({
      PATH: '/usr/bin',
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '65536',
      MALLOC_TRIM_THRESHOLD_: '131072',
    });
    expect(Object.keys(SERVER_ENV)).toHaveLength(3);
  });

  it("leaves an operator's own values alone", () => {
    const env = serverEnv({ MALLOC_ARENA_MAX: '8', MALLOC_MMAP_THRESHOLD_: '262144' });
    expect(env.MALLOC_ARENA_MAX).toBe('8');
    expect(env.MALLOC_MMAP_THRESHOLD_).toBe('262144');
    expect(env.MALLOC_TRIM_THRESHOLD_).toBe('131072');
  });
});
