// How the built server's process is started, by `npm start` (scripts/start.mjs) and by the benches
// (bench/lib/processes.ts): glibc's allocator held in, for a server that streams exports of a million
// rows (docs/decisions/0078-server-process-memory.md).
//
// At most two arenas (not eight per core: V8's platform threads and libuv's pool each got one, and each
// kept what it had freed), and blocks of 64 KB and more (the socket, zlib and Buffer chunks an export
// churns through) mapped and unmapped on their own instead of being carved from a heap that never
// shrinks below them (glibc otherwise raises that threshold as such blocks are freed). Without these the
// resident size crept by 2–3 MB a minute of export, on and on; with them it is flat. glibc reads them only
// when a process starts, so they cannot be set from inside the server.
//
// An operator's own setting wins: a variable already in the environment is left as it is.

/** Environment for the server's process. */
export const SERVER_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '65536',
  MALLOC_TRIM_THRESHOLD_: '131072',
};

/**
 * The environment for `node dist/server/server.js`, given the one it would otherwise inherit.
 * @param {NodeJS.ProcessEnv} env
 * @returns {NodeJS.ProcessEnv}
 */
export function serverEnv(env) {
  return { ...SERVER_ENV, ...env };
}
