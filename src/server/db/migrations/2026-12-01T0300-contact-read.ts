import { sql, type Kysely } from 'kysely';
import { timestampType } from './types';

/**
 * Decision 0028: a contact message is read once a staff member has opened it (`read_at`, the first
 * opening). The messages already here are taken as read when they came: the studio has read them in
 * the table all along, and the dashboard's "unread" figure starts from the next message. A partial
 * index keeps that figure one cheap count on both databases.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contact_messages').addColumn('read_at', timestampType(db)).execute();
  await db
    .updateTable('contact_messages')
    .set({ read_at: sql`created_at` })
    .execute();
  await db.schema.createIndex('contact_messages_unread').on('contact_messages').columns(['created_at', 'id']).where(sql.ref('read_at'), 'is', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('contact_messages_unread').execute();
  await db.schema.alterTable('contact_messages').dropColumn('read_at').execute();
}
