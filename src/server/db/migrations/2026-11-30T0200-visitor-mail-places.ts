import type { Kysely } from 'kysely';
import { timestampType } from './types';

/**
 * Decision 0014 (amended): every visitor mail counts toward the hourly limits, not only the outbox's.
 * `visitor_mail_log` keeps one row per visitor mail sent outside the outbox (site visits, privacy
 * requests): keyed hashes of the recipient and of the client address, never either itself. Site
 * visits keep who asked (`visits.sender`: seats per client address; `visit_mails.sender`: whose
 * request caused the mail), the same keyed hash as `notification_events.sender`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('visitor_mail_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('sender', 'text')
    .addColumn('sent_at', timestampType(db), (c) => c.notNull())
    .execute();
  await db.schema.createIndex('visitor_mail_log_sent').on('visitor_mail_log').columns(['sent_at']).execute();
  await db.schema.alterTable('visits').addColumn('sender', 'text').execute();
  await db.schema.createIndex('visits_sender_created').on('visits').columns(['sender', 'created_at']).execute();
  await db.schema.alterTable('visit_mails').addColumn('sender', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('visit_mails').dropColumn('sender').execute();
  await db.schema.dropIndex('visits_sender_created').execute();
  await db.schema.alterTable('visits').dropColumn('sender').execute();
  await db.schema.dropTable('visitor_mail_log').execute();
}
