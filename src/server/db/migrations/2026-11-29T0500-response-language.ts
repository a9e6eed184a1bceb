import type { Kysely } from 'kysely';

/**
 * The language a survey is answered in ('en' or 'hi'), on the stored response and on the
 * answers kept as the visitor goes, so the confirmation and resume e-mails follow it; staff still read answers in the survey's default language.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('survey_responses')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
  await db.schema
    .alterTable('survey_progress')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('survey_progress').dropColumn('language').execute();
  await db.schema.alterTable('survey_responses').dropColumn('language').execute();
}
