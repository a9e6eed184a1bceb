import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';
import { waitFor } from './wait';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Runs the real server entry (src/server/server.ts through tsx) as its own process, as in production.
 * A variable given as `undefined` is left out, so the server takes its default. Starting through tsx
 * took more than 30 s on this machine under load (the shutdown tests failed at their first start), so
 * the wait for health is 90 s, as the start-up output test already had; the tests' own timeouts allow it.
 */
export async function startServerProcess(env: Record<string, string | undefined>, healthyTimeoutMs = 90_000): Promise<ServerProcess> {
  const port = await freePort();
  const merged: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', SEED_DEMO: 'false', ...env };
  for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name];
  const started = spawnLogged(['--import', 'tsx', 'src/server/server.ts'], merged, `http://127.0.0.1:${port}`);
  try {
    await waitForHealthy(started.url, started.child, started.output, healthyTimeoutMs);
  } catch (error) {
    started.child.kill('SIGKILL');
    throw error;
  }
  return started;
}

export interface NpmStartProcess extends ServerProcess {
  /** The temporary data folder (the embedded database, uploads): the caller removes it. */
  dataDir: string;
}

/**
 * Starts the app as a newcomer would, `npm start` (scripts/start.mjs: it builds when the build is
 * missing or stale, then runs the server as a process of its own), on a temporary data folder, a free
 * port and the embedded database; links in its mails point at that address.
 */
export async function startNpmStart(env: Record<string, string>, healthyTimeoutMs: number): Promise<NpmStartProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'abode-start-'));
  const port = await freePort();
  const started = spawnLogged(
    ['scripts/start.mjs'],
    {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    `http://127.0.0.1:${port}`,
  );
  try {
    await waitForHealthy(started.url, started.child, started.output, healthyTimeoutMs);
  } catch (error) {
    // Killed outright, npm start's server stops too (its IPC channel closes: src/server/launch.ts).
    started.child.kill('SIGKILL');
    await started.exited;
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return { ...started, dataDir };
}

function spawnLogged(args: string[], env: NodeJS.ProcessEnv, url: string): ServerProcess {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { url, child, output: () => log, exited };
}

/**
 * Resolves once the server answers GET /healthz; fails, with what the process printed, when it
 * exits first or does not answer in time.
 */
export async function waitForHealthy(url: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
        return fetch(`${url}/healthz`).then(
          (res) => res.ok,
          () => false, // not listening yet
        );
      },
      timeoutMs,
      { intervalMs: 100, what: `${url}/healthz` },
    );
  } catch (error) {
    throw new Error(`${(error as Error).message}:\n${output()}`, { cause: error });
  }
}
