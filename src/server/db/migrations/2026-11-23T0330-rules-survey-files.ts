import type { Kysely } from 'kysely';
import { binaryType, timestampType } from './types';

/** Files a visitor attaches to a survey answer: the answer holds a reference, the bytes live here. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('survey_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('email_record_id', 'text', (c) => c.notNull().references('email_records.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('bytes', binaryType(db), (c) => c.notNull())
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .execute();
  await db.schema.createIndex('survey_files_email_record').on('survey_files').column('email_record_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('survey_files').execute();
}
