import type { Kysely } from 'kysely';

/**
 * Where a contact message's sender came from (README "Channels", decision 0033): the channel
 * (null: none), the UTM values (JSON text; null: none) and the referrer's host, as the e-mail
 * record and the response keep them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contact_messages').addColumn('channel_id', 'text').execute();
  await db.schema.alterTable('contact_messages').addColumn('utm', 'text').execute();
  await db.schema.alterTable('contact_messages').addColumn('referrer_host', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contact_messages').dropColumn('referrer_host').execute();
  await db.schema.alterTable('contact_messages').dropColumn('utm').execute();
  await db.schema.alterTable('contact_messages').dropColumn('channel_id').execute();
}
