import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { leadOptionalTables, notPersonTables, personalDataRegistry } from '#server/personal-data.registry';
import { describeEachDialect } from '../helpers/databases';
import { useMigratedDatabase } from '../helpers/app';

/*
 * Decision 0016: a table with a column that holds or names a person (an e-mail, a lead, a phone, a
 * name, an answer) is declared by some feature's personal-data.ts (so erasure and the export reach
 * it), or listed in notPersonTables with its reason. A new feature storing a person fails here.
 */

const PERSON_COLUMN = /(^|_)(email|email_key|lead_id|phone|name|firstname|lastname|answer|email_record_id)$/;

describeEachDialect('every person table is declared', (dialect) => {
  const holder = useMigratedDatabase(dialect);

  async function columns(): Promise<Array<{ table: string; column: string; required: boolean }>> {
    const db = holder.database.db;
    if (dialect === 'sqlite') {
      const tables = await sql<{
        name: string;
      }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'`.execute(db);
      const out: Array<{ table: string; column: string; required: boolean }> = [];
      for (const { name } of tables.rows) {
        const info = await sql<{ name: string; required: number }>`select name, "notnull" as required from pragma_table_info(${name})`.execute(db);
        for (const c of info.rows) out.push({ table: name, column: c.name, required: Number(c.required) === 1 });
      }
      return out;
    }
    const rows = await sql<{ table: string; column: string; nullable: string }>`
      select table_name as "table", column_name as "column", is_nullable as nullable from information_schema.columns
      where table_schema = current_schema() and table_name not like 'kysely_%'
    `.execute(db);
    return rows.rows.map((r) => ({ table: r.table, column: r.column, required: r.nullable === 'NO' }));
  }

  it('finds each table with person columns in a declaration or in the allow-list with a reason', async () => {
    const declared = new Set(personalDataRegistry.flatMap((d) => d.tables));
    const all = await columns();
    const personTables = [...new Set(all.filter((c) => PERSON_COLUMN.test(c.column)).map((c) => c.table))].sort();
    expect(personTables.length).toBeGreaterThan(5);
    const uncovered = personTables.filter((t) => !declared.has(t) && !(t in notPersonTables));
    expect(uncovered).toEqual([]);
    // Declarations name tables that exist.
    const existing = new Set(all.map((c) => c.table));
    expect([...declared].filter((t) => !existing.has(t))).toEqual([]);
    for (const reason of Object.values(notPersonTables)) expect(reason.length).toBeGreaterThan(10);
  });

  it('makes every lead_id required (NOT NULL), but where the allow-list says why it may be empty', async () => {
    const all = await columns();
    const leadColumns = all.filter((c) => c.column === 'lead_id');
    // The person's own rows, at least: e-mail records, responses, contact messages, consents, notes.
    expect(leadColumns.map((c) => c.table)).toEqual(
      expect.arrayContaining(['email_records', 'survey_responses', 'contact_messages', 'consents', 'lead_events']),
    );
    const optional = leadColumns
      .filter((c) => !c.required)
      .map((c) => c.table)
      .sort();
    expect(optional).toEqual(Object.keys(leadOptionalTables).sort());
    for (const reason of Object.values(leadOptionalTables)) expect(reason.length).toBeGreaterThan(10);
  });

  it('would catch a new table that stores a person without declaring it', async () => {
    await sql`create table wishlist_people (id text primary key, email text not null)`.execute(holder.database.db);
    try {
      const declared = new Set(personalDataRegistry.flatMap((d) => d.tables));
      const all = await columns();
      const uncovered = [...new Set(all.filter((c) => PERSON_COLUMN.test(c.column)).map((c) => c.table))].filter(
        (t) => !declared.has(t) && !(t in notPersonTables),
      );
      expect(uncovered).toEqual(['wishlist_people']);
    } finally {
      await sql`drop table wishlist_people`.execute(holder.database.db);
    }
  });
});

describe('personal-data declarations', () => {
  it('each names its feature once and owns each table once', () => {
    const features = personalDataRegistry.map((d) => d.feature);
    expect(new Set(features).size).toBe(features.length);
    const tables = personalDataRegistry.flatMap((d) => d.tables);
    expect(new Set(tables).size).toBe(tables.length);
    expect(features.at(-1)).toBe('leads');
  });
});
