// Abode's POST /api/email/add against a reference server doing the same durable work (issue 22 item
// 20; bench/reference-server.ts: Fastify + better-sqlite3, WAL, synchronous=FULL, one transaction per
// event-loop turn), both on SQLite files migrated to today's schema, driven by the same client at 50
// connections in the same run. The two take turns round by round (reference, Abode, reference…) so
// the shared machine's drift falls on both; each round's ratio is Abode ÷ the reference just before.
// Budgets: ≥ 0.8× the reference's requests per second, p99 ≤ 20 ms.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { createDatabase } from '#server/db/database';
import { migrateToLatest } from '#server/db/migrate';
import { newId } from '#server/lib/ids';
import { BENCH_SURVEY, type AbodeClient } from './lib/abode-client';
import { load, type LoadResult } from './lib/load';
import { startReference, type Running } from './lib/processes';
import { atLeast, atMost, figure, type Figure } from './lib/report';

const CONNECTIONS = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 3);
const MIN_RATIO = 0.8;
const P99_BUDGET_MS = 20;

/** A file migrated to Abode's schema, with one active campaign: the reference server's database. */
async function referenceDatabase(dir: string): Promise<{ file: string; campaignId: string }> {
  const file = path.join(dir, 'reference.sqlite');
  const database = createDatabase({ dialect: 'sqlite', file });
  await migrateToLatest(database.db as Kysely<unknown>);
  await database.close();
  const campaignId = newId();
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(file);
  const at = new Date().toISOString();
  db.prepare(`insert into campaigns (id, name, questions, questioncolumns, is_active, created_at, updated_at) values (?, 'Reference', ?, '', 1, ?, ?)`).run(
    campaignId,
    JSON.stringify(BENCH_SURVEY),
    at,
    at,
  );
  db.close();
  return { file, campaignId };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const range = (values: number[], digits = 0) => `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;

/** `npm run bench -- --only=write-reference --db=sqlite`: `abode` is a fresh server on SQLite, `client` logged in to it. */
export async function benchLeadWriteReference(abode: Running, client: AbodeClient): Promise<Figure[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'abode-reference-'));
  const { file, campaignId: referenceCampaign } = await referenceDatabase(dir);
  const reference = await startReference({ DB_FILE: file, CAMPAIGN_ID: referenceCampaign });
  try {
    const abodeCampaign = await client.activeCampaign(`Reference bench ${Date.now()}`, BENCH_SURVEY);
    let n = 0;
    const round = (server: Running, campaignId: string, seconds: number) =>
      load({
        url: server.url,
        method: 'POST',
        path: '/api/email/add',
        connections: CONNECTIONS,
        durationSeconds: seconds,
        body: () => JSON.stringify({ email: `visitor${n++}@bench.test`, campaignid: campaignId }),
      });
    // Warm both up (JIT, caches) before anything counts.
    await round(reference, referenceCampaign, 1);
    await round(abode, abodeCampaign, 1);
    const refs: LoadResult[] = [];
    const ours: LoadResult[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      refs.push(await round(reference, referenceCampaign, ROUND_SECONDS));
      ours.push(await round(abode, abodeCampaign, ROUND_SECONDS));
    }
    const ratios = ours.map((o, i) => o.requestsPerSecond / refs[i]!.requestsPerSecond);
    const ratio = median(ratios);
    const p99 = median(ours.map((o) => o.p99));
    const refP99 = median(refs.map((o) => o.p99));
    const failed = (rs: LoadResult[]) => rs.reduce((s, x) => s + x.non2xx + x.errors, 0);
    const group = 'writes vs reference (sqlite)';
    const figures = [
      figure(group, 'reference: POST /api/email/add requests/s', Math.round(median(refs.map((o) => o.requestsPerSecond))), 'req/s', undefined, `${ROUNDS} rounds of ${ROUND_SECONDS} s, ${CONNECTIONS} connections; ${failed(refs)} failed`),
      figure(group, 'reference: p99', refP99, 'ms', undefined, `p50 ${median(refs.map((o) => o.p50))} ms; rounds ${range(refs.map((o) => o.p99))} ms`),
      figure(group, 'Abode: POST /api/email/add requests/s', Math.round(median(ours.map((o) => o.requestsPerSecond))), 'req/s', undefined, `${failed(ours)} failed`),
      figure(group, 'Abode ÷ reference', Math.round(ratio * 100) / 100, '×', atLeast(ratio, MIN_RATIO, `≥ ${MIN_RATIO}×`), `median of the rounds' ratios; rounds ${range(ratios, 2)}×`),
      figure(group, 'Abode: p99', p99, 'ms', atMost(p99, P99_BUDGET_MS, `≤ ${P99_BUDGET_MS} ms`), `p50 ${median(ours.map((o) => o.p50))} ms; rounds ${range(ours.map((o) => o.p99))} ms`),
    ];
    if (failed(ours) > 0) figures.push(figure(group, 'Abode: failed requests', failed(ours), '', { text: '0', pass: false }));
    return figures;
  } finally {
    await reference.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
