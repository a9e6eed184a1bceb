// Summary budget (issue 17): the results summary of 100,000 responses of the demo survey in ≤ 1 s
// on SQLite, the server's peak RSS ≤ 256 MB. The server runs in a child process, bundled by esbuild
// as `npm start` runs it, so its peak RSS (VmHWM) is its own. Timed: the median of several calls,
// unfiltered (status all) and with an answer filter and a date range.
// Run alone: node --import tsx bench/campaign-summary.ts [responses]  (DATABASE_URL for PostgreSQL); npm run bench -- --only=summary.
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { build } from 'esbuild';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createStaff } from '../src/server/features/auth/auth.service';
import { seedDemoCampaign } from '../src/server/features/campaigns/campaigns.seed';
import { newId } from '../src/server/lib/ids';

const STAFF = { email: 'bench@abode.test', name: 'Bench', password: 'bench-password-123' };
const CALLS = 5;
const configFor = (dataDir: string, databaseUrl = '') => loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', NODE_ENV: 'test' });

export interface SummaryResult {
  responses: number;
  unfinished: number;
  /** Median of CALLS calls, seconds. */
  allSeconds: number;
  filteredSeconds: number;
  serverRssBeforeMB: number;
  serverPeakRssMB: number;
  questions: number;
  /**
   * SQLite only (else null): the least a summary can cost here, measured in the same run on the
   * same file: better-sqlite3 reading every answer once and JSON.parse on each, no HTTP, no figures.
   */
  floorSeconds: number | null;
}

