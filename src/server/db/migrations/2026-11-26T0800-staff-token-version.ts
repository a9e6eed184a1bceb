import type { Kysely } from 'kysely';

/**
 * Every staff token carries the version of its account's credentials; changing
 * the password raises it, so every token issued before is refused at once, on every instance.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('staff_users')
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('staff_users').dropColumn('token_version').execute();
}
