// The reference for lead writes (issue 22 item 20): the least a server can do for POST /api/email/add
// with the same durable work, to which Abode's figure is compared in the same run
// (bench/lead-write-reference.ts). Fastify and better-sqlite3 on a file migrated to Abode's schema
// (same tables, indexes and triggers), WAL with synchronous=FULL, and group commit: the requests that
// arrive in one event-loop turn share one transaction, whose commit (and fsync) runs on the loop.
// Each request upserts the person's lead, inserts the open e-mail record (or finds the open one) and,
// for a new person, the lead.created outbox event — the repository's statements, prepared once.
// No validation beyond the e-mail's shape, no logging, no rate limit, no notifications.
// Env: DB_FILE (migrated), CAMPAIGN_ID (an active campaign in it), PORT.
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { newId } from '#server/lib/ids';

const db = new Database(process.env.DB_FILE!);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma('foreign_keys = ON');
db.pragma('busy_timeout = 5000');

const upsertLead = db.prepare(
  `insert into leads (id, email_key, email, name, phone, status, assignee_id, has_survey, has_contact, has_newsletter, last_campaign_id, last_completed, created_at, last_activity_at)
   values (?, ?, ?, null, null, 'new', null, 1, 0, 0, ?, 0, ?, ?)
   on conflict (email_key) do update set email = excluded.email, has_survey = 1, last_campaign_id = coalesce(excluded.last_campaign_id, leads.last_campaign_id),
     last_completed = 0, last_activity_at = excluded.last_activity_at
   returning id`,
);
const insertRecord = db.prepare(
  `insert into email_records (id, email, campaign_id, is_completed, created_at, lead_id)
   select ?, ?, id, 0, ?, ? from campaigns where id = ? and is_active = 1 on conflict do nothing`,
);
const openRecord = db.prepare(`select id from email_records where email = ? and campaign_id = ? and is_completed = 0`);
const insertEvent = db.prepare(`insert into notification_events (id, type, email, subject_id, lead_id, payload, created_at) values (?, 'lead.created', ?, ?, ?, null, ?)`);

interface Added {
  emailID: string;
  created: boolean;
}

function addEmail(email: string, campaignId: string): Added {
  const at = new Date().toISOString();
  const newLead = newId();
  const { id: leadId } = upsertLead.get(newLead, email.toLowerCase(), email, campaignId, at, at) as { id: string };
  const id = newId();
  if (insertRecord.run(id, email, at, leadId, campaignId).changes === 0) {
    const open = openRecord.get(email, campaignId) as { id: string } | undefined;
    if (!open) throw new Error('campaign not active');
    return { emailID: open.id, created: false };
  }
  if (leadId === newLead) insertEvent.run(newId(), email, id, leadId, at);
  return { emailID: id, created: true };
}

// Group commit: one transaction per event-loop turn, answered after its commit (synchronous=FULL: fsynced).
type Job = { email: string; campaignId: string; done: (error: Error | null, added?: Added) => void };
let queue: Job[] = [];
const begin = db.prepare('begin');
const commit = db.prepare('commit');
const savepoint = db.prepare('savepoint job');
const release = db.prepare('release job');
const rollbackTo = db.prepare('rollback to job');

function flush(): void {
  const batch = queue;
  queue = [];
  const results: Array<{ error: Error | null; added?: Added }> = [];
  begin.run();
  for (const job of batch) {
    savepoint.run();
    try {
      results.push({ error: null, added: addEmail(job.email, job.campaignId) });
      release.run();
    } catch (error) {
      rollbackTo.run();
      release.run();
      results.push({ error: error as Error });
    }
  }
  try {
    commit.run();
  } catch (error) {
    db.exec('rollback');
    batch.forEach((job) => job.done(error as Error));
    return;
  }
  batch.forEach((job, i) => job.done(results[i]!.error, results[i]!.added));
}

function enqueue(email: string, campaignId: string): Promise<Added> {
  return new Promise((resolve, reject) => {
    if (queue.length === 0) setImmediate(flush);
    queue.push({ email, campaignId, done: (error, added) => (error ? reject(error) : resolve(added!)) });
  });
}

const app = Fastify({ logger: false });
app.post('/api/email/add', async (request, reply) => {
  const body = request.body as { email?: unknown; campaignid?: unknown } | null;
  const email = typeof body?.email === 'string' ? body.email.trim() : '';
  const campaignId = typeof body?.campaignid === 'string' ? body.campaignid : process.env.CAMPAIGN_ID!;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) return reply.status(400).send({ message: 'Enter a valid e-mail address.' });
  const added = await enqueue(email, campaignId);
  return reply.status(added.created ? 201 : 200).send({ emailID: added.emailID, message: 'Saved.', newsletter: false });
});
app.get('/ready', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.on('SIGTERM', () =>
  void app.close().then(() => {
    db.close();
    process.exit(0);
  }),
);
