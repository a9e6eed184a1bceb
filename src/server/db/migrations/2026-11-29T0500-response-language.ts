import type { Kysely } from 'kysely';

/**
 * Issue 27: the language a survey was answered in ('en' or 'hi'), so /result, the confirmation and
 * resume e-mails follow it; staff still read answers in the survey's default language.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('survey_responses')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('survey_responses').dropColumn('language').execute();
}
