import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startNpmStart, type NpmStartProcess } from '../helpers/server-process';

export const E2E_STAFF = { email: 'e2e-staff@abode.test', password: 'e2e-password-1234', name: 'E2E Staff' };

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker (tests/e2e/api.ts picks the worker's own): its address and data folder. */
    servers: Array<{ baseURL: string; dataDir: string }>;
    /** What `npm start` printed until it served: on a fresh checkout, the first build's output too. */
    startOutput: string;
  }
}

/** Starts the app as a newcomer would (`npm start`), on a temporary data folder and a free port. */
function start(): Promise<NpmStartProcess> {
  return startNpmStart(
    {
      ADMIN_EMAIL: E2E_STAFF.email,
      ADMIN_PASSWORD: E2E_STAFF.password,
      ADMIN_NAME: E2E_STAFF.name,
      // Every e2e file on this server shares it and the address 127.0.0.1.
      PUBLIC_WRITE_LIMIT: '10000',
      // Visitor mail limits (decision 0014) are tested in integration; here every visitor is 127.0.0.1.
      VISITOR_MAIL_PER_ADDRESS_HOUR: '10000',
      VISITOR_MAIL_PER_RECIPIENT_HOUR: '100',
      // Site-visit bookings per address a day (6 by default) are tested in integration: here every visitor is 127.0.0.1.
      VISIT_BOOKINGS_PER_ADDRESS_DAY: '1000',
      // The browser tests' webhook receiver listens on loopback (the refusal is tested in integration).
      ALLOW_PRIVATE_WEBHOOKS: 'true',
    },
    // The first start builds the client: on a busy 2-core machine that alone took 112 s.
    360_000,
  );
}

async function stop({ child, exited, dataDir }: NpmStartProcess): Promise<void> {
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
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
  const started: NpmStartProcess[] = [];
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
    started.map(({ url, dataDir }) => ({ baseURL: url, dataDir })),
  );
  project.provide('startOutput', started.map((s) => s.output()).join(''));

  return async () => {
    await Promise.all(started.map(stop));
  };
}
