import type { Kysely } from 'kysely';
import { timestampType } from './types';

/**
 * A person's confirmed request for a copy of their data or its erasure. The row is
 * written when they confirm through the e-mailed link; it names their lead (null when the address
 * is unknown) and no address of its own.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('privacy_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('lead_id', 'text', (c) => c.references('leads.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .addColumn('confirmed_at', timestampType(db))
    .addColumn('closed_at', timestampType(db))
    .execute();
  await db.schema.createIndex('privacy_requests_status').on('privacy_requests').columns(['status', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('privacy_requests').execute();
}
