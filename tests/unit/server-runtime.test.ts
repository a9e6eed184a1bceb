import { describe, expect, it } from 'vitest';
import { SERVER_ENV, SERVER_NODE_FLAGS, serverProcess } from '#scripts/server-runtime.mjs';

describe("the server process's runtime settings (decision 0078)", () => {
  it('adds the semi-space flag and the allocator variables to an environment that has none', () => {
    const { nodeArgs, env } = serverProcess({ PATH: '/usr/bin' });
    expect(nodeArgs).toEqual(['--max-semi-space-size=8']);
    expect(env).toEqual({ PATH: '/usr/bin', MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '65536', MALLOC_TRIM_THRESHOLD_: '131072' });
    expect(SERVER_NODE_FLAGS).toEqual(nodeArgs);
    expect(Object.keys(SERVER_ENV)).toHaveLength(3);
  });

  it("leaves an operator's own values alone, the flag spelt with - or _ in NODE_OPTIONS", () => {
    expect(serverProcess({ MALLOC_ARENA_MAX: '8' }).env.MALLOC_ARENA_MAX).toBe('8');
    expect(serverProcess({ NODE_OPTIONS: '--max-semi-space-size=16' }).nodeArgs).toEqual([]);
    expect(serverProcess({ NODE_OPTIONS: '--max_semi_space_size=16 --enable-source-maps' }).nodeArgs).toEqual([]);
    expect(serverProcess({ NODE_OPTIONS: '--enable-source-maps' }).nodeArgs).toEqual(['--max-semi-space-size=8']);
  });
});
