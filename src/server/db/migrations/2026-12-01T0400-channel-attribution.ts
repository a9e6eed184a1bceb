import type { Kysely } from 'kysely';

/**
 * Where a visitor came from (README "Channels"): the e-mail record and the response each keep the
 * UTM values (JSON text: source, medium, campaign, content, term; null: none) and the referrer's
 * host; the response also names its channel (the e-mail record got channel_id with the channels).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('email_records').addColumn('utm', 'text').execute();
  await db.schema.alterTable('email_records').addColumn('referrer_host', 'text').execute();
  await db.schema.alterTable('survey_responses').addColumn('channel_id', 'text').execute();
  await db.schema.alterTable('survey_responses').addColumn('utm', 'text').execute();
  await db.schema.alterTable('survey_responses').addColumn('referrer_host', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('survey_responses').dropColumn('referrer_host').execute();
  await db.schema.alterTable('survey_responses').dropColumn('utm').execute();
  await db.schema.alterTable('survey_responses').dropColumn('channel_id').execute();
  await db.schema.alterTable('email_records').dropColumn('referrer_host').execute();
  await db.schema.alterTable('email_records').dropColumn('utm').execute();
}
