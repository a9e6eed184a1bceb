import type { Kysely } from 'kysely';

/**
 * Survey files have a storage quota: per record, per sender address per day and
 * in all. `uploader` is a hash of the sender's address (never the address itself), so a day's
 * uploads from one address can be added up; rows from before have none and count only in the other
 * two limits.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('survey_files').addColumn('uploader', 'text').execute();
  await db.schema.createIndex('survey_files_uploader_created').on('survey_files').columns(['uploader', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('survey_files_uploader_created').execute();
  await db.schema.alterTable('survey_files').dropColumn('uploader').execute();
}
