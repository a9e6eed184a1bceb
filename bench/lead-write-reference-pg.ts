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
import { startReferencePg, type Running } from './lib/processes';
import type { Figure } from './lib/report';
import { emailRounds, writeReferenceFigures, type Round } from './lib/write-reference';

const CONNECTIONS = 50;
// 12 rounds: single rounds' ratios span about ±0.3 here (the reference's own rate moves with the lock
// queue and PostgreSQL's background work), so 6 left the median's verdict to chance (decision 0081).
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 12);
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
      const round = emailRounds(CONNECTIONS);
      // Warm both up (JIT, prepared statements, caches) before anything counts.
      await round(reference, campaignId, 1);
      await round(abode, abodeCampaign, 1);
      const refs: Round[] = [];
      const ours: Round[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        refs.push(await round(reference, campaignId, ROUND_SECONDS));
        ours.push(await round(abode, abodeCampaign, ROUND_SECONDS));
      }
      return writeReferenceFigures({
        group: 'writes vs reference (postgres)',
        rounds: ROUNDS,
        roundSeconds: ROUND_SECONDS,
        connections: CONNECTIONS,
        reference: { name: 'reference', label: 'reference (same writes, pg, one transaction per request): requests/s', rounds: refs },
        abode: ours,
        minRatio: MIN_RATIO,
        p99: { timesReference: MAX_P99_RATIO },
      });
    } finally {
      await reference.stop();
    }
  });
}
