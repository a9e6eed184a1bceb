// The reference for lead writes (decision 0048): the least a server can do for POST /api/email/add
// with the same durable work, to which Abode's figure is compared in the same run
// (bench/lead-write-reference.ts). Fastify and better-sqlite3 on a file migrated to Abode's schema
// (same tables, indexes and triggers), WAL with synchronous=FULL, and group commit: the requests that
// arrive in one event-loop turn share one transaction, whose commit (and fsync) runs on the loop.
// Each request upserts the person's lead, inserts the open e-mail record (or finds the open one) and,
// for a new person, the lead.created outbox event — the repository's statements, prepared once.
// With REFERENCE_WORK=today it also does what the e-mail step has had to store since (decisions 0018, 0020
// and 0023; decision 0049): the lead's campaign, the two consent rows (the notice shown, the newsletter box), and for a
// new person the first-contact due times in working hours, the round-robin turn, the assignee, the
// timeline's line and the lead.assigned outbox event.
// No validation beyond the e-mail's shape, no logging, no rate limit, no notifications.
// Env: DB_FILE (migrated, with one staff member who takes leads), CAMPAIGN_ID (an active campaign
// in it), PORT, REFERENCE_WORK (issue | today).
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { newId } from '#server/lib/ids';
import { addWorkingMinutes } from '#shared/followup/working-hours';
import { DEFAULT_FOLLOW_UP, DEFAULT_TIME_ZONE } from '#shared/settings/settings.contract';

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
const insertEvent = db.prepare(
  `insert into notification_events (id, type, email, subject_id, lead_id, payload, created_at) values (?, 'lead.created', ?, ?, ?, null, ?)`,
);

const TODAY = process.env.REFERENCE_WORK === 'today';
const addLeadCampaign = db.prepare(`insert into lead_campaigns (lead_id, campaign_id) values (?, ?) on conflict do nothing`);
const insertConsents = db.prepare(
  `insert into consents (id, lead_id, record_id, purpose, notice_purpose, notice_version, notice_hash, granted, source, created_at)
   values (?, ?, ?, 'survey', 'survey', 1, ?, 1, 'landing', ?), (?, ?, ?, 'newsletter', 'newsletter', 1, ?, 0, 'landing', ?)`,
);
const takers = db.prepare(`select id, name from staff_users where active = 1 and takes_leads = 1 and away = 0 order by id`);
const takeTurn = db.prepare(`update lead_routing set turns = turns + 1 where id = 1 returning last_staff_id`);
const giveTurn = db.prepare(`update lead_routing set last_staff_id = ? where id = 1`);
const assign = db.prepare(`update leads set first_contact_due_at = ?, first_contact_escalate_at = ?, assignee_id = ?, assigned_at = ? where id = ?`);
const insertAssignLine = db.prepare(
  `insert into lead_events (id, lead_id, type, by_id, by_name, from_value, to_value, text, created_at) values (?, ?, 'assign', null, 'Automatic: Round-robin', null, ?, null, ?)`,
);
const insertAssigned = db.prepare(
  `insert into notification_events (id, type, email, subject_id, lead_id, payload, created_at) values (?, 'lead.assigned', ?, ?, ?, null, ?)`,
);
// The notices' hashes a minimal server would keep in memory (Abode's are sha-256 hex too).
const SURVEY_NOTICE = 'a'.repeat(64);
const NEWSLETTER_NOTICE = 'b'.repeat(64);
const CALENDAR = { timeZone: DEFAULT_TIME_ZONE, hours: DEFAULT_FOLLOW_UP.hours, holidays: DEFAULT_FOLLOW_UP.holidays };

/** Today's extra durable work for a new person: due times, the next taker by turn, the assignment's line and event. */
function assignNewLead(leadId: string, email: string, now: Date): void {
  const at = now.toISOString();
  const due = addWorkingMinutes(now, DEFAULT_FOLLOW_UP.firstContactMinutes, CALENDAR)?.toISOString() ?? null;
  const escalate = addWorkingMinutes(now, 2 * DEFAULT_FOLLOW_UP.firstContactMinutes, CALENDAR)?.toISOString() ?? null;
  const staff = takers.all() as Array<{ id: string; name: string }>;
  const last = (takeTurn.get() as { last_staff_id: string | null }).last_staff_id;
  const next = staff.find((s) => last !== null && s.id > last) ?? staff[0];
  if (!next) {
    assign.run(due, escalate, null, null, leadId);
    return;
  }
  giveTurn.run(next.id);
  assign.run(due, escalate, next.id, at, leadId);
  insertAssignLine.run(newId(), leadId, next.name, at);
  insertAssigned.run(newId(), email, next.id, leadId, at);
}

interface Added {
  emailID: string;
  created: boolean;
}

function addEmail(email: string, campaignId: string): Added {
  const now = new Date();
  const at = now.toISOString();
  const newLead = newId();
  const { id: leadId } = upsertLead.get(newLead, email.toLowerCase(), email, campaignId, at, at) as { id: string };
  const id = newId();
  let added: Added;
  if (insertRecord.run(id, email, at, leadId, campaignId).changes === 0) {
    const open = openRecord.get(email, campaignId) as { id: string } | undefined;
    if (!open) throw new Error('campaign not active');
    added = { emailID: open.id, created: false };
  } else {
    if (TODAY) addLeadCampaign.run(leadId, campaignId);
    if (leadId === newLead) insertEvent.run(newId(), email, id, leadId, at);
    if (TODAY && leadId === newLead) assignNewLead(leadId, email, now);
    added = { emailID: id, created: true };
  }
  if (TODAY) insertConsents.run(newId(), leadId, added.emailID, SURVEY_NOTICE, at, newId(), leadId, added.emailID, NEWSLETTER_NOTICE, at);
  return added;
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
process.on(
  'SIGTERM',
  () =>
    void app.close().then(() => {
      db.close();
      process.exit(0);
    }),
);
