import type { Kysely } from 'kysely';

/**
 * Visitor mail is limited per recipient and per sender address. `sender` is a
 * keyed hash of the address whose request caused the event (never the address itself); the index
 * finds the visitor mail sent in the last hour.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notification_events').addColumn('sender', 'text').execute();
  await db.schema.createIndex('notification_deliveries_channel_delivered').on('notification_deliveries').columns(['channel', 'delivered_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('notification_deliveries_channel_delivered').execute();
  await db.schema.alterTable('notification_events').dropColumn('sender').execute();
}
