import { sql, type Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { booleanType, timestampType } from './types';

/**
 * Leads: one row per person (e-mail trimmed and lower-cased), the e-mail records and contact
 * messages point at it, and lead_events keeps the status changes, assignments and notes. Existing
 * e-mail records, responses and contact messages are folded into leads here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  const bool = booleanType(db);
  await db.schema
    .createTable('leads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email_key', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('phone', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('assignee_id', 'text', (c) => c.references('staff_users.id').onDelete('set null'))
    .addColumn('has_survey', bool, (c) => c.notNull())
    .addColumn('has_contact', bool, (c) => c.notNull())
    .addColumn('has_newsletter', bool, (c) => c.notNull())
    .addColumn('last_campaign_id', 'text')
    .addColumn('last_completed', bool, (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('last_activity_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('leads_last_activity').on('leads').columns(['last_activity_at', 'id']).execute();
  await db.schema.createIndex('leads_status_activity').on('leads').columns(['status', 'last_activity_at', 'id']).execute();

  await db.schema
    .createTable('lead_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('lead_id', 'text', (c) => c.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('by_id', 'text')
    .addColumn('by_name', 'text', (c) => c.notNull())
    .addColumn('from_value', 'text')
    .addColumn('to_value', 'text')
    .addColumn('text', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lead_events_lead').on('lead_events').columns(['lead_id', 'created_at']).execute();

  await db.schema
    .alterTable('email_records')
    .addColumn('lead_id', 'text', (c) => c.references('leads.id'))
    .execute();
  await db.schema.createIndex('email_records_lead').on('email_records').columns(['lead_id', 'created_at']).execute();
  await db.schema
    .alterTable('contact_messages')
    .addColumn('lead_id', 'text', (c) => c.references('leads.id'))
    .execute();
  await db.schema.createIndex('contact_messages_lead').on('contact_messages').columns(['lead_id', 'created_at']).execute();

  // A campaign's leadField questions, derived when it is saved (like questioncolumns), so a response
  // does not parse the survey to find the person's name and phone.
  await db.schema
    .alterTable('campaigns')
    .addColumn('lead_fields', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  const marked = await db.selectFrom('campaigns').select(['id', 'questions']).where('questions', 'like', '%leadField%').execute();
  for (const campaign of marked) {
    const fields = Object.fromEntries(leadFieldNames(campaign.questions));
    await db
      .updateTable('campaigns')
      .set({ leadFields: JSON.stringify(fields) })
      .where('id', '=', campaign.id)
      .execute();
  }

  await foldExistingData(db);
}

interface Person {
  id: string;
  email: string;
  name: string | null;
  phone: string | null;
  hasSurvey: boolean;
  hasContact: boolean;
  hasNewsletter: boolean;
  lastCampaignId: string | null;
  lastCompleted: boolean;
  createdAt: string;
  lastActivityAt: string;
}

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString());

/** Questions marked `leadField` in a survey definition (this migration's own frozen copy of the rule). */
function leadFieldNames(questions: string): Map<string, 'name' | 'phone'> {
  const found = new Map<string, 'name' | 'phone'>();
  if (!questions.includes('leadField')) return found;
  const visit = (elements: unknown): void => {
    if (!Array.isArray(elements)) return;
    for (const e of elements) {
      if (typeof e !== 'object' || e === null) continue;
      const el = e as Record<string, unknown>;
      visit(el.elements);
      if ((el.leadField === 'name' || el.leadField === 'phone') && typeof el.name === 'string') {
        found.set(typeof el.valueName === 'string' && el.valueName ? el.valueName : el.name, el.leadField);
      }
    }
  };
  try {
    const json = JSON.parse(questions) as Record<string, unknown>;
    visit(json.elements);
    if (Array.isArray(json.pages)) for (const p of json.pages) visit((p as Record<string, unknown>)?.elements);
  } catch {
    // a definition that does not parse marks nothing
  }
  return found;
}

async function foldExistingData(db: Kysely<any>): Promise<void> {
  const people = new Map<string, Person>();
  const touch = (email: string, at: string): Person => {
    const key = email.trim().toLowerCase();
    let person = people.get(key);
    if (!person) {
      person = {
        id: uuidv7(),
        email: email.trim(),
        name: null,
        phone: null,
        hasSurvey: false,
        hasContact: false,
        hasNewsletter: false,
        lastCampaignId: null,
        lastCompleted: false,
        createdAt: at,
        lastActivityAt: at,
      };
      people.set(key, person);
    }
    if (at < person.createdAt) person.createdAt = at;
    if (at >= person.lastActivityAt) person.lastActivityAt = at;
    return person;
  };

  const records = await db.selectFrom('email_records').select(['email', 'campaignId', 'isCompleted', 'createdAt']).orderBy('createdAt').execute();
  // The app's connection maps camelCase names to snake_case columns (CamelCasePlugin).
  for (const r of records) {
    const person = touch(r.email, iso(r.createdAt));
    if (r.campaignId === null) person.hasNewsletter = true;
    else {
      person.hasSurvey = true;
      person.lastCampaignId = r.campaignId;
      person.lastCompleted = Boolean(r.isCompleted);
    }
  }
  const contacts = await db.selectFrom('contact_messages').select(['email', 'firstname', 'lastname', 'createdAt']).orderBy('createdAt').execute();
  for (const c of contacts) {
    const person = touch(c.email, iso(c.createdAt));
    person.hasContact = true;
    person.name = `${c.firstname} ${c.lastname}`.trim() || person.name;
  }
  const marked = await db.selectFrom('campaigns').select(['id', 'questions']).where('questions', 'like', '%leadField%').execute();
  for (const campaign of marked) {
    const fields = leadFieldNames(campaign.questions);
    if (fields.size === 0) continue;
    const responses = await db.selectFrom('survey_responses').select(['email', 'answer']).where('campaignId', '=', campaign.id).orderBy('createdAt').execute();
    for (const response of responses) {
      const person = people.get(response.email.trim().toLowerCase());
      if (!person) continue;
      let answer: Record<string, unknown>;
      try {
        answer = JSON.parse(response.answer) as Record<string, unknown>;
      } catch {
        continue;
      }
      for (const [name, field] of fields) {
        const value = answer[name];
        if (typeof value === 'string' && value.trim()) person[field] = value.trim().slice(0, 200);
      }
    }
  }

  const rows = [...people.entries()].map(([key, p]) => ({
    id: p.id,
    email_key: key,
    email: p.email,
    name: p.name,
    phone: p.phone,
    status: 'new',
    assignee_id: null,
    has_survey: p.hasSurvey,
    has_contact: p.hasContact,
    has_newsletter: p.hasNewsletter,
    last_campaign_id: p.lastCampaignId,
    last_completed: p.lastCompleted,
    created_at: p.createdAt,
    last_activity_at: p.lastActivityAt,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('leads')
      .values(rows.slice(i, i + 500))
      .execute();
  if (rows.length === 0) return;
  await sql`update email_records set lead_id = (select l.id from leads l where l.email_key = lower(trim(email_records.email)))`.execute(db);
  await sql`update contact_messages set lead_id = (select l.id from leads l where l.email_key = lower(trim(contact_messages.email)))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('campaigns').dropColumn('lead_fields').execute();
  await db.schema.dropIndex('contact_messages_lead').execute();
  await db.schema.alterTable('contact_messages').dropColumn('lead_id').execute();
  await db.schema.dropIndex('email_records_lead').execute();
  await db.schema.alterTable('email_records').dropColumn('lead_id').execute();
  await db.schema.dropTable('lead_events').execute();
  await db.schema.dropTable('leads').execute();
}
