import type { Kysely } from 'kysely';
import { timestampType } from './types';

export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('notification_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('lead_id', 'text')
    .addColumn('payload', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('fanned_out_at', ts)
    .addColumn('locked_until', ts)
    .execute();
  await db.schema.createIndex('notification_events_pending').on('notification_events').columns(['fanned_out_at', 'created_at']).execute();

  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('notification_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('notification_events.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('endpoint_id', 'text', (c) => c.references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', ts, (c) => c.notNull())
    .addColumn('locked_until', ts)
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('delivered_at', ts)
    .execute();
  await db.schema.createIndex('notification_deliveries_due').on('notification_deliveries').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('notification_deliveries_endpoint').on('notification_deliveries').columns(['endpoint_id', 'created_at']).execute();
  await db.schema.createIndex('notification_deliveries_event').on('notification_deliveries').columns(['event_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notification_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
  await db.schema.dropTable('notification_events').execute();
}
