import { sql, SqliteAdapter, type Kysely } from 'kysely';

/**
 * (decision 0044): a survey response belongs to its person (`lead_id`, required since
 * 2026-11-28T2300); its e-mail record is how an online visitor came, not what makes it a response.
 * An expo tablet's visitor who gave a phone and no e-mail has a lead and answers but no e-mail record,
 * so `survey_responses.email_record_id` may now be empty. It stays unique (NULLs never collide on
 * either database) and still cascades from its record when there is one.
 * PostgreSQL drops the NOT NULL. SQLite cannot: the table is made again without it (SQLite's documented
 * procedure, as 2026-11-28T2300 did: foreign keys off, a new table, the rows copied, the old one dropped,
 * the new one renamed, its indexes and triggers made again, the keys checked), in one transaction.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await sql`alter table survey_responses alter column email_record_id drop not null`.execute(db);
    return;
  }
  await rebuildSqliteTable(db, 'survey_responses', (create) => withRecordRequired(create, false));
}

export async function down(db: Kysely<any>): Promise<void> {
  // Responses without an e-mail record cannot go back to a table that requires one.
  await sql`delete from survey_responses where email_record_id is null`.execute(db);
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await sql`alter table survey_responses alter column email_record_id set not null`.execute(db);
    return;
  }
  await rebuildSqliteTable(db, 'survey_responses', (create) => withRecordRequired(create, true));
}

/** The table's CREATE statement with its `email_record_id` column required (or not). */
function withRecordRequired(create: string, required: boolean): string {
  const column = /"email_record_id" text( not null)?/gi;
  const found = create.match(column) ?? [];
  if (found.length !== 1) throw new Error(`expected one email_record_id column in: ${create}`);
  return create.replace(column, required ? '"email_record_id" text not null' : '"email_record_id" text');
}

/**
 * Makes the table again from its CREATE statement as `change` rewrites it, keeping its rows, indexes
 * and triggers (https://sqlite.org/lang_altertable.html#otheralter). This migration's own frozen copy of
 * 2026-11-28T2300's procedure: foreign keys off meanwhile (dropping the old table would otherwise delete
 * the rows that reference it), legacy renaming so other tables' triggers keep naming it as written.
 */
async function rebuildSqliteTable(db: Kysely<any>, table: string, change: (create: string) => string): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  // (Read by position: the app's CamelCasePlugin renames result columns.)
  const keys = await sql<Record<string, unknown>>`pragma foreign_keys`.execute(db);
  if (Number(Object.values(keys.rows[0] ?? {})[0]) !== 0)
    throw new Error('foreign keys could not be turned off (inside a transaction?): not rebuilding tables');
  await sql`pragma legacy_alter_table = on`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
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
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error(`foreign keys broken by the rebuild: ${JSON.stringify(broken.rows.slice(0, 5))}`);
    });
  } finally {
    await sql`pragma legacy_alter_table = off`.execute(db);
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
