import type { Kysely } from 'kysely';
import { booleanType, timestampType } from './types';

/**
 * Assignment: each staff account says whether it takes new leads and whether its holder
 * is away; a lead keeps when it was given to its assignee; one row holds the round-robin's turn
 * (the last person given a lead), locked by the transaction that creates the next lead.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('staff_users')
    .addColumn('takes_leads', booleanType(db), (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema
    .alterTable('staff_users')
    .addColumn('away', booleanType(db), (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.alterTable('leads').addColumn('assigned_at', timestampType(db)).execute();
  await db.schema
    .createTable('lead_routing')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('last_staff_id', 'text')
    .addColumn('turns', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.insertInto('lead_routing').values({ id: 1, last_staff_id: null, turns: 0 }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('lead_routing').execute();
  await db.schema.alterTable('leads').dropColumn('assigned_at').execute();
  await db.schema.alterTable('staff_users').dropColumn('away').execute();
  await db.schema.alterTable('staff_users').dropColumn('takes_leads').execute();
}
