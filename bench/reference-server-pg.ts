// The PostgreSQL reference for lead writes (decision 0046): the
// least a server can do for POST /api/email/add with the same durable work as Abode, to which
// Abode's figure on PostgreSQL is compared in the same run (bench/lead-write-reference-pg.ts).
// Fastify and pg on a database migrated to Abode's schema (same tables, indexes, constraints), a
// pool of 10 connections as Abode's (src/server/db/database.ts), and one transaction per request
// (PostgreSQL groups the commits' WAL flushes of concurrent transactions itself). The statements are
// those of the SQLite reference's "today" work (bench/reference-server.ts), each a named prepared
// statement: the person's lead upserted, the open e-mail record inserted (or the open one found), the
// lead's campaign, the two consent rows, and for a new person the lead.created outbox event, the
// first-contact due times in working hours, the round-robin turn, the assignee, the timeline's line
// and the lead.assigned outbox event.
// No validation beyond the e-mail's shape, no logging, no rate limit, no notifications.
// Env: DATABASE_URL (migrated, with one staff member who takes leads), CAMPAIGN_ID (an active
// campaign in it), PORT.
import Fastify from 'fastify';
import pg from 'pg';
import { newId } from '#server/lib/ids';
import { addWorkingMinutes } from '#shared/followup/working-hours';
import { DEFAULT_FOLLOW_UP, DEFAULT_TIME_ZONE } from '#shared/settings/settings.contract';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL!, max: 10 });

/** A named statement: parsed once per connection, then only bound and executed. */
const statement = (name: string, text: string) => (client: pg.PoolClient, values: unknown[]) => client.query({ name, text, values });

const upsertLead = statement(
  'upsert_lead',
  `insert into leads (id, email_key, email, name, phone, status, assignee_id, has_survey, has_contact, has_newsletter, last_campaign_id, last_completed, created_at, last_activity_at)
   values ($1, $2, $3, null, null, 'new', null, true, false, false, $4, false, $5, $5)
   on conflict (email_key) do update set email = excluded.email, has_survey = true, last_campaign_id = coalesce(excluded.last_campaign_id, leads.last_campaign_id),
     last_completed = false, last_activity_at = excluded.last_activity_at
   returning id`,
);
const insertRecord = statement(
  'insert_record',
  `insert into email_records (id, email, campaign_id, is_completed, created_at, lead_id)
   select $1, $2, id, false, $3, $4 from campaigns where id = $5 and is_active = true on conflict do nothing`,
);
const openRecord = statement('open_record', `select id from email_records where email = $1 and campaign_id = $2 and is_completed = false`);
const insertEvent = statement(
  'insert_created',
  `insert into notification_events (id, type, email, subject_id, lead_id, payload, created_at) values ($1, 'lead.created', $2, $3, $4, null, $5)`,
);
const addLeadCampaign = statement('add_lead_campaign', `insert into lead_campaigns (lead_id, campaign_id) values ($1, $2) on conflict do nothing`);
const insertConsents = statement(
  'insert_consents',
  `insert into consents (id, lead_id, record_id, purpose, notice_purpose, notice_version, notice_hash, granted, source, created_at)
   values ($1, $2, $3, 'survey', 'survey', 1, $4, true, 'landing', $5), ($6, $2, $3, 'newsletter', 'newsletter', 1, $7, false, 'landing', $5)`,
);
const takers = statement('takers', `select id, name from staff_users where active = true and takes_leads = true and away = false order by id`);
const takeTurn = statement('take_turn', `update lead_routing set turns = turns + 1 where id = 1 returning last_staff_id`);
const giveTurn = statement('give_turn', `update lead_routing set last_staff_id = $1 where id = 1`);
const assign = statement(
  'assign',
  `update leads set first_contact_due_at = $1, first_contact_escalate_at = $2, assignee_id = $3, assigned_at = $4 where id = $5`,
);
const insertAssignLine = statement(
  'insert_assign_line',
  `insert into lead_events (id, lead_id, type, by_id, by_name, from_value, to_value, text, created_at) values ($1, $2, 'assign', null, 'Automatic: Round-robin', null, $3, null, $4)`,
);
const insertAssigned = statement(
  'insert_assigned',
  `insert into notification_events (id, type, email, subject_id, lead_id, payload, created_at) values ($1, 'lead.assigned', $2, $3, $4, null, $5)`,
);
// The notices' hashes a minimal server would keep in memory (Abode's are sha-256 hex too).
const SURVEY_NOTICE = 'a'.repeat(64);
const NEWSLETTER_NOTICE = 'b'.repeat(64);
const CALENDAR = { timeZone: DEFAULT_TIME_ZONE, hours: DEFAULT_FOLLOW_UP.hours, holidays: DEFAULT_FOLLOW_UP.holidays };

