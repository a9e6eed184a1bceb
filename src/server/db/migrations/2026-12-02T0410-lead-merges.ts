import type { Kysely } from 'kysely';
import { timestampType } from './types';

/**
 * Staff merge two leads. One row per merge: who merged what into what and when, the rows
 * that moved (JSON: table → ids) and the values of the kept lead that were overwritten (JSON), so
 * that an unmerge within 30 days puts everything back. `undone_at`: when it was undone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('lead_merges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('merged_id', 'text', (c) => c.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('into_id', 'text', (c) => c.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('by_id', 'text')
    .addColumn('by_name', 'text', (c) => c.notNull())
    .addColumn('moved', 'text', (c) => c.notNull())
    .addColumn('overwritten', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('undone_at', ts)
    .execute();
  await db.schema.createIndex('lead_merges_merged').on('lead_merges').columns(['merged_id', 'created_at']).execute();
  await db.schema.createIndex('lead_merges_into').on('lead_merges').column('into_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('lead_merges').execute();
}
