import type { Kysely } from 'kysely';

/**
 * Two columns:
 * - `leads.origin`: the system a lead first came from by API (the call's `source`, e.g. "99acres"),
 *   shown in the inbox and on the lead; null for leads that came through Abode's own pages.
 * - `privacy_requests.confirmed_by`: the staff member who confirmed a request made by phone (a
 *   lead known by phone only can be sent no link); null when the person confirmed from the mailed link.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('leads').addColumn('origin', 'text').execute();
  await db.schema.alterTable('privacy_requests').addColumn('confirmed_by', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('privacy_requests').dropColumn('confirmed_by').execute();
  await db.schema.alterTable('leads').dropColumn('origin').execute();
}
