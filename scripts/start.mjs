// `npm start`: builds when the build is missing or older than the sources, then runs the server in a
// process of its own, started with the environment of scripts/server-runtime.mjs (glibc reads its
// allocator's settings only as a process starts). This process passes signals on and ends as the
// server ends; if it is killed outright, the server sees its channel close and stops as on SIGTERM.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { serverEnv } from './server-runtime.mjs';

const STAMP = 'dist/build-info.json';
const SOURCES = ['src', 'scripts/build.mjs', 'vite.config.ts', 'package-lock.json'];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const builtAt = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
if (builtAt < Math.max(...SOURCES.map(newestMtime))) {
  console.log(builtAt ? 'Sources changed since the last build: building…' : 'No build yet: building…');
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, [path.resolve('dist/server/server.js')], {
  env: serverEnv(process.env),
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}
server.on('exit', (code, signal) => {
  if (signal) {
    // Ended by a signal: end the same way, so that whoever started `npm start` sees it.
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  } else process.exit(code ?? 1);
});
