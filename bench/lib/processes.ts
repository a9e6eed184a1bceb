import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { freePort } from '#tests/helpers/free-port';
import { serverEnv } from '#scripts/server-runtime.mjs';

export interface Running {
  url: string;
  pid: number;
  /** Resident memory of the process now (VmRSS), in MB. */
  rssMb(): number;
  /** Peak resident memory of the process so far (VmHWM), in MB. */
  peakRssMb(): number;
  /** CPU time the process has used so far (user + system, every thread), in seconds. */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

async function waitFor(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited (${child.exitCode}):\n${log()}`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not ready: ${url}\n${log()}`);
}

/** A memory figure of /proc/<pid>/status, in MB. */
function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
}

function start(args: string[], env: Record<string, string>, readyPath: string, port: number, cwd?: string): Promise<Running> {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-20_000)));
  child.stderr?.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-20_000)));
  const url = `http://127.0.0.1:${port}`;
  return waitFor(`${url}${readyPath}`, child, () => log).then(() => ({
    url,
    pid: child.pid!,
    rssMb: () => statusMb(child.pid!, 'VmRSS'),
    peakRssMb: () => statusMb(child.pid!, 'VmHWM'),
    cpuSeconds: () => {
      // /proc/<pid>/stat: fields 14 and 15 (utime, stime) in clock ticks of 1/100 s, after the ") ".
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  }));
}

/**
 * The production build of Abode (dist/server/server.js), as `npm start` runs it (its process started
 * with the same environment: scripts/server-runtime.mjs); from `cwd` when given (a built
 * checkout of another commit, to compare against in the same run).
 */
export async function startAbode(env: Record<string, string>, cwd?: string): Promise<Running> {
  // BENCH_SERVER_PROF=<dir>: the server's CPU profile, written as it stops.
  const profile = process.env.BENCH_SERVER_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_PROF}`] : [];
  return start(
    [...profile, 'dist/server/server.js'],
    // As `npm start` starts it: its allocator settings, an operator's own values kept (scripts/server-runtime.mjs).
    { ...(serverEnv(process.env) as Record<string, string>), LOG_LEVEL: 'warn', SEED_DEMO: 'false', PUBLIC_WRITE_LIMIT: '100000000', ...env },
    '/healthz',
    await freePort(),
    cwd,
  );
}

export async function startCeiling(): Promise<Running> {
  return start(['--import', 'tsx', 'bench/ceiling-server.ts'], {}, '/bare', await freePort());
}

/** The reference for lead writes (bench/reference-server.ts) on a migrated SQLite file (DB_FILE, CAMPAIGN_ID). */
export async function startReference(env: { DB_FILE: string; CAMPAIGN_ID: string; REFERENCE_WORK?: 'issue' | 'today' }): Promise<Running> {
  const { DB_FILE, CAMPAIGN_ID, REFERENCE_WORK = 'issue' } = env;
  // BENCH_REFERENCE_PROF=<dir>: the reference's CPU profile, written as it stops.
  const profile = process.env.BENCH_REFERENCE_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_REFERENCE_PROF}`] : [];
  return start([...profile, '--import', 'tsx', 'bench/reference-server.ts'], { DB_FILE, CAMPAIGN_ID, REFERENCE_WORK }, '/ready', await freePort());
}

/** The PostgreSQL reference for lead writes (bench/reference-server-pg.ts) on a migrated database (DATABASE_URL, CAMPAIGN_ID). */
export async function startReferencePg(env: { DATABASE_URL: string; CAMPAIGN_ID: string }): Promise<Running> {
  // BENCH_REFERENCE_PROF=<dir>: the reference's CPU profile, written as it stops.
  const profile = process.env.BENCH_REFERENCE_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_REFERENCE_PROF}`] : [];
  return start([...profile, '--import', 'tsx', 'bench/reference-server-pg.ts'], env, '/ready', await freePort());
}
