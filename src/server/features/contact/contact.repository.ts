import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '#server/db/schema';
import type { ContactMessagesTable } from './contact.tables';

export async function insertContactMessage(db: Kysely<Database> | Transaction<Database>, row: Insertable<ContactMessagesTable>): Promise<void> {
  await db.insertInto('contactMessages').values(row).execute();
}

/** A person's messages, oldest first (the lead's page). */
export function contactMessagesOfLead(db: Kysely<Database>, leadId: string) {
  return db.selectFrom('contactMessages').select(['id', 'requestQuotation', 'message', 'createdAt', 'phone', 'listingKind', 'listingId', 'listingName', 'topic']).where('leadId', '=', leadId).orderBy('createdAt').execute();
}

/** Newest first; ids are time-ordered (UUIDv7), so they break ties within one timestamp. */
export function listContactMessages(db: Kysely<Database>) {
  return db.selectFrom('contactMessages').selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
}

/** One message, as the notifications read it. */
export function findContactMessage(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('contactMessages')
    .select(['firstname', 'lastname', 'requestQuotation', 'message', 'createdAt', 'phone', 'listingKind', 'listingId', 'listingName', 'topic'])
    .where('id', '=', id)
    .executeTakeFirst();
}
