import type { Kysely } from 'kysely';

/**
 * A one-time link to set a password (reset or invitation) is bound to the password the account had
 * when the link was made: the SHA-256 of its hash. Once the password changes, by any means, the link
 * no longer works. Links made before this column have none, and no longer work either (a new one is
 * one "Forgot password?" away).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('password_reset_tokens').addColumn('password_fingerprint', 'varchar(64)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('password_reset_tokens').dropColumn('password_fingerprint').execute();
}