async function serve(dataDir: string, databaseUrl: string): Promise<void> {
  const app = await buildApp(configFor(dataDir, databaseUrl), { logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  process.send!({ address });
  process.on('message', async (msg: string) => {
    const status = readFileSync('/proc/self/status', 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    if (msg === 'rss') process.send!({ rssKb: kb('VmRSS') });
    if (msg === 'stop') {
      process.send!({ peakRssKb: kb('VmHWM') });
      await app.close();
      process.exit(0);
    }
  });
}

/** The demo campaign with `count` varied responses over about 100 days, and a tenth as many unfinished. */
async function prepare(dataDir: string, databaseUrl: string, count: number): Promise<string> {
  const app = await buildApp(configFor(dataDir, databaseUrl), { logger: false });
  const db = app.db;
  await seedDemoCampaign(db);
  const campaign = await db.selectFrom('campaigns').select('id').executeTakeFirstOrThrow();
  await createStaff(db, STAFF);
  const localities = ['indiranagar', 'koramangala', 'hsr', 'whitefield', 'jayanagar', 'other'];
  const start = Date.UTC(2026, 0, 1);
  const spacing = Math.floor((100 * 86_400_000) / count);
  const answerOf = (j: number) => ({
    propertyType: ['apartment', 'villa', 'plot', 'penthouse', 'independent-house'][j % 5],
    budget: [5000000, 10000000, 20000000, 50000000][j % 4],
    bedrooms: (j % 5) + 1,
    homeLoan: j % 3 === 0,
    localities: [localities[j % 6], localities[(j + 2) % 6]],
    nearMetro: j % 2 === 0,
    commuteTime: ['15 minutes', '30 minutes', '45 minutes', 'One hour or more'][j % 4],
    amenities: ['gym', 'parking', 'pool'].slice(0, (j % 3) + 1),
    decorStyle: ['modern-minimal', 'scandinavian', 'classic', 'industrial'][j % 4],
    interiorHelp: j % 2 === 1,
    interiorBudget: [500000, 1500000, 3000000][j % 3],
    moveIn: [0, 3, 6, 12, 'exploring'][j % 5],
    notes: `Looking for a quiet street close to good schools, note ${j}.`,
    phone: '+91 98765 43210',
    callTime: ['Morning', 'Afternoon', 'Evening'][j % 3],
  });
  const unfinished = Math.floor(count / 10);
  for (let i = 0; i < count + unfinished; i += 1000) {
    await db.transaction().execute(async (trx) => {
      const records = [];
      const responses = [];
      const progress = [];
      for (let j = i; j < Math.min(count + unfinished, i + 1000); j++) {
        const id = newId();
        const createdAt = new Date(start + j * spacing);
        const email = `visitor${j}@example.com`;
        const done = j < count;
        records.push({ id, email, campaignId: campaign.id, isCompleted: done, createdAt });
        const answer = JSON.stringify(answerOf(j));
        if (done) responses.push({ id: newId(), campaignId: campaign.id, emailRecordId: id, email, answer, createdAt });
        else progress.push({ emailRecordId: id, campaignId: campaign.id, answer, page: j % 4, furthestPage: j % 4, createdAt, updatedAt: createdAt });
      }
      // SQLite allows 32k bound parameters per statement: insert in slices of 500 rows.
      for (let k = 0; k < records.length; k += 500) {
        await trx.insertInto('emailRecords').values(records.slice(k, k + 500)).execute();
        if (responses.length > k) await trx.insertInto('surveyResponses').values(responses.slice(k, k + 500)).execute();
        if (progress.length > k) await trx.insertInto('surveyProgress').values(progress.slice(k, k + 500)).execute();
      }
    });
  }
  await app.close();
  return campaign.id;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The floor: every answer of the campaign read once and parsed, median of CALLS runs, seconds. */
function readAllAnswers(file: string, campaignId: string): number {
  const sqlite = new SQLite(file, { readonly: true });
  try {
    const query = sqlite.prepare(
      'select answer from survey_responses where campaign_id = ? union all select answer from survey_progress where campaign_id = ?',
    );
    const seconds: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const t0 = performance.now();
      let keys = 0;
      for (const row of query.iterate(campaignId, campaignId) as Iterable<{ answer: string }>) keys += Object.keys(JSON.parse(row.answer) as object).length;
      if (keys === 0) throw new Error('no answers read');
      seconds.push((performance.now() - t0) / 1000);
    }
    return Number(median(seconds).toFixed(3));
  } finally {
    sqlite.close();
  }
}

export async function runSummaryBench(count: number, databaseUrl = ''): Promise<SummaryResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'abode-bench-'));
  try {
    const campaignId = await prepare(dataDir, databaseUrl, count);
    const bundle = path.resolve('dist/bench/campaign-summary.mjs');
    await build({ entryPoints: [fileURLToPath(import.meta.url)], outfile: bundle, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });
    const child = fork(bundle, ['--serve', dataDir, databaseUrl], { execArgv: process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : [], env: process.env });
    const next = <T>() => new Promise<T>((resolve) => child.once('message', (m) => resolve(m as T)));
    const { address } = await next<{ address: string }>();
    const login = await fetch(`${address}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: STAFF.email, password: STAFF.password }) });
    const { token } = (await login.json()) as { token: string };
    child.send('rss');
    const { rssKb } = await next<{ rssKb: number }>();

    let questions = 0;
    let unfinished = 0;
    const time = async (query: string) => {
      const seconds: number[] = [];
      for (let i = 0; i < CALLS; i++) {
        const t0 = performance.now();
        const res = await fetch(`${address}/api/campaign/summary/${campaignId}${query}`, { headers: { authorization: `Bearer ${token}` } });
        const body = (await res.json()) as { questions?: unknown[]; unfinished?: number };
        if (res.status !== 200) throw new Error(`summary answered ${res.status}: ${JSON.stringify(body)}`);
        seconds.push((performance.now() - t0) / 1000);
        questions = body.questions?.length ?? 0;
        unfinished = Math.max(unfinished, body.unfinished ?? 0);
      }
      return Number(median(seconds).toFixed(3));
    };
    const allSeconds = await time('');
    const filteredSeconds = await time('?status=completed&propertyType=villa&from=2026-01-15&to=2026-03-15');
    child.send('stop');
    const end = await next<{ peakRssKb: number }>();
    const floorSeconds = databaseUrl ? null : readAllAnswers(path.join(dataDir, 'abode.sqlite'), campaignId);
    return {
      responses: count,
      unfinished,
      allSeconds,
      filteredSeconds,
      serverRssBeforeMB: Math.round(rssKb / 1024),
      serverPeakRssMB: Math.round(end.peakRssKb / 1024),
      questions,
      floorSeconds,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--serve') {
  await serve(process.argv[3]!, process.argv[4] ?? '');
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await runSummaryBench(Number(process.argv[2] ?? 100_000), process.env.DATABASE_URL ?? '')));
}
