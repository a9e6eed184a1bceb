import type { Kysely } from 'kysely';

/**
 * The language a site visit was booked in ('en' or 'hi', the page's), so the visitor's
 * invitation, updates and reminders follow it; staff mails stay English.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('visits')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('visits').dropColumn('language').execute();
}
