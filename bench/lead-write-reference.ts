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
// Budgets: ≥ 0.9× today's reference's requests per second, Abode's p99 ≤ 1.5× its p99 in the same run
// (the disk sets the floor: an absolute p99 from one machine proves nothing on another), as on PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { createDatabase } from '#server/db/database';
import { migrateToLatest } from '#server/db/migrate';
import { newId } from '#server/lib/ids';
import { BENCH_SURVEY, type AbodeClient } from './lib/abode-client';
import { startReference, type Running } from './lib/processes';
import type { Figure } from './lib/report';
import { emailRounds, writeReferenceFigures, type Round } from './lib/write-reference';

const CONNECTIONS = 50;
// 12 rounds: single rounds' ratios span about ±0.3 here (the reference's own rate moves with the lock
// queue and PostgreSQL's background work), so 6 left the median's verdict to chance (decision 0081).
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 12);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 3);
const MIN_RATIO = 0.9;
const MAX_P99_RATIO = 1.5;

/**
 * A file migrated to Abode's schema, with one active campaign and one staff member who takes leads
 * (as the Abode server's owner does): a reference server's database.
 */
export async function referenceDatabase(dir: string, name: string): Promise<{ file: string; campaignId: string }> {
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
    const round = emailRounds(CONNECTIONS);
    // Warm all up (JIT, caches) before anything counts.
    await round(issueRef, issueDb.campaignId, 1);
    await round(todayRef, todayDb.campaignId, 1);
    await round(abode, abodeCampaign, 1);
    const issueRounds: Round[] = [];
    const refs: Round[] = [];
    const ours: Round[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      issueRounds.push(await round(issueRef, issueDb.campaignId, ROUND_SECONDS));
      refs.push(await round(todayRef, todayDb.campaignId, ROUND_SECONDS));
      ours.push(await round(abode, abodeCampaign, ROUND_SECONDS));
    }
    return writeReferenceFigures({
      group: 'writes vs reference (sqlite)',
      rounds: ROUNDS,
      roundSeconds: ROUND_SECONDS,
      connections: CONNECTIONS,
      reference: { name: "today's reference", label: "today's reference (same writes as Abode): requests/s", rounds: refs },
      others: [
        {
          label: "issue's reference (3 writes): requests/s",
          ratioLabel: "Abode ÷ issue's reference",
          ratioNote: 'the e-mail step stores more than these 3 writes since decisions 0018, 0020 and 0023',
          rounds: issueRounds,
        },
      ],
      abode: ours,
      minRatio: MIN_RATIO,
      p99: { timesReference: MAX_P99_RATIO },
    });
  } finally {
    await Promise.all(references.map((r) => r.stop()));
    rmSync(dir, { recursive: true, force: true });
  }
}
