import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../helpers/free-port';
import { waitForHealthy } from '../helpers/server-process';

export const E2E_STAFF = { email: 'e2e-staff@abode.test', password: 'e2e-password-1234', name: 'E2E Staff' };

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
    /** What `npm start` printed until it served: on a fresh checkout, the first build's output too. */
    startOutput: string;
  }
}

/** Starts the app as a newcomer would (`npm start`), on a temporary data folder and a free port. */
export default async function setup(project: TestProject) {
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
      // Every e2e file shares this server and the address 127.0.0.1.
      PUBLIC_WRITE_LIMIT: '10000',
      // Visitor mail limits (issue 22 item 17) are tested in integration; here every visitor is 127.0.0.1.
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
  // The first run builds the client: on a busy 2-core machine that alone took 112 s.
  await waitForHealthy(baseURL, child, () => log, 360_000);
  project.provide('baseURL', baseURL);
  project.provide('dataDir', dataDir);
  project.provide('startOutput', log);

  return async () => {
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
  };
}
