import type { Kysely } from 'kysely';
import { booleanType } from './types';

/**
 * Issue 24 §3: staff accounts carry a role (`owner` or `staff`) and an `active` flag. Everyone
 * who had an account before roles existed ran the studio: they become owners.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('staff_users').addColumn('role', 'varchar(16)', (c) => c.notNull().defaultTo('owner')).execute();
  await db.schema.alterTable('staff_users').addColumn('active', booleanType(db), (c) => c.notNull().defaultTo(true)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('staff_users').dropColumn('active').execute();
  await db.schema.alterTable('staff_users').dropColumn('role').execute();
}
