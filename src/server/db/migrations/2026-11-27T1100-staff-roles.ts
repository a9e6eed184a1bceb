import type { Kysely } from 'kysely';
import { booleanType, timestampType } from './types';

/**
 * Staff accounts carry a role (`owner` or `staff`) and an `active` flag. Everyone
 * who had an account before roles existed ran the studio: they become owners.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('staff_users')
    .addColumn('role', 'varchar(16)', (c) => c.notNull().defaultTo('owner'))
    .execute();
  await db.schema
    .alterTable('staff_users')
    .addColumn('active', booleanType(db), (c) => c.notNull().defaultTo(true))
    .execute();
  // One-time links to set a password: only the SHA-256 of the token is stored; used once, 24 hours.
  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('staff_id', 'text', (c) => c.notNull().references('staff_users.id').onDelete('cascade'))
    .addColumn('expires_at', timestampType(db), (c) => c.notNull())
    .addColumn('used_at', timestampType(db))
    .execute();
  await db.schema.createIndex('password_reset_tokens_staff').on('password_reset_tokens').column('staff_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('password_reset_tokens').execute();
  await db.schema.alterTable('staff_users').dropColumn('active').execute();
  await db.schema.alterTable('staff_users').dropColumn('role').execute();
}
