// How the built server's process is started, by `npm start` (scripts/start.mjs) and by the benches
// (bench/lib/processes.ts): V8's young generation and glibc's allocator set for a server that streams
// exports of a million rows (docs/decisions/0078-server-process-memory.md).
//
// - `--max-semi-space-size=8`: the young generation's two halves are 8 MB each instead of 16. During a
//   long export it is always full, so this is 16 MB less held for the whole download (and at rest),
//   for more frequent, shorter scavenges.
// - glibc's malloc: at most two arenas (not eight per core: V8's platform threads and libuv's pool each
//   got one, and each kept what it had freed), and blocks of 64 KB and more (the socket, zlib and
//   Buffer chunks an export churns through) mapped and unmapped on their own instead of being carved
//   from an arena that never shrinks below them. Without these the RSS crept by 2–3 MB a minute of
//   export, on and on; with them it is flat.
//
// An operator's own setting wins: a variable already in the environment, or a semi-space size in
// NODE_OPTIONS, is left as it is.

/** V8 flags for `node` before the server's entry. */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8'];

/** Environment for the server's process (read by glibc when the process starts, so never settable later). */
export const SERVER_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '65536',
  MALLOC_TRIM_THRESHOLD_: '131072',
};

/**
 * The arguments (before the entry) and the environment for `node <entry>`, given the environment it
 * would otherwise inherit.
 * @param {NodeJS.ProcessEnv} env
 * @returns {{ nodeArgs: string[]; env: NodeJS.ProcessEnv }}
 */
export function serverProcess(env) {
  // V8 takes `-` and `_` alike in a flag's name.
  const given = (env.NODE_OPTIONS ?? '').replaceAll('_', '-');
  const nodeArgs = SERVER_NODE_FLAGS.filter((flag) => !given.includes(flag.split('=')[0]));
  return { nodeArgs, env: { ...SERVER_ENV, ...env } };
}
