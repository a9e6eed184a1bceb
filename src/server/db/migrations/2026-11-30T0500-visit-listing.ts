import type { Kysely } from 'kysely';

/**
 * A site visit booked from a home's page keeps that home: its id and its name as it was named when
 * the visit was booked (as a contact message keeps its listing, decision 0021), so the mails, the
 * invitation and the lead say which home the visit is about even after the listing changes or goes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('visits').addColumn('listingId', 'text').execute();
  await db.schema.alterTable('visits').addColumn('listingName', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('visits').dropColumn('listingName').execute();
  await db.schema.alterTable('visits').dropColumn('listingId').execute();
}
