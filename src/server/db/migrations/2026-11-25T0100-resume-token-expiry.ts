import type { Kysely } from 'kysely';

/**
 * Resume tokens past their 30 days are deleted when a new one is issued: a visitor who
 * never comes back leaves no token behind for longer than it could be used. This finds them without
 * reading every token.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('survey_resume_tokens_expires').on('survey_resume_tokens').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('survey_resume_tokens_expires').execute();
}
