// The app under a bench, in a child process bundled by esbuild as `npm start` runs it (no tsx), so
// that its CPU time and peak RSS (VmHWM) are its own. The child's entry is bench-server-child.ts.
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { buildApp } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';

/** The staff user the benches create and log in as. */
export const BENCH_STAFF = { email: 'bench@abode.test', name: 'Bench', password: 'bench-password-123' };

export const benchConfig = (dataDir: string, databaseUrl = ''): Config =>
  loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', NODE_ENV: 'test' });

/** What the child has used so far: CPU time, and resident memory now (VmRSS) and at its peak (VmHWM). */
export interface ServerUsage {
  cpu: NodeJS.CpuUsage;
  rssKb: number;
  peakRssKb: number;
}

function usage(): ServerUsage {
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { cpu: process.cpuUsage(), rssKb: kb('VmRSS'), peakRssKb: kb('VmHWM') };
}

/** Child side: serves the prepared data folder, sends its address, then its usage on 'usage' and on 'stop'. */
export async function serveInChild(dataDir: string, databaseUrl: string): Promise<void> {
  const app = await buildApp(benchConfig(dataDir, databaseUrl), { logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  process.send!({ address });
  process.on('message', async (msg: string) => {
    if (msg === 'usage') process.send!(usage());
    if (msg === 'stop') {
      process.send!(usage());
      await app.close();
      process.exit(0);
    }
  });
}

export interface BenchServer {
  address: string;
  /** A staff session's token. */
  token: string;
  usage(): Promise<ServerUsage>;
  /** Stops the child; its usage just before. */
  stop(): Promise<ServerUsage>;
}

/** Starts the app on the prepared data folder in a fresh child process and logs the bench's staff user in. */
export async function startBenchServer(dataDir: string, databaseUrl: string): Promise<BenchServer> {
  const bundle = path.resolve('dist/bench/bench-server-child.mjs');
  const entry = fileURLToPath(new URL('./bench-server-child.ts', import.meta.url));
  await build({ entryPoints: [entry], outfile: bundle, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });
  const child = fork(bundle, [dataDir, databaseUrl], { execArgv: process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : [], env: process.env });
  const next = <T>() => new Promise<T>((resolve) => child.once('message', (m) => resolve(m as T)));
  const { address } = await next<{ address: string }>();
  const login = await fetch(`${address}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_STAFF.email, password: BENCH_STAFF.password }),
  });
  const { token } = (await login.json()) as { token: string };
  return {
    address,
    token,
    usage: () => {
      child.send('usage');
      return next<ServerUsage>();
    },
    stop: () => {
      child.send('stop');
      return next<ServerUsage>();
    },
  };
}
