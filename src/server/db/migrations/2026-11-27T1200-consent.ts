import type { Kysely } from 'kysely';
import { booleanType, timestampType } from './types';

/**
 * Consent: every version of each notice text (old ones kept), what each person was
 * shown and agreed to, and who unsubscribed (by e-mail in lower case).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('consent_notices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .addUniqueConstraint('consent_notices_purpose_version', ['purpose', 'version'])
    .execute();

  await db.schema
    .createTable('consents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('lead_id', 'text', (c) => c.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('record_id', 'text')
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('notice_purpose', 'text', (c) => c.notNull())
    .addColumn('notice_version', 'integer', (c) => c.notNull())
    .addColumn('notice_hash', 'text', (c) => c.notNull())
    .addColumn('granted', booleanType(db), (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .execute();
  await db.schema.createIndex('consents_purpose_lead').on('consents').columns(['purpose', 'lead_id', 'created_at']).execute();
  await db.schema.createIndex('consents_lead').on('consents').columns(['lead_id']).execute();

  await db.schema
    .createTable('unsubscribes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('lead_id', 'text', (c) => c.references('leads.id').onDelete('set null'))
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .execute();
  await db.schema.createIndex('unsubscribes_email_key').on('unsubscribes').columns(['email_key', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('unsubscribes').execute();
  await db.schema.dropTable('consents').execute();
  await db.schema.dropTable('consent_notices').execute();
}
