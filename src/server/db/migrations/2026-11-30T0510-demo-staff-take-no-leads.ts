import { sql, type Kysely } from 'kysely';

/** The demo colleagues a first start adds (seed-leads.ts): made-up people at example.com. */
const DEMO_STAFF = ['neha.kulkarni@example.com', 'arjun.pillai@example.com'];

/**
 * The demo colleagues take no leads: once the site is live, a real visitor's lead must never go to a
 * made-up person by turn. A data folder seeded before keeps them (with their demo leads) but out of
 * the round-robin; an owner can still change that on /dashboard/staff. `(1 = 0)` is false on both
 * databases (a boolean on PostgreSQL, 0 on SQLite).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update staff_users set takes_leads = (1 = 0) where email in (${sql.join(DEMO_STAFF)})`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update staff_users set takes_leads = (1 = 1) where email in (${sql.join(DEMO_STAFF)})`.execute(db);
}
