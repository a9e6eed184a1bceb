import type { Kysely } from 'kysely';
import { timestampType } from './types';

/**
 * Answers kept as the visitor goes. `survey_progress` holds the latest answers of an
 * e-mail record that has not finished (the last write wins; removed when the response is stored).
 * `survey_resume_tokens` holds the SHA-256 of each resume token, never the token itself: the
 * browser that started keeps one, and each "continue" e-mail carries another.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('survey_progress')
    .addColumn('email_record_id', 'text', (c) => c.primaryKey().references('email_records.id').onDelete('cascade'))
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('answer', 'text', (c) => c.notNull())
    // Zero-based index of the page the visitor is on, and of the furthest page they reached.
    .addColumn('page', 'integer', (c) => c.notNull())
    .addColumn('furthest_page', 'integer', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('survey_progress_campaign_updated').on('survey_progress').columns(['campaign_id', 'updated_at']).execute();

  await db.schema
    .createTable('survey_resume_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('email_record_id', 'text', (c) => c.notNull().references('email_records.id').onDelete('cascade'))
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('survey_resume_tokens_email_record').on('survey_resume_tokens').column('email_record_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('survey_resume_tokens').execute();
  await db.schema.dropTable('survey_progress').execute();
}
