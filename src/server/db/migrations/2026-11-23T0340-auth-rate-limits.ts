import type { Kysely } from 'kysely';

/**
 * Attempt counters for rate-limiter-flexible's SQLite and PostgreSQL stores (their own table
 * layout: key, points, expire in epoch ms). They replace the log of failed logins, which was read
 * and then written, so concurrent guesses all passed the check before any was recorded.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expire', 'bigint')
    .execute();
  await db.schema.dropTable('login_failures').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('throttle_key', 'text', (c) => c.notNull())
    .addColumn('failed_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failures_key_time').on('login_failures').columns(['throttle_key', 'failed_at']).execute();
  await db.schema.dropTable('rate_limits').execute();
}
