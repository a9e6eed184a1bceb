import { randomUUID } from 'node:crypto';
import { sql, SqliteAdapter, type Kysely } from 'kysely';

/**
 * Every row that holds a person's data belongs to their lead (decision 0016).
 * - Rows written before leads existed get their lead (created from the e-mail where missing).
 * - survey_responses gain lead_id, filled from the e-mail record by the database itself on insert.
 * - contact_messages.lead_id becomes required; notification events about a person must name them
 *   (only `webhook.test` events, about no one, have none).
 * survey_progress, survey_files and survey_resume_tokens reach the lead through their e-mail record
 * (ON DELETE CASCADE): they never outlive it, so they need no column of their own.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const now = new Date();
  const at = sqlite ? now.toISOString() : now;
  const f = sqlite ? 0 : false;

  // 1. A lead for every address that has none.
  const orphans = await sql<{ key: string; email: string }>`
    select lower(trim(email)) as key, min(email) as email from (
      select email from email_records where lead_id is null
      union all select email from contact_messages where lead_id is null
      union all select email from notification_events where lead_id is null and email <> ''
    ) t
    where lower(trim(email)) not in (select email_key from leads)
    group by lower(trim(email))
  `.execute(db);
  for (const row of orphans.rows) {
    await db
      .insertInto('leads')
      .values({
        id: randomUUID(),
        email_key: row.key,
        email: row.email.trim(),
        name: null,
        phone: null,
        status: 'new',
        assignee_id: null,
        has_survey: f,
        has_contact: f,
        has_newsletter: f,
        last_campaign_id: null,
        last_completed: f,
        created_at: at,
        last_activity_at: at,
      })
      .execute();
  }
  for (const table of ['email_records', 'contact_messages', 'notification_events']) {
    await sql`
      update ${sql.table(table)} set lead_id = (select l.id from leads l where l.email_key = lower(trim(${sql.ref(`${table}.email`)})))
      where lead_id is null and email <> ''
    `.execute(db);
  }

  // 2. Responses name their person.
  await db.schema
    .alterTable('survey_responses')
    .addColumn('lead_id', 'text', (c) => c.references('leads.id'))
    .execute();
  await sql`update survey_responses set lead_id = (select e.lead_id from email_records e where e.id = survey_responses.email_record_id)`.execute(db);
  await db.schema.createIndex('survey_responses_lead').on('survey_responses').column('lead_id').execute();
  await db.schema.createIndex('contact_messages_lead').on('contact_messages').column('lead_id').ifNotExists().execute();
  await db.schema.createIndex('notification_events_lead').on('notification_events').column('lead_id').ifNotExists().execute();
  await db.schema.createIndex('email_records_lead').on('email_records').column('lead_id').ifNotExists().execute();

  if (sqlite) {
    await sql`
      create trigger survey_response_lead after insert on survey_responses when new.lead_id is null
      begin
        update survey_responses set lead_id = (select lead_id from email_records where id = new.email_record_id) where id = new.id;
      end
    `.execute(db);
    await sql`
      create trigger contact_message_needs_lead before insert on contact_messages when new.lead_id is null
      begin select raise(abort, 'contact_messages.lead_id is required'); end
    `.execute(db);
    await sql`
      create trigger notification_event_needs_lead before insert on notification_events when new.lead_id is null and new.type <> 'webhook.test'
      begin select raise(abort, 'notification_events.lead_id is required'); end
    `.execute(db);
    return;
  }
  await sql`
    create function survey_response_lead() returns trigger language plpgsql as $$
    begin
      if new.lead_id is null then
        select lead_id into new.lead_id from email_records where id = new.email_record_id;
      end if;
      return new;
    end
    $$
  `.execute(db);
  await sql`create trigger survey_response_lead before insert on survey_responses for each row execute function survey_response_lead()`.execute(db);
  await sql`alter table contact_messages alter column lead_id set not null`.execute(db);
  await sql`alter table notification_events add constraint notification_events_person check (lead_id is not null or type = 'webhook.test')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  if (sqlite) {
    for (const t of ['survey_response_lead', 'contact_message_needs_lead', 'notification_event_needs_lead'])
      await sql`drop trigger if exists ${sql.raw(t)}`.execute(db);
  } else {
    await sql`alter table notification_events drop constraint notification_events_person`.execute(db);
    await sql`alter table contact_messages alter column lead_id drop not null`.execute(db);
    await sql`drop trigger survey_response_lead on survey_responses`.execute(db);
    await sql`drop function survey_response_lead()`.execute(db);
  }
  await db.schema.dropIndex('survey_responses_lead').execute();
  await db.schema.alterTable('survey_responses').dropColumn('lead_id').execute();
}
