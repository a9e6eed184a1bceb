// Abode's POST /api/email/add on PostgreSQL against a reference server doing the same durable work on
// PostgreSQL (decision 0046): bench/reference-server-pg.ts, Fastify
// + pg, one transaction per request with the statements of the SQLite reference's "today" work
// (bench/reference-server.ts), on a database migrated to Abode's schema on the same server as
// Abode's own. The same client (50 connections) drives both; the servers take turns round by round
// (reference, Abode…) so the shared machine's drift falls on both, and each round's ratio is Abode ÷
// the reference of that round. After its round each server is left to finish what it still has to
// do (Abode's outbox fan-out) before the next round starts.
// Abode is set to assign new leads by turn (round-robin), so that both do the same statements
// (a new person: 11 statements between BEGIN and COMMIT on each side, and Abode's read of the content
// version, which tells it whether its settings are still current: 12).
// Budgets: ≥ 0.9× the reference's requests per second, Abode's p99 ≤ 1.5× the reference's p99.
// `npm run bench -- --only=write-reference --db=postgres`.
import pg from 'pg';
import type { Kysely } from 'kysely';
import { createDatabase } from '#server/db/database';
import { migrateToLatest } from '#server/db/migrate';
import { newId } from '#server/lib/ids';
import { BENCH_SURVEY, type AbodeClient } from './lib/abode-client';
import { load, type LoadResult } from './lib/load';
import { startReferencePg, type Running } from './lib/processes';
import { atLeast, atMost, figure, type Figure } from './lib/report';

const CONNECTIONS = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 3);
const MIN_RATIO = 0.9;
const MAX_P99_RATIO = 1.5;

/** Migrates the database at `url` and adds one active campaign and one staff member who takes leads; answers the campaign's id. */
async function referenceDatabase(url: string): Promise<string> {
  const database = createDatabase({ dialect: 'postgres', url });
  try {
    await migrateToLatest(database.db as Kysely<unknown>);
  } finally {
    await database.close();
  }
  const campaignId = newId();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const at = new Date();
    await client.query(
      `insert into campaigns (id, name, questions, questioncolumns, is_active, created_at, updated_at) values ($1, 'Reference', $2, '', true, $3, $3)`,
      [campaignId, JSON.stringify(BENCH_SURVEY), at],
    );
    await client.query(`insert into staff_users (id, email, name, password_hash, created_at) values ($1, 'owner@reference.test', 'Reference owner', 'x', $2)`, [
      newId(),
      at,
    ]);
  } finally {
    await client.end();
  }
  return campaignId;
}

/** Waits until `server` is idle (under 5 % of a core over 250 ms, at most 15 s): its CPU seconds meanwhile. */
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

/**
 * `abode` is a fresh server on PostgreSQL, `client` logged in to it; `withDatabase` gives a fresh,
 * empty database on the same PostgreSQL server (dropped afterwards) for the reference.
 */
export async function benchLeadWriteReferencePg(
  abode: Running,
  client: AbodeClient,
  withDatabase: <T>(fn: (url: string) => Promise<T>) => Promise<T>,
): Promise<Figure[]> {
  return withDatabase(async (url) => {
    const campaignId = await referenceDatabase(url);
    const reference = await startReferencePg({ DATABASE_URL: url, CAMPAIGN_ID: campaignId });
    try {
      const abodeCampaign = await client.activeCampaign(`Reference bench ${Date.now()}`, BENCH_SURVEY);
      // The same work on both sides: Abode assigns each new lead by turn, as the reference does.
      await client.assignByTurn();
      let n = 0;
      const round = async (server: Running, campaign: string, seconds: number) => {
        const result = await load({
          url: server.url,
          method: 'POST',
          path: '/api/email/add',
          connections: CONNECTIONS,
          durationSeconds: seconds,
          body: () => JSON.stringify({ email: `visitor${n++}@bench.test`, campaignid: campaign }),
        });
        const after = await settle(server);
        return { ...result, after };
      };
      // Warm both up (JIT, prepared statements, caches) before anything counts.
      await round(reference, campaignId, 1);
      await round(abode, abodeCampaign, 1);
      type Round = LoadResult & { after: number };
      const refs: Round[] = [];
      const ours: Round[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        refs.push(await round(reference, campaignId, ROUND_SECONDS));
        ours.push(await round(abode, abodeCampaign, ROUND_SECONDS));
      }
      const ratios = ours.map((o, i) => o.requestsPerSecond / refs[i]!.requestsPerSecond);
      const ratio = median(ratios);
      const p99 = median(ours.map((o) => o.p99));
      const refP99 = median(refs.map((o) => o.p99));
      const p99Ratio = p99 / refP99;
      const afterPerRequest = (rs: Round[]) => (rs.reduce((s, r) => s + r.after, 0) / rs.reduce((s, r) => s + r.requestsPerSecond * ROUND_SECONDS, 0)) * 1e6;
      const failed = (rs: LoadResult[]) => rs.reduce((s, x) => s + x.non2xx + x.errors, 0);
      const rps = (rs: LoadResult[]) => Math.round(median(rs.map((o) => o.requestsPerSecond)));
      const group = 'writes vs reference (postgres)';
      const figures = [
        figure(
          group,
          'reference (same writes, pg, one transaction per request): requests/s',
          rps(refs),
          'req/s',
          undefined,
          `${ROUNDS} rounds of ${ROUND_SECONDS} s, ${CONNECTIONS} connections; ${failed(refs)} failed`,
        ),
        figure(group, 'reference: p99', refP99, 'ms', undefined, `p50 ${median(refs.map((o) => o.p50))} ms; rounds ${range(refs.map((o) => o.p99))} ms`),
        figure(group, 'Abode: POST /api/email/add requests/s', rps(ours), 'req/s', undefined, `${failed(ours)} failed`),
        figure(
          group,
          'CPU after the rounds, per request',
          Math.round(afterPerRequest(ours)),
          'µs',
          undefined,
          `Abode (outbox fan-out, left to finish before the next round); reference ${Math.round(afterPerRequest(refs))} µs`,
        ),
        figure(
          group,
          'Abode ÷ reference',
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
          atMost(p99Ratio, MAX_P99_RATIO, `≤ ${MAX_P99_RATIO}× the reference's ${refP99} ms`),
          `${p99Ratio.toFixed(2)}× the reference's; p50 ${median(ours.map((o) => o.p50))} ms; rounds ${range(ours.map((o) => o.p99))} ms`,
        ),
      ];
      if (failed(ours) > 0) figures.push(figure(group, 'Abode: failed requests', failed(ours), '', { text: '0', pass: false }));
      return figures;
    } finally {
      await reference.stop();
    }
  });
}
