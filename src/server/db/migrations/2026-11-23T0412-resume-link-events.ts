import type { Kysely } from 'kysely';

/**
 * "Continue" e-mails are throttled per e-mail record: asking again within a few minutes
 * sends nothing new. This finds a record's recent events without reading the whole outbox.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('notification_events_subject').on('notification_events').columns(['subject_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('notification_events_subject').execute();
}
