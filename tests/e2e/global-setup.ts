import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../helpers/free-port';
import { waitForHealthy } from '../helpers/server-process';

export const E2E_STAFF = { email: 'e2e-staff@abode.test', password: 'e2e-password-1234', name: 'E2E Staff' };

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker (tests/e2e/api.ts picks the worker's own): its address and data folder. */
    servers: Array<{ baseURL: string; dataDir: string }>;
    /** What `npm start` printed until it served: on a fresh checkout, the first build's output too. */
    startOutput: string;
  }
}

interface Started {
  child: ChildProcess;
  baseURL: string;
  dataDir: string;
  output(): string;
}

/** Starts the app as a newcomer would (`npm start`), on a temporary data folder and a free port. */
async function start(): Promise<Started> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'abode-e2e-'));
  const port = await freePort();
  let log = '';
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      ADMIN_EMAIL: E2E_STAFF.email,
      ADMIN_PASSWORD: E2E_STAFF.password,
      ADMIN_NAME: E2E_STAFF.name,
      LOG_LEVEL: 'warn',
      // Every e2e file on this server shares it and the address 127.0.0.1.
      PUBLIC_WRITE_LIMIT: '10000',
      // Visitor mail limits (decision 0014) are tested in integration; here every visitor is 127.0.0.1.
      VISITOR_MAIL_PER_ADDRESS_HOUR: '10000',
      VISITOR_MAIL_PER_RECIPIENT_HOUR: '100',
      // Site-visit bookings per address a day (6 by default) are tested in integration: here every visitor is 127.0.0.1.
      VISIT_BOOKINGS_PER_ADDRESS_DAY: '1000',
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      // The browser tests' webhook receiver listens on loopback (the refusal is tested in integration).
      ALLOW_PRIVATE_WEBHOOKS: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  const started = { child, baseURL, dataDir, output: () => log };
  try {
    // The first start builds the client: on a busy 2-core machine that alone took 112 s.
    await waitForHealthy(baseURL, child, () => log, 360_000);
  } catch (error) {
    await stop(started);
    throw error;
  }
  return started;
}

async function stop({ child, dataDir }: Started): Promise<void> {
  child.kill('SIGTERM');
  await new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, 10_000);
    child.on('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * One server per worker, each with its own data folder, port and database, so that files running at
 * the same time never share one (docs/decisions/0030-test-speed.md). A worker runs its files one after
 * another on its server, as the single server did before. The first start builds when the build is
 * missing or stale; the others find it built, and start together.
 */
export default async function setup(project: TestProject) {
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const started: Started[] = [];
  try {
    // The first start builds if needed; the others then find the build made and start side by side.
    started.push(await start());
    const rest = await Promise.allSettled(Array.from({ length: workers - 1 }, () => start()));
    for (const result of rest) if (result.status === 'fulfilled') started.push(result.value);
    const failed = rest.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  } catch (error) {
    await Promise.all(started.map(stop));
    throw error;
  }
  project.provide(
    'servers',
    started.map(({ baseURL, dataDir }) => ({ baseURL, dataDir })),
  );
  project.provide('startOutput', started.map((s) => s.output()).join(''));

  return async () => {
    await Promise.all(started.map(stop));
  };
}
