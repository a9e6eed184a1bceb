import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '#server/db/schema';
import type { ContactMessagesTable } from './contact.tables';

export async function insertContactMessage(db: Kysely<Database> | Transaction<Database>, row: Insertable<ContactMessagesTable>): Promise<void> {
  await db.insertInto('contactMessages').values(row).execute();
}

/** A person's messages, oldest first (the lead's page). */
export function contactMessagesOfLead(db: Kysely<Database>, leadId: string) {
  return db
    .selectFrom('contactMessages')
    .select(['id', 'requestQuotation', 'message', 'createdAt', 'phone', 'listingKind', 'listingId', 'listingName', 'topic'])
    .where('leadId', '=', leadId)
    .orderBy('createdAt')
    .execute();
}

/** Newest first; ids are time-ordered (UUIDv7), so they break ties within one timestamp. */
export function listContactMessages(db: Kysely<Database>) {
  return db.selectFrom('contactMessages').selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
}

/** One message, as the notifications read it. */
export function findContactMessage(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('contactMessages')
    .select([
      'firstname',
      'lastname',
      'requestQuotation',
      'message',
      'createdAt',
      'phone',
      'listingKind',
      'listingId',
      'listingName',
      'topic',
      'channelId',
      'utm',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The messages no staff member has opened, newest first (decision 0028; the partial index contact_messages_unread). */
export function unreadMessageIds(db: Kysely<Database>) {
  return db.selectFrom('contactMessages').select('id').where('readAt', 'is', null).orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
}

export async function countUnreadMessages(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('contactMessages')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('readAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Marks the message read at `at` unless it already is (the first opening stays); its reading, or undefined when there is no such message. */
export async function markMessageRead(db: Kysely<Database>, id: string, at: Date) {
  await db.updateTable('contactMessages').set({ readAt: at }).where('id', '=', id).where('readAt', 'is', null).execute();
  return db.selectFrom('contactMessages').select(['id', 'readAt']).where('id', '=', id).executeTakeFirst();
}

// Personal data (contact/personal-data.ts) -------------------------------------------------------

/** Every column of a person's messages, the oldest first (the access export). */
export function messageRowsOfLead(db: Kysely<Database>, leadId: string) {
  return db.selectFrom('contactMessages').selectAll().where('leadId', '=', leadId).orderBy('createdAt').execute();
}

export async function deleteMessagesOfLead(db: Kysely<Database>, leadId: string): Promise<void> {
  await db.deleteFrom('contactMessages').where('leadId', '=', leadId).execute();
}
