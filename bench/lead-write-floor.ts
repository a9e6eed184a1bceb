// What these requirements cost SQLite per lead, without the app around it: `npm run bench
// -- --only=write-floor`. The lead is written in the same transaction as the e-mail record (decision 0002), and
// so is an outbox event (decision 0006); both also ask that lead writes lose at most 10% of their
// throughput. This bench runs, on a database migrated to today's schema, the statements the e-mail
// step issues (the repository's SQL, prepared once) in batches of 50 per transaction as the group
// committer does (synchronous=NORMAL, no fsync: the committer's fsync is shared by the batch and off
// the event loop), and compares:
//   - before: the e-mail record alone (the one write of 39da572, without the index by lead);
//   - after: the record, the lead upsert and the lead.created event.
// The two take turns round by round on their own files. The difference is SQLite time that any
// implementation of the requirements adds to each request; the write bench reports the server's CPU
// per request before those features, which it must be compared with.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { createDatabase } from '#server/db/database';
import { migrateToLatest } from '#server/db/migrate';
import { newId } from '#server/lib/ids';
import { figure, type Figure } from './lib/report';

/** The bare record's lead: an id that exists nowhere. */
const NO_LEAD = 'bench-floor-no-lead';
const BATCH = 50;
const PER_ROUND = 5_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const now = () => process.hrtime.bigint();

async function migratedFile(dir: string, name: string): Promise<string> {
  const file = path.join(dir, name);
  const database = createDatabase({ dialect: 'sqlite', file });
  await migrateToLatest(database.db as Kysely<unknown>);
  await database.close();
  return file;
}

interface Side {
  label: string;
  db: Database.Database;
  write: (i: number) => void;
  micros: number[];
}

function open(file: string, full: boolean, label: string): Side {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  if (!full) db.exec('drop index email_records_lead'); // the index leads added (decision 0002)
  const campaignId = newId();
  const at = new Date().toISOString();
  db.prepare(`insert into campaigns (id, name, questions, questioncolumns, is_active, created_at, updated_at) values (?, 'Floor', '{}', '', 1, ?, ?)`).run(
    campaignId,
    at,
    at,
  );
  const record = db.prepare(
    `insert into email_records (id, email, campaign_id, is_completed, created_at, lead_id)
     select ?, ?, id, 0, ?, ? from campaigns where id = ? and is_active = 1 on conflict do nothing`,
  );
  const lead = db.prepare(
    `insert into leads (id, email_key, email, name, phone, status, assignee_id, has_survey, has_contact, has_newsletter, last_campaign_id, last_completed, created_at, last_activity_at)
     values (?, ?, ?, null, null, 'new', null, 1, 0, 0, ?, 0, ?, ?)
     on conflict (email_key) do update set email = excluded.email, last_campaign_id = coalesce(excluded.last_campaign_id, leads.last_campaign_id), last_activity_at = excluded.last_activity_at
     returning id`,
  );
  const event = db.prepare(
    `insert into notification_events (id, type, email, subject_id, lead_id, payload, created_at) values (?, 'lead.created', ?, ?, ?, null, ?)`,
  );
  const write = full
    ? (i: number) => {
        const email = `floor-${label}-${i}@bench.test`;
        const when = new Date().toISOString();
        const { id: leadId } = lead.get(newId(), email, email, campaignId, when, when) as { id: string };
        const recordId = newId();
        record.run(recordId, email, when, leadId, campaignId);
        event.run(newId(), email, recordId, leadId, when);
      }
    : (i: number) => {
        const email = `floor-${label}-${i}@bench.test`;
        // email_records.lead_id is NOT NULL: a lead id that exists nowhere (foreign keys are off below).
        record.run(newId(), email, new Date().toISOString(), NO_LEAD, campaignId);
      };
  // The record alone has no lead to point to.
  if (!full) db.pragma('foreign_keys = OFF');
  return { label, db, write, micros: [] };
}

function round(side: Side, start: number): void {
  const begin = now();
  for (let i = start; i < start + PER_ROUND; i += BATCH) {
    side.db.exec('begin');
    for (let j = i; j < i + BATCH; j++) side.write(j);
    side.db.exec('commit');
  }
  side.micros.push(Number(now() - begin) / 1000 / PER_ROUND);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

export async function benchLeadWriteFloor(): Promise<Figure[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'abode-floor-'));
  try {
    const before = open(await migratedFile(dir, 'before.sqlite'), false, 'before');
    const after = open(await migratedFile(dir, 'after.sqlite'), true, 'after');
    // A warm-up round each, not counted, then turns.
    round(before, 0);
    round(after, 0);
    before.micros.length = 0;
    after.micros.length = 0;
    for (let r = 1; r <= ROUNDS; r++) {
      round(before, r * PER_ROUND);
      round(after, r * PER_ROUND);
    }
    before.db.close();
    after.db.close();
    const b = median(before.micros);
    const a = median(after.micros);
    const range = (s: Side) => `rounds ${Math.min(...s.micros).toFixed(1)}–${Math.max(...s.micros).toFixed(1)} µs`;
    return [
      figure('write floor (sqlite)', 'e-mail record alone (before leads), per request', Number(b.toFixed(1)), 'µs', undefined, range(before)),
      figure('write floor (sqlite)', 'record + lead upsert + lead.created event, per request', Number(a.toFixed(1)), 'µs', undefined, range(after)),
      figure(
        'write floor (sqlite)',
        'SQLite time the requirements add, per request',
        Number((a - b).toFixed(1)),
        'µs',
        undefined,
        `${(a / b).toFixed(2)}× the record alone; ${ROUNDS} rounds of ${PER_ROUND.toLocaleString('en')} in batches of ${BATCH}`,
      ),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
