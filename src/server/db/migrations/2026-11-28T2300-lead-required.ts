import { randomUUID } from 'node:crypto';
import { sql, SqliteAdapter, type Kysely } from 'kysely';

/**
 * Every row that holds a person's data names their lead, as a column that cannot be
 * empty, on both databases (decision 0016).
 * - E-mail records and contact messages without a lead get one, made as the app makes it (one per
 *   e-mail trimmed and in lower case; an existing lead of that address is used).
 * - Responses take the lead of their e-mail record.
 * - `email_records.lead_id`, `survey_responses.lead_id` and (SQLite) `contact_messages.lead_id`
 *   become NOT NULL. PostgreSQL alters the column. SQLite cannot add NOT NULL to a column: the table
 *   is made again with it (SQLite's documented procedure: foreign keys off, a new table, the rows
 *   copied, the old one dropped, the new one renamed, its indexes and triggers made again, the keys
 *   checked), all in one transaction.
 * - The stop-gaps they replace go: SQLite's trigger refusing a contact message without a lead, and the
 *   triggers that filled a response's lead from its record (the app gives it now).
 */

// Columns are read under names without underscores: the app's connection camel-cases result names.
type Row = { id: string; email: string; campaign: string | null; completed: unknown; at: unknown; firstname?: string; lastname?: string };

const time = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));
const truthy = (value: unknown) => value === true || value === 1 || value === '1';

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const stamp = (d: Date) => (sqlite ? d.toISOString() : d);
  const bool = (b: boolean) => (sqlite ? Number(b) : b);

  // 1. A lead for every person whose record or message has none (normally none: the app has set it
  //    since the leads migration, and 2026-11-27T1400 filled the older rows).
  const records =
    await sql<Row>`select id, email, campaign_id as campaign, is_completed as completed, created_at as at from email_records where lead_id is null order by created_at, id`.execute(
      db,
    );
  const messages =
    await sql<Row>`select id, email, null as campaign, 0 as completed, created_at as at, firstname, lastname from contact_messages where lead_id is null order by created_at, id`.execute(
      db,
    );
  const people = new Map<string, { records: Row[]; messages: Row[] }>();
  const of = (email: string) => {
    const key = email.trim().toLowerCase();
    let person = people.get(key);
    if (!person) people.set(key, (person = { records: [], messages: [] }));
    return person;
  };
  for (const row of records.rows) of(row.email).records.push(row);
  for (const row of messages.rows) of(row.email).messages.push(row);

  for (const [key, person] of people) {
    const all = [...person.records, ...person.messages].sort((a, b) => time(a.at).getTime() - time(b.at).getTime());
    const surveys = person.records.filter((r) => r.campaign !== null);
    const latestSurvey = surveys.at(-1);
    const existing = await sql<{ id: string }>`select id from leads where email_key = ${key}`.execute(db);
    let leadId = existing.rows[0]?.id;
    if (leadId) {
      // What the app's upsert would have marked: the kinds of contact this person made.
      if (surveys.length > 0) await sql`update leads set has_survey = ${bool(true)} where id = ${leadId}`.execute(db);
      if (person.records.some((r) => r.campaign === null)) await sql`update leads set has_newsletter = ${bool(true)} where id = ${leadId}`.execute(db);
      if (person.messages.length > 0) await sql`update leads set has_contact = ${bool(true)} where id = ${leadId}`.execute(db);
    } else {
      leadId = randomUUID();
      const message = person.messages[0];
      const name = message ? `${message.firstname ?? ''} ${message.lastname ?? ''}`.trim() || null : null;
      await db
        .insertInto('leads')
        .values({
          id: leadId,
          email_key: key,
          email: all.at(-1)!.email.trim(),
          name,
          phone: null,
          status: 'new',
          assignee_id: null,
          has_survey: bool(surveys.length > 0),
          has_contact: bool(person.messages.length > 0),
          has_newsletter: bool(person.records.some((r) => r.campaign === null)),
          last_campaign_id: latestSurvey?.campaign ?? null,
          last_completed: bool(latestSurvey ? truthy(latestSurvey.completed) : false),
          created_at: stamp(time(all[0]!.at)),
          last_activity_at: stamp(time(all.at(-1)!.at)),
        })
        .execute();
    }
    for (const r of person.records) await sql`update email_records set lead_id = ${leadId} where id = ${r.id}`.execute(db);
    for (const m of person.messages) await sql`update contact_messages set lead_id = ${leadId} where id = ${m.id}`.execute(db);
  }
  // 2. Responses: their record's person.
  await sql`update survey_responses set lead_id = (select e.lead_id from email_records e where e.id = survey_responses.email_record_id) where lead_id is null`.execute(
    db,
  );

  // 3. Required from now on.
  if (!sqlite) {
    await sql`drop trigger survey_response_lead on survey_responses`.execute(db);
    await sql`drop function survey_response_lead()`.execute(db);
    await sql`alter table email_records alter column lead_id set not null`.execute(db);
    await sql`alter table survey_responses alter column lead_id set not null`.execute(db);
    return;
  }
  await sql`drop trigger if exists contact_message_needs_lead`.execute(db);
  await sql`drop trigger if exists survey_response_lead`.execute(db);
  await rebuildSqliteTables(db, ['email_records', 'survey_responses', 'contact_messages'], (create) => withLeadRequired(create, true));
}

