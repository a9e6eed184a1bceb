import type { Kysely } from 'kysely';

/**
 * "Ask about this home" (decision 0021): a contact message may carry the visitor's phone (E.164), the
 * listing it is about and what the visitor wants (`question` or `site visit`). The listing is kept
 * as its kind, id and name at the time (no foreign key): the message outlives a rename or a deletion.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contact_messages').addColumn('phone', 'text').execute();
  await db.schema.alterTable('contact_messages').addColumn('listing_kind', 'text').execute();
  await db.schema.alterTable('contact_messages').addColumn('listing_id', 'text').execute();
  await db.schema.alterTable('contact_messages').addColumn('listing_name', 'text').execute();
  await db.schema.alterTable('contact_messages').addColumn('topic', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['topic', 'listing_name', 'listing_id', 'listing_kind', 'phone']) {
    await db.schema.alterTable('contact_messages').dropColumn(column).execute();
  }
}
