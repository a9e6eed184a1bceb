// Export budget (DESIGN.md §9): 100,000 responses to .xlsx through the real HTTP route, ≤ 3 s and
// ≤ 256 MB server RSS. The server runs in a child process, bundled by esbuild as `npm start` runs
// it (no tsx), so its peak RSS (VmHWM) and CPU time are its own.
// Run alone: node --import tsx bench/campaign-export.ts [responses]  (DATABASE_URL for PostgreSQL); npm run bench runs it too.
import { fork } from 'node:child_process';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createStaff } from '../src/server/features/auth/auth.service';
import { seedDemoCampaign } from '../src/server/features/campaigns/campaigns.seed';
import { newId } from '../src/server/lib/ids';

const STAFF = { email: 'bench@abode.test', name: 'Bench', password: 'bench-password-123' };
const configFor = (dataDir: string, databaseUrl = '') => loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', NODE_ENV: 'test' });

export interface ExportResult {
  dialect: string;
  responses: number;
  status: number;
  seconds: number;
  serverCpuSeconds: number;
  megabytes: number;
  serverRssBeforeMB: number;
  serverPeakRssMB: number;
}

/** Child: serve the prepared data folder and report the address, then CPU time and peak RSS on request. */
async function serve(dataDir: string, databaseUrl: string): Promise<void> {
  const app = await buildApp(configFor(dataDir, databaseUrl), { logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  process.send!({ address });
  process.on('message', async (msg: string) => {
    if (msg === 'cpu') process.send!({ cpu: process.cpuUsage(), rssKb: Math.round(process.memoryUsage().rss / 1024) });
    if (msg === 'stop') {
      const status = readFileSync('/proc/self/status', 'utf8');
      const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
      process.send!({ cpu: process.cpuUsage(), peakRssKb: kb('VmHWM'), rssKb: kb('VmRSS') });
      await app.close();
      process.exit(0);
    }
  });
}

async function prepare(dataDir: string, databaseUrl: string, count: number): Promise<string> {
  const app = await buildApp(configFor(dataDir, databaseUrl), { logger: false });
  const db = app.db;
  await seedDemoCampaign(db);
  const campaign = await db.selectFrom('campaigns').select('id').executeTakeFirstOrThrow();
  await createStaff(db, STAFF);
  const localities = ['Indiranagar', 'Koramangala', 'HSR Layout', 'Whitefield', 'Jayanagar'];
  const start = Date.now() - count * 1000;
  for (let i = 0; i < count; i += 1000) {
    await db.transaction().execute(async (trx) => {
      const records = [];
      const responses = [];
      for (let j = i; j < Math.min(count, i + 1000); j++) {
        const id = newId();
        const createdAt = new Date(start + j * 1000);
        const email = `visitor${j}@example.com`;
        records.push({ id, email, campaignId: campaign.id, isCompleted: true, createdAt });
        const answer = {
          propertyType: j % 2 ? 'apartment' : 'villa',
          budget: '50l-1cr',
          bedrooms: (j % 5) + 1,
          homeLoan: j % 3 === 0,
          localities: [localities[j % 5], localities[(j + 2) % 5], 'other'],
          'localities-Comment': 'Near Cubbon Park',
          nearMetro: true,
          commuteTime: '30 minutes',
          amenities: ['Gym', 'Covered parking', 'EV charging'],
          decorStyle: 'scandinavian',
          interiorHelp: true,
          interiorBudget: '₹5 – ₹15 lakh',
          moveIn: '3m',
          notes: 'Looking for a quiet street close to good schools and a park for the children.',
          phone: '+91 98765 43210',
          callTime: 'Evening',
        };
        responses.push({ id: newId(), campaignId: campaign.id, emailRecordId: id, email, answer: JSON.stringify(answer), createdAt });
      }
      // SQLite allows 32k bound parameters per statement: insert in slices of 500 rows.
      for (let k = 0; k < records.length; k += 500) {
        await trx.insertInto('emailRecords').values(records.slice(k, k + 500)).execute();
        await trx.insertInto('surveyResponses').values(responses.slice(k, k + 500)).execute();
      }
    });
  }
  await app.close();
  return campaign.id;
}

/** Prepares `count` responses, then downloads them through the real route from a fresh server process. */
export async function runExportBench(count: number, databaseUrl = ''): Promise<ExportResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'abode-bench-'));
  try {
    const campaignId = await prepare(dataDir, databaseUrl, count);
    const bundle = path.resolve('dist/bench/campaign-export.mjs');
    await build({ entryPoints: [fileURLToPath(import.meta.url)], outfile: bundle, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });
    const child = fork(bundle, ['--serve', dataDir, databaseUrl], { execArgv: process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : [], env: process.env });
    const next = <T>() => new Promise<T>((resolve) => child.once('message', (m) => resolve(m as T)));
    const { address } = await next<{ address: string }>();
    const login = await fetch(`${address}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: STAFF.email, password: STAFF.password }),
    });
    const { token } = (await login.json()) as { token: string };

    child.send('cpu');
    const { cpu: cpuBefore, rssKb: rssBeforeKb } = await next<{ cpu: NodeJS.CpuUsage; rssKb: number }>();
    const t0 = performance.now();
    const res = await fetch(`${address}/api/campaign/download/${campaignId}`, { headers: { authorization: `Bearer ${token}` } });
    let bytes = 0;
    for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
    const seconds = (performance.now() - t0) / 1000;
    child.send('stop');
    const end = await next<{ cpu: NodeJS.CpuUsage; peakRssKb: number; rssKb: number }>();
    const cpuSeconds = (end.cpu.user + end.cpu.system - cpuBefore.user - cpuBefore.system) / 1e6;
    return {
      dialect: databaseUrl ? 'postgres' : 'sqlite',
      responses: count,
      status: res.status,
      seconds: Number(seconds.toFixed(2)),
      serverCpuSeconds: Number(cpuSeconds.toFixed(2)),
      megabytes: Number((bytes / 1e6).toFixed(1)),
      serverRssBeforeMB: Math.round(rssBeforeKb / 1024),
      serverPeakRssMB: Math.round(end.peakRssKb / 1024),
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--serve') {
  await serve(process.argv[3]!, process.argv[4] ?? '');
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await runExportBench(Number(process.argv[2] ?? 100_000), process.env.DATABASE_URL ?? '')));
}
