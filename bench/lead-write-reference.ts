// Abode's POST /api/email/add against a reference server doing the same durable work (decision
// 0048; bench/reference-server.ts: Fastify + better-sqlite3, WAL, synchronous=FULL, one transaction per
// event-loop turn), on SQLite files migrated to today's schema, driven by the same client at 50
// connections in the same run. Two references: the issue's (person upsert, e-mail record, outbox
// event: what the e-mail step stored when the issue was written), and today's, which stores what the
// e-mail step must store since decisions 0018, 0020 and 0023 (decision 0049: the lead's campaign, two consent rows, and for a new
// person the due times, the turn, the assignee, the timeline's line and the lead.assigned event).
// The budget is read against today's: "the same durable work". The servers take turns round by round
// (issue's reference, today's, Abode…) so the shared machine's drift falls on all; each round's
// ratio is Abode ÷ the reference of that round. After its round each server is left to finish what
// it still has to do (Abode's outbox fans its events out to deliveries on the main thread, about a
// second after a round) before the next round starts, so no server's leftover work runs in
// another's round; Abode's CPU in that time is reported per request.
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

/**
 * A file migrated to Abode's schema, with one active campaign and one staff member who takes leads
 * (as the Abode server's owner does): a reference server's database.
 */
async function referenceDatabase(dir: string, name: string): Promise<{ file: string; campaignId: string }> {
  const file = path.join(dir, `${name}.sqlite`);
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
  db.prepare(`insert into staff_users (id, email, name, password_hash, created_at) values (?, 'owner@reference.test', 'Reference owner', 'x', ?)`).run(
    newId(),
    at,
  );
  db.close();
  return { file, campaignId };
}

/**
 * Waits until `server` is idle (under 5 % of a core over 250 ms, at most 15 s): its CPU seconds
 * meanwhile.
 */
async function settle(server: Running): Promise<number> {
  const start = server.cpuSeconds();
  for (let i = 0; i < 60; i++) {
    const before = server.cpuSeconds();
    await new Promise((resolve) => setTimeout(resolve, 250));
    if (server.cpuSeconds() - before < 0.0125) break;
  }
  return server.cpuSeconds() - start;
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
  const issueDb = await referenceDatabase(dir, 'issue');
  const todayDb = await referenceDatabase(dir, 'today');
  const references: Running[] = [];
  try {
    references.push(await startReference({ DB_FILE: issueDb.file, CAMPAIGN_ID: issueDb.campaignId, REFERENCE_WORK: 'issue' }));
    references.push(await startReference({ DB_FILE: todayDb.file, CAMPAIGN_ID: todayDb.campaignId, REFERENCE_WORK: 'today' }));
    const [issueRef, todayRef] = references as [Running, Running];
    const abodeCampaign = await client.activeCampaign(`Reference bench ${Date.now()}`, BENCH_SURVEY);
    let n = 0;
    const round = async (server: Running, campaignId: string, seconds: number) => {
      const result = await load({
        url: server.url,
        method: 'POST',
        path: '/api/email/add',
        connections: CONNECTIONS,
        durationSeconds: seconds,
        body: () => JSON.stringify({ email: `visitor${n++}@bench.test`, campaignid: campaignId }),
      });
      const after = await settle(server);
      return { ...result, after };
    };
    // Warm all up (JIT, caches) before anything counts.
    await round(issueRef, issueDb.campaignId, 1);
    await round(todayRef, todayDb.campaignId, 1);
    await round(abode, abodeCampaign, 1);
    type Round = LoadResult & { after: number };
    const issueRounds: Round[] = [];
    const refs: Round[] = [];
    const ours: Round[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      issueRounds.push(await round(issueRef, issueDb.campaignId, ROUND_SECONDS));
      refs.push(await round(todayRef, todayDb.campaignId, ROUND_SECONDS));
      ours.push(await round(abode, abodeCampaign, ROUND_SECONDS));
    }
    const ratios = ours.map((o, i) => o.requestsPerSecond / refs[i]!.requestsPerSecond);
    const issueRatios = ours.map((o, i) => o.requestsPerSecond / issueRounds[i]!.requestsPerSecond);
    const ratio = median(ratios);
    const issueRatio = median(issueRatios);
    const p99 = median(ours.map((o) => o.p99));
    // CPU after the rounds per request answered: what the server still had to do for them.
    const afterPerRequest = (rs: Round[]) => (rs.reduce((s, r) => s + r.after, 0) / rs.reduce((s, r) => s + r.requestsPerSecond * ROUND_SECONDS, 0)) * 1e6;
    const failed = (rs: LoadResult[]) => rs.reduce((s, x) => s + x.non2xx + x.errors, 0);
    const rps = (rs: LoadResult[]) => Math.round(median(rs.map((o) => o.requestsPerSecond)));
    const group = 'writes vs reference (sqlite)';
    const figures = [
      figure(
        group,
        "issue's reference (3 writes): requests/s",
        rps(issueRounds),
        'req/s',
        undefined,
        `${ROUNDS} rounds of ${ROUND_SECONDS} s, ${CONNECTIONS} connections; ${failed(issueRounds)} failed; p99 ${median(issueRounds.map((o) => o.p99))} ms`,
      ),
      figure(group, "today's reference (same writes as Abode): requests/s", rps(refs), 'req/s', undefined, `${failed(refs)} failed`),
      figure(
        group,
        "today's reference: p99",
        median(refs.map((o) => o.p99)),
        'ms',
        undefined,
        `p50 ${median(refs.map((o) => o.p50))} ms; rounds ${range(refs.map((o) => o.p99))} ms`,
      ),
      figure(group, 'Abode: POST /api/email/add requests/s', rps(ours), 'req/s', undefined, `${failed(ours)} failed`),
      figure(
        group,
        'CPU after the rounds, per request',
        Math.round(afterPerRequest(ours)),
        'µs',
        undefined,
        `Abode (outbox fan-out, left to finish before the next round); today's reference ${Math.round(afterPerRequest(refs))} µs`,
      ),
      figure(
        group,
        "Abode ÷ issue's reference",
        Math.round(issueRatio * 100) / 100,
        '×',
        undefined,
        `the e-mail step stores more than these 3 writes since decisions 0018, 0020 and 0023; rounds ${range(issueRatios, 2)}×`,
      ),
      figure(
        group,
        "Abode ÷ today's reference",
        Math.round(ratio * 100) / 100,
        '×',
        atLeast(ratio, MIN_RATIO, `≥ ${MIN_RATIO}×`),
        `median of the rounds' ratios; rounds ${range(ratios, 2)}×`,
      ),
      figure(
        group,
        'Abode: p99',
        p99,
        'ms',
        atMost(p99, P99_BUDGET_MS, `≤ ${P99_BUDGET_MS} ms`),
        `p50 ${median(ours.map((o) => o.p50))} ms; rounds ${range(ours.map((o) => o.p99))} ms`,
      ),
    ];
    if (failed(ours) > 0) figures.push(figure(group, 'Abode: failed requests', failed(ours), '', { text: '0', pass: false }));
    return figures;
  } finally {
    await Promise.all(references.map((r) => r.stop()));
    rmSync(dir, { recursive: true, force: true });
  }
}
