// The built server's entry (dist/server/server.js): loads React in its production build, then the
// server (dist/server/abode.js, from src/server/server.ts).
//
// React chooses its production or development build from NODE_ENV when it is first loaded, and the
// server was started without NODE_ENV (`npm start`), so e-mails and server-rendered pages were made
// by React's development build: 3.4 ms of CPU per staff e-mail, most of it in development-only
// checks (profiled with --cpu-prof under `npm run bench -- --baseline=…`). NODE_ENV keeps its other
// meaning (src/server/config.ts): it is set only while React loads, then put back as it was.
// The server is imported by a name esbuild does not follow, so that it is evaluated only after this.
import { setFlagsFromString } from 'node:v8';

export {};

/**
 * V8 lets the old generation grow to up to four times what was live after the last full collection
 * before it collects again. A long export promotes a little of every batch it reads (a batch is still
 * alive while the next is fetched and parsed), and in a 1,000,000-row .xlsx that garbage took the
 * server to 244 MB of RSS before the first full collection. With the limit at 1.1 × the live heap
 * (V8 still allows a few MB of growth at least), full collections come every few seconds, the heap
 * stays flat, and the same download peaks at 175 MB (docs/decisions/0073-export-memory-at-1m.md).
 * V8 reads this flag each time it sets the limit, so setting it here, before the server is loaded,
 * works as on the command line; a `--heap-growing-percent` given to node wins.
 */
const HEAP_GROWING_PERCENT = 10;
if (!process.execArgv.some((arg) => arg.startsWith('--heap-growing-percent') || arg.startsWith('--heap_growing_percent'))) {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}

// Started by `npm start` (scripts/start.mjs), which holds an IPC channel to this process only to be
// noticed if it dies: killed outright, it can no longer pass signals on, so stop as on SIGTERM. The
// channel never keeps this process alive.
if (process.channel) {
  process.channel.unref();
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}

const mode = process.env.NODE_ENV;
process.env.NODE_ENV = 'production';
try {
  await Promise.all([import('react'), import('react/jsx-runtime'), import('react-dom'), import('react-dom/server')]);
} finally {
  if (mode === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = mode;
}
const server = './abode.js';
await import(server);
