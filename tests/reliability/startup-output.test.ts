import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';
import { waitFor } from '../helpers/wait';

/** What a newcomer's `npm start` leaves unset: the defaults decide (README, Configuration). */
const NEWCOMER = {
  LOG_LEVEL: undefined,
  ADMIN_EMAIL: undefined,
  ADMIN_PASSWORD: undefined,
  ADMIN_NAME: undefined,
  DATABASE_URL: undefined,
  SEED_DEMO: undefined,
};
const BANNER_END = 'Change it with: npm run staff -- passwd';
const SHUTDOWN_LINE = 'shutting down';
/** A first start migrates a new database and adds the demo content: slow on a busy machine. */
const START_TIMEOUT_MS = 180_000;

/** Serves a few requests a browser would send (a page, the API, a 404 and a refused login). */
async function browse(url: string): Promise<void> {
  for (const [pathname, init] of [
    ['/', {}],
    ['/api/site', {}],
    ['/viewAboutus', {}],
    ['/api/no-such-route', {}],
    [
      '/api/login',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'nobody@abode.test', password: 'wrong-password' }) },
    ],
  ] as const) {
    const res = await fetch(`${url}${pathname}`, init);
    await res.arrayBuffer();
  }
}

/** Stops the server and returns all it printed (written out by then: the process has exited). */
async function stopAndRead(server: ServerProcess): Promise<string> {
  server.child.kill('SIGTERM');
  await server.exited;
  return server.output();
}

describe('start-up output (a newcomer runs the server for the first time)', () => {
  let server: ServerProcess | undefined;
  let dataDir = '';
  afterEach(() => {
    server?.child.kill('SIGKILL');
    server = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'at the default log level, serving requests prints nothing: the banner with the one-time password stays the last thing on screen',
    async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'abode-startup-'));
      server = await startServerProcess({ ...NEWCOMER, DATA_DIR: dataDir }, 90_000);
      await waitFor(() => server!.output().includes(BANNER_END), 90_000, { what: 'the start-up banner' });
      await browse(server.url);
      const output = await stopAndRead(server);

      expect(output).toMatch(/password: \S{8,}/);
      expect(output).not.toMatch(/incoming request|request completed|not found/);
      // Everything printed before the shutdown: the banner is its end.
      const beforeShutdown = output.slice(0, output.lastIndexOf('\n', output.indexOf(SHUTDOWN_LINE)) + 1);
      expect(beforeShutdown.trimEnd().split('\n').at(-1)).toContain(BANNER_END);
    },
    START_TIMEOUT_MS,
  );

  it(
    'with LOG_LEVEL=debug, each request is logged',
    async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'abode-startup-'));
      server = await startServerProcess({ ...NEWCOMER, DATA_DIR: dataDir, LOG_LEVEL: 'debug' }, 90_000);
      await waitFor(() => server!.output().includes(BANNER_END), 90_000, { what: 'the start-up banner' });
      await browse(server.url);
      const output = await stopAndRead(server);

      const completed = output.split('\n').filter((line) => line.includes('"request completed"'));
      expect(completed.length).toBeGreaterThanOrEqual(5);
      expect(output).toContain('/api/no-such-route');
    },
    START_TIMEOUT_MS,
  );
});
