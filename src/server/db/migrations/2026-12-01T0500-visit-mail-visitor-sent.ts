import type { Kysely } from 'kysely';
import { timestampType } from './types';

/**
 * A visit mail is two mails (the visitor's, then staff's): when the visitor's went and staff's did not,
 * the retry sends staff's only. `visitor_sent_at` says the visitor's part is done.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('visit_mails').addColumn('visitor_sent_at', timestampType(db)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('visit_mails').dropColumn('visitor_sent_at').execute();
}
