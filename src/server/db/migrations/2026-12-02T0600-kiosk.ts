import type { Kysely } from 'kysely';
import { timestampType } from './types';

/**
 * Expo tablets: a kiosk channel's paired devices (the key kept only as its SHA-256), the
 * answers they sent, once per the id the tablet made (the primary key settles two sends at once),
 * and the later answers that came under an id already used with other contents (kept for staff).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('kiosk_devices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('last_sync_at', ts)
    .addColumn('revoked_at', ts)
    .execute();
  await db.schema.createIndex('kiosk_devices_channel').on('kiosk_devices').column('channel_id').execute();
  await db.schema
    .createTable('kiosk_responses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text')
    .addColumn('body_hash', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('answered_at', ts, (c) => c.notNull())
    .addColumn('received_at', ts, (c) => c.notNull())
    .addColumn('via', 'text', (c) => c.notNull())
    .addColumn('lead_id', 'text')
    .addColumn('response_id', 'text')
    .execute();
  await db.schema.createIndex('kiosk_responses_device').on('kiosk_responses').column('device_id').execute();
  await db.schema.createIndex('kiosk_responses_lead').on('kiosk_responses').column('lead_id').execute();
  await db.schema
    .createTable('kiosk_conflicts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('response_id', 'text', (c) => c.notNull().references('kiosk_responses.id').onDelete('cascade'))
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text')
    .addColumn('body_hash', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('received_at', ts, (c) => c.notNull())
    .addColumn('via', 'text', (c) => c.notNull())
    .addUniqueConstraint('kiosk_conflicts_once', ['response_id', 'body_hash'])
    .execute();
  await db.schema.createIndex('kiosk_conflicts_channel').on('kiosk_conflicts').column('channel_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('kiosk_conflicts').execute();
  await db.schema.dropTable('kiosk_responses').execute();
  await db.schema.dropTable('kiosk_devices').execute();
}
