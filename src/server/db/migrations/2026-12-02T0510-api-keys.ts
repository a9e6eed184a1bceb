import type { Kysely } from 'kysely';
import { timestampType } from './types';

/**
 * Leads by API (decision 0037): the studio's API keys (the SHA-256 of each key, never the key) and each
 * lead a portal sent, by (source, externalId): the same pair again is answered from here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('last_used_at', ts)
    .addColumn('revoked_at', ts)
    .execute();
  await db.schema
    .createTable('inbound_leads')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('external_id', 'text', (c) => c.notNull())
    .addColumn('body_hash', 'text', (c) => c.notNull())
    .addColumn('lead_id', 'text', (c) => c.notNull())
    .addColumn('created', 'integer', (c) => c.notNull())
    .addColumn('api_key_id', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('inbound_leads_pk', ['source', 'external_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('inbound_leads').execute();
  await db.schema.dropTable('api_keys').execute();
}
