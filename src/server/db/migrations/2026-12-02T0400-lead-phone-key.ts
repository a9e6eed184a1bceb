import { sql, SqliteAdapter, type Kysely } from 'kysely';
import { timestampType } from './types';

/**
 * People known by phone (decision 0036): a lead has an e-mail, a phone, or both.
 * - `email` and `email_key` may be empty; `phone_key` is the phone in E.164 by which the lead is found
 *   (unique, like `email_key`: NULLs do not collide on either database); a CHECK keeps at least one key
 *   (or, for a lead merged into another, `merged_into_id`).
 * - `merged_into_id`: the lead this one was merged into (its arrivals and its page go there).
 * - The search column reads an empty e-mail as '' (it was `email_key || …`, NULL without one).
 * - `lead_duplicates`: pairs staff should look at ("Possible duplicate of …"), each way.
 * - Existing leads get their phone key: the oldest lead of a number keeps it, the others are marked
 *   possible duplicates of it.
 * SQLite cannot drop NOT NULL nor add a CHECK to a table: the table is made again (foreign keys off,
 * a new table, the rows copied, the old one dropped, the new one renamed, its indexes made again).
 */

/** This migration's own frozen copy of the E.164 rule (src/shared/phone.ts). */
function toE164(input: string): string | null {
  const text = input.trim().replace(/\(0\)/g, '');
  if (!text || !/^\+?[\d\s().\-/]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  let international: string;
  if (text.startsWith('+')) international = digits;
  else if (digits.startsWith('00')) international = digits.slice(2);
  else {
    const national = digits.replace(/^0+/, '');
    if (national.length === 10) international = `91${national}`;
    else if (national.length === 12 && national.startsWith('91')) international = national;
    else return null;
  }
  if (international.startsWith('91')) {
    const national = international.slice(2).replace(/^0/, '');
    return national.length === 10 ? `+91${national}` : null;
  }
  if (international.length < 8 || international.length > 15 || international.startsWith('0')) return null;
  return `+${international}`;
}

const SEARCH_OLD = /lower\(\s*email_key\s*\|\|/i;
const SEARCH_NEW = "lower(coalesce(email_key, '') ||";
const CHECK = `constraint leads_email_or_phone check (email_key is not null or phone_key is not null or merged_into_id is not null)`;

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const ts = timestampType(db);
  if (sqlite) await rebuildSqliteLeads(db);
  else {
    await sql`drop index leads_counts`.execute(db);
    await sql`alter table leads drop column search_text`.execute(db);
    await sql`alter table leads alter column email drop not null`.execute(db);
    await sql`alter table leads alter column email_key drop not null`.execute(db);
    await sql`alter table leads add column phone_key text`.execute(db);
    await sql`alter table leads add column merged_into_id text references leads(id) on delete set null`.execute(db);
    await sql`alter table leads add column search_text text generated always as (lower(coalesce(email_key, '') || ' ' || coalesce(name, '') || ' ' || coalesce(phone, ''))) stored`.execute(
      db,
    );
    await sql.raw(`alter table leads add ${CHECK}`).execute(db);
    await db.schema
      .createIndex('leads_counts')
      .on('leads')
      .columns(['status', 'has_survey', 'has_contact', 'has_newsletter', 'last_activity_at', 'search_text'])
      .execute();
  }
  await db.schema
    .createTable('lead_duplicates')
    .addColumn('lead_id', 'text', (c) => c.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('other_id', 'text', (c) => c.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('lead_duplicates_pk', ['lead_id', 'other_id'])
    .execute();
  await db.schema.createIndex('lead_duplicates_other').on('lead_duplicates').column('other_id').execute();

  // Phone keys for the leads there are: the oldest lead of each number keeps it.
  const rows = await sql<{
    id: string;
    phone: string;
    at: unknown;
  }>`select id, phone, created_at as at from leads where phone is not null order by created_at, id`.execute(db);
  const owners = new Map<string, string>();
  const now = sqlite ? new Date().toISOString() : new Date();
  for (const row of rows.rows) {
    const key = toE164(row.phone);
    if (!key) continue;
    const owner = owners.get(key);
    if (!owner) {
      owners.set(key, row.id);
      await sql`update leads set phone_key = ${key} where id = ${row.id}`.execute(db);
      continue;
    }
    await sql`insert into lead_duplicates (lead_id, other_id, created_at) values (${row.id}, ${owner}, ${now}), (${owner}, ${row.id}, ${now})`.execute(db);
  }
  await db.schema.createIndex('leads_phone_key').on('leads').column('phone_key').unique().execute();
  await db.schema.createIndex('leads_merged_into').on('leads').column('merged_into_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema.dropTable('lead_duplicates').execute();
  await db.schema.dropIndex('leads_merged_into').execute();
  await db.schema.dropIndex('leads_phone_key').execute();
  // Leads without an e-mail cannot go back to a table that requires one.
  await sql`delete from leads where email_key is null`.execute(db);
  if (sqlite) {
    await rebuildSqliteLeads(db, true);
    return;
  }
  await sql`alter table leads drop constraint leads_email_or_phone`.execute(db);
  await sql`drop index leads_counts`.execute(db);
  await sql`alter table leads drop column search_text`.execute(db);
  await sql`alter table leads drop column merged_into_id`.execute(db);
  await sql`alter table leads drop column phone_key`.execute(db);
  await sql`alter table leads alter column email set not null`.execute(db);
  await sql`alter table leads alter column email_key set not null`.execute(db);
  await sql`alter table leads add column search_text text generated always as (lower(email_key || ' ' || coalesce(name, '') || ' ' || coalesce(phone, ''))) stored`.execute(
    db,
  );
  await db.schema
    .createIndex('leads_counts')
    .on('leads')
    .columns(['status', 'has_survey', 'has_contact', 'has_newsletter', 'last_activity_at', 'search_text'])
    .execute();
}

/** The leads table's CREATE statement with the e-mail optional, the phone key, the merge and the CHECK (or back). */
function changedCreate(create: string, back: boolean): string {
  const replace = (text: string, from: RegExp, to: string) => {
    if (!from.test(text)) throw new Error(`leads migration: ${String(from)} not found in ${create}`);
    return text.replace(from, to);
  };
  let next = create;
  if (!back) {
    next = replace(next, /"email_key" text not null unique/i, '"email_key" text unique');
    next = replace(next, /"email" text not null/i, '"email" text');
    next = replace(next, SEARCH_OLD, SEARCH_NEW);
    next = replace(next, /\)\s*$/, `, "phone_key" text, "merged_into_id" text references "leads" ("id") on delete set null, ${CHECK})`);
  } else {
    next = replace(next, /"email_key" text unique/i, '"email_key" text not null unique');
    next = replace(next, /"email" text,/i, '"email" text not null,');
    next = next.replace("lower(coalesce(email_key, '') ||", 'lower(email_key ||');
    next = replace(
      next,
      /, "phone_key" text, "merged_into_id" text references "leads" \("id"\) on delete set null, constraint leads_email_or_phone check \([^)]*\)\)\s*$/i,
      ')',
    );
  }
  return next;
}

/**
 * Makes `leads` again from its CREATE statement as changed above, keeping its rows and indexes
 * (https://sqlite.org/lang_altertable.html#otheralter). Foreign keys are off meanwhile, or dropping
 * the old table would delete the rows that reference it; legacy renaming keeps the other tables'
 * references, which name the table, as written. The generated search column is not copied: SQLite
 * computes it.
 */
async function rebuildSqliteLeads(db: Kysely<any>, back = false): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  const keys = await sql<Record<string, unknown>>`pragma foreign_keys`.execute(db);
  if (Number(Object.values(keys.rows[0] ?? {})[0]) !== 0) throw new Error('foreign keys could not be turned off (inside a transaction?): not rebuilding leads');
  await sql`pragma legacy_alter_table = on`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      const schema = await sql<{ type: string; name: string; sql: string | null }>`
        select type, name, sql from sqlite_master where tbl_name = 'leads' and type in ('table', 'index', 'trigger') order by case type when 'table' then 0 else 1 end, name
      `.execute(trx);
      const create = schema.rows.find((r) => r.type === 'table' && r.name === 'leads')?.sql;
      if (!create) throw new Error('no table leads');
      // Columns by position (the app's CamelCasePlugin renames result columns): name, hidden (generated ≠ 0).
      const info = await sql<Record<string, unknown>>`pragma table_xinfo(leads)`.execute(trx);
      const columns = info.rows
        .map((r) => Object.values(r))
        .filter((v) => Number(v[6]) === 0)
        .map((v) => `"${String(v[1])}"`)
        .filter((c) => !back || (c !== '"phone_key"' && c !== '"merged_into_id"'));
      const next = changedCreate(create, back).replace(/^CREATE TABLE\s+("?)leads\1/i, 'CREATE TABLE "leads__rebuilt"');
      if (!next.includes('"leads__rebuilt"')) throw new Error(`could not rename the table in: ${create}`);
      await sql.raw(next).execute(trx);
      await sql.raw(`insert into "leads__rebuilt" (${columns.join(', ')}) select ${columns.join(', ')} from "leads"`).execute(trx);
      await sql.raw('drop table "leads"').execute(trx);
      await sql.raw('alter table "leads__rebuilt" rename to "leads"').execute(trx);
      for (const item of schema.rows) if (item.type !== 'table' && item.sql) await sql.raw(item.sql).execute(trx);
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error(`foreign keys broken by the rebuild: ${JSON.stringify(broken.rows.slice(0, 5))}`);
    });
  } finally {
    await sql`pragma legacy_alter_table = off`.execute(db);
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