/** For a new person: due times, the next taker by turn, the assignment's line and event. */
async function assignNewLead(client: pg.PoolClient, leadId: string, email: string, now: Date): Promise<void> {
  const due = addWorkingMinutes(now, DEFAULT_FOLLOW_UP.firstContactMinutes, CALENDAR);
  const escalate = addWorkingMinutes(now, 2 * DEFAULT_FOLLOW_UP.firstContactMinutes, CALENDAR);
  const staff = (await takers(client, [])).rows as Array<{ id: string; name: string }>;
  const last = ((await takeTurn(client, [])).rows[0] as { last_staff_id: string | null }).last_staff_id;
  const next = staff.find((s) => last !== null && s.id > last) ?? staff[0];
  if (!next) {
    await assign(client, [due, escalate, null, null, leadId]);
    return;
  }
  await giveTurn(client, [next.id]);
  await assign(client, [due, escalate, next.id, now, leadId]);
  await insertAssignLine(client, [newId(), leadId, next.name, now]);
  await insertAssigned(client, [newId(), email, next.id, leadId, now]);
}

interface Added {
  emailID: string;
  created: boolean;
}

async function addEmail(client: pg.PoolClient, email: string, campaignId: string): Promise<Added> {
  const now = new Date();
  const newLead = newId();
  const leadId = ((await upsertLead(client, [newLead, email.toLowerCase(), email, campaignId, now])).rows[0] as { id: string }).id;
  const id = newId();
  let added: Added;
  if ((await insertRecord(client, [id, email, now, leadId, campaignId])).rowCount === 0) {
    const open = (await openRecord(client, [email, campaignId])).rows[0] as { id: string } | undefined;
    if (!open) throw new Error('campaign not active');
    added = { emailID: open.id, created: false };
  } else {
    await addLeadCampaign(client, [leadId, campaignId]);
    if (leadId === newLead) {
      await insertEvent(client, [newId(), email, id, leadId, now]);
      await assignNewLead(client, leadId, email, now);
    }
    added = { emailID: id, created: true };
  }
  await insertConsents(client, [newId(), leadId, added.emailID, SURVEY_NOTICE, now, newId(), NEWSLETTER_NOTICE]);
  return added;
}

/** One transaction per request, committed (and flushed: synchronous_commit on) before the answer. */
async function inTransaction(email: string, campaignId: string): Promise<Added> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const added = await addEmail(client, email, campaignId);
    await client.query('commit');
    return added;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

const app = Fastify({ logger: false });
app.post('/api/email/add', async (request, reply) => {
  const body = request.body as { email?: unknown; campaignid?: unknown } | null;
  const email = typeof body?.email === 'string' ? body.email.trim() : '';
  const campaignId = typeof body?.campaignid === 'string' ? body.campaignid : process.env.CAMPAIGN_ID!;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) return reply.status(400).send({ message: 'Enter a valid e-mail address.' });
  const added = await inTransaction(email, campaignId);
  return reply.status(added.created ? 201 : 200).send({ emailID: added.emailID, message: 'Saved.', newsletter: false });
});
app.get('/ready', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.on(
  'SIGTERM',
  () =>
    void app.close().then(async () => {
      await pool.end();
      process.exit(0);
    }),
);
