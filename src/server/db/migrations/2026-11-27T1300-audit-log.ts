import type { Kysely } from 'kysely';
import { timestampType } from './types';

/**
 * The audit log. One row per staff action that changed data (or exported personal
 * data), written in the transaction of the change. Indexed for its filters: by time, by person,
 * by kind.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', timestampType(db), (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text')
    .addColumn('fields', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_log_actor_at').on('audit_log').columns(['actor_id', 'at', 'id']).execute();
  await db.schema.createIndex('audit_log_kind_at').on('audit_log').columns(['kind', 'at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
