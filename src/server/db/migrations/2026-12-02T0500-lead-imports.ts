import type { Kysely } from 'kysely';
import { booleanType, timestampType } from './types';

/**
 * Lead imports (decision 0037): each import (who, which file, its figures, when undone) and each
 * row it wrote to a lead: created or updated, and what it changed (for the undo within 7 days).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  const bool = booleanType(db);
  await db.schema
    .createTable('lead_imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('by_id', 'text')
    .addColumn('by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('created', 'integer', (c) => c.notNull())
    .addColumn('updated', 'integer', (c) => c.notNull())
    .addColumn('skipped', 'integer', (c) => c.notNull())
    .addColumn('undone_at', ts)
    .execute();
  await db.schema
    .createTable('lead_import_rows')
    .addColumn('import_id', 'text', (c) => c.notNull().references('lead_imports.id').onDelete('cascade'))
    .addColumn('row', 'integer', (c) => c.notNull())
    .addColumn('lead_id', 'text', (c) => c.notNull())
    .addColumn('created', bool, (c) => c.notNull())
    /** The fields the import filled on an existing lead, as JSON { field: value it set }. */
    .addColumn('filled', 'text')
    .addColumn('details', 'text')
    .addPrimaryKeyConstraint('lead_import_rows_pk', ['import_id', 'row'])
    .execute();
  await db.schema.createIndex('lead_import_rows_lead').on('lead_import_rows').column('lead_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('lead_import_rows').execute();
  await db.schema.dropTable('lead_imports').execute();
}
