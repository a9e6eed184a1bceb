// Lead writes against an earlier build, in the same run: `npm run bench -- --only=writes-baseline
// --baseline=<dir>`, <dir> being a checkout of the earlier commit with `node scripts/build.mjs` run in it.
// The two servers (SQLite, each on its own data folder) take turns round by round, so drift in the
// machine's load moves both sides of the ratio.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AbodeClient, BENCH_SURVEY } from './lib/abode-client';
import { load, type LoadOptions } from './lib/load';
import { startAbode, type Running } from './lib/processes';
import { atLeast, figure, type Figure } from './lib/report';

const ADMIN = { email: 'bench@abode.test', password: 'bench-password-123' };
const CONNECTIONS = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 3);
/** The issues' budget: lead writes may lose at most 10% of their throughput. */
const MIN_RATIO = 0.9;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until the server has finished the work a round left behind (the notification dispatcher
 * sends after the requests are answered): its CPU use stays under 5% of a core for half a second.
 */
async function settle(server: Running): Promise<void> {
  const deadline = Date.now() + 120_000;
  let last = server.cpuSeconds();
  let quiet = 0;
  while (Date.now() < deadline && quiet < 2) {
    await sleep(250);
    const now = server.cpuSeconds();
    quiet = now - last < 0.0125 ? quiet + 1 : 0;
    last = now;
  }
}

interface Side {
  label: string;
  server: Running;
  campaignId: string;
  records: Array<{ id: string; email: string }>;
  next: number;
  emails: Array<{ rps: number; cpuMicros: number; settledCpuMicros: number }>;
  responses: Array<{ rps: number; cpuMicros: number; settledCpuMicros: number }>;
}

/** One measured round: throughput, the CPU per request during it, and with the work it left behind. */
async function round(side: Side, options: LoadOptions) {
  await settle(side.server);
  const before = side.server.cpuSeconds();
  const result = await load(options);
  const during = side.server.cpuSeconds();
  await settle(side.server);
  const after = side.server.cpuSeconds();
  const ok = Math.max(1, result.total - result.non2xx - result.errors);
  if (result.non2xx + result.errors > 0) throw new Error(`${side.label}: ${result.non2xx + result.errors} of ${result.total} requests failed`);
  return { rps: result.requestsPerSecond, cpuMicros: Math.round(((during - before) * 1e6) / ok), settledCpuMicros: Math.round(((after - before) * 1e6) / ok) };
}

export async function benchWritesAgainstBaseline(baselineDir: string): Promise<Figure[]> {
  const start = async (label: string, cwd?: string): Promise<Side> => {
    const server = await startAbode(
      { DATA_DIR: mkdtempSync(path.join(tmpdir(), `abode-bench-${label}-`)), DATABASE_URL: '', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
      cwd,
    );
    const client = new AbodeClient(server.url);
    await client.login(ADMIN.email, ADMIN.password);
    const campaignId = await client.activeCampaign(`Bench ${label}`, BENCH_SURVEY);
    return { label, server, campaignId, records: [], next: 0, emails: [], responses: [] };
  };
  const sides = [await start('before', path.resolve(baselineDir)), await start('after')];
  try {
    let n = 0;
    const emailLoad = (side: Side, durationSeconds: number): LoadOptions => ({
      url: side.server.url,
      method: 'POST',
      path: '/api/email/add',
      connections: CONNECTIONS,
      durationSeconds,
      body: () => JSON.stringify({ email: `visitor${n++}@bench.test`, campaignid: side.campaignId }),
      onResponse: (status, body) => {
        if (status < 300) side.records.push({ id: (JSON.parse(body) as { emailID: string }).emailID, email: '' });
      },
    });
    // Warm-up (JIT, caches), not counted.
    for (const side of sides) await load(emailLoad(side, 1));
    for (let i = 0; i < ROUNDS; i++) {
      // Alternate which side goes first, so neither always follows the other's leftovers.
      for (const side of i % 2 ? [...sides].reverse() : sides) side.emails.push(await round(side, emailLoad(side, ROUND_SECONDS)));
    }
    // Responses name the record's e-mail: read them back once; each record is answered once.
    for (const side of sides) {
      const client = new AbodeClient(side.server.url);
      await client.login(ADMIN.email, ADMIN.password);
      const byId = new Map((await client.emailRecords(side.campaignId)).map((r) => [r._id, r.email]));
      side.records = side.records.filter((r) => byId.has(r.id)).map((r) => ({ id: r.id, email: byId.get(r.id)! }));
    }
    const perRound = Math.floor(Math.min(...sides.map((s) => s.records.length)) / (ROUNDS + 1));
    const responseLoad = (side: Side): LoadOptions => ({
      url: side.server.url,
      method: 'POST',
      path: `/api/campaign/response/${side.campaignId}`,
      connections: CONNECTIONS,
      amount: perRound,
      body: () => {
        const record = side.records[side.next++]!;
        return JSON.stringify({ response: { email: record.email, emailId: record.id, answer: { type: 'Villa', rooms: ['Study', 'Balcony'], city: 'Pune' } } });
      },
    });
    for (const side of sides) await load(responseLoad(side)); // warm-up
    for (let i = 0; i < ROUNDS; i++) {
      for (const side of i % 2 ? [...sides].reverse() : sides) side.responses.push(await round(side, responseLoad(side)));
    }
  } finally {
    await Promise.all(sides.map((s) => s.server.stop()));
  }

  const [before, after] = sides as [Side, Side];
  const group = 'writes vs baseline (sqlite)';
  const figures: Figure[] = [];
  for (const [label, key] of [
    ['POST /api/email/add', 'emails'],
    ['POST /api/campaign/response', 'responses'],
  ] as const) {
    const ratios = after[key].map((r, i) => r.rps / before[key][i]!.rps);
    const ratio = Math.round(median(ratios) * 100) / 100;
    const m = (side: Side, f: 'rps' | 'cpuMicros' | 'settledCpuMicros') => Math.round(median(side[key].map((r) => r[f])));
    figures.push(
      figure(
        group,
        `${label} after / before`,
        ratio,
        '×',
        atLeast(ratio, MIN_RATIO, `≥ ${MIN_RATIO}×`),
        `${m(after, 'rps')} vs ${m(before, 'rps')} req/s; rounds ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}×`,
      ),
      figure(group, `${label} CPU per request, after`, m(after, 'cpuMicros'), 'µs', undefined, `before ${m(before, 'cpuMicros')} µs (during the load)`),
      figure(
        group,
        `${label} CPU per request with the work left behind, after`,
        m(after, 'settledCpuMicros'),
        'µs',
        undefined,
        `before ${m(before, 'settledCpuMicros')} µs (until the server is idle again: notifications included)`,
      ),
    );
  }
  return figures;
}