export async function down(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  if (!sqlite) {
    await sql`alter table survey_responses alter column lead_id drop not null`.execute(db);
    await sql`alter table email_records alter column lead_id drop not null`.execute(db);
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
    return;
  }
  await rebuildSqliteTables(db, ['email_records', 'survey_responses', 'contact_messages'], (create) => withLeadRequired(create, false));
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
}

/** The table's CREATE statement with its `lead_id` column required (or not). */
function withLeadRequired(create: string, required: boolean): string {
  const column = /"lead_id" text( not null)?/gi;
  const found = create.match(column) ?? [];
  if (found.length !== 1) throw new Error(`expected one lead_id column in: ${create}`);
  return create.replace(column, required ? '"lead_id" text not null' : '"lead_id" text');
}

/**
 * Makes each table again from its CREATE statement as `change` rewrites it, keeping its rows,
 * indexes and triggers (https://sqlite.org/lang_altertable.html#otheralter). Foreign keys are
 * off meanwhile, or dropping the old table would delete the rows that reference it (ON DELETE
 * CASCADE); legacy renaming keeps the other tables' triggers, which name the table, as written.
 */
async function rebuildSqliteTables(db: Kysely<any>, tables: string[], change: (create: string) => string): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  // (Read by position: the app's CamelCasePlugin renames result columns.)
  const keys = await sql<Record<string, unknown>>`pragma foreign_keys`.execute(db);
  if (Number(Object.values(keys.rows[0] ?? {})[0]) !== 0)
    throw new Error('foreign keys could not be turned off (inside a transaction?): not rebuilding tables');
  await sql`pragma legacy_alter_table = on`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      for (const table of tables) {
        const schema = await sql<{ type: string; name: string; sql: string | null }>`
          select type, name, sql from sqlite_master where tbl_name = ${table} and type in ('table', 'index', 'trigger') order by case type when 'table' then 0 else 1 end, name
        `.execute(trx);
        const create = schema.rows.find((r) => r.type === 'table' && r.name === table)?.sql;
        if (!create) throw new Error(`no table ${table}`);
        const rebuilt = `${table}__rebuilt`;
        const next = change(create).replace(/^CREATE TABLE\s+("?)[A-Za-z_]+\1/i, `CREATE TABLE "${rebuilt}"`);
        if (!next.includes(`"${rebuilt}"`)) throw new Error(`could not rename the table in: ${create}`);
        await sql.raw(next).execute(trx);
        await sql.raw(`insert into "${rebuilt}" select * from "${table}"`).execute(trx);
        await sql.raw(`drop table "${table}"`).execute(trx);
        await sql.raw(`alter table "${rebuilt}" rename to "${table}"`).execute(trx);
        // Its own indexes and triggers went with the old table (automatic indexes come with the new one).
        for (const item of schema.rows) if (item.type !== 'table' && item.sql) await sql.raw(item.sql).execute(trx);
      }
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error(`foreign keys broken by the rebuild: ${JSON.stringify(broken.rows.slice(0, 5))}`);
    });
  } finally {
    await sql`pragma legacy_alter_table = off`.execute(db);
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
