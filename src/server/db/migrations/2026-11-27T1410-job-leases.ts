import type { Kysely } from 'kysely';
import { timestampType } from './types';

/**
 * A daily job that runs on one instance at a time. A row per job: the instance that
 * holds it, until when, and when it is next due; taking it is one conditional UPDATE.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text')
    .addColumn('locked_until', timestampType(db), (c) => c.notNull())
    .addColumn('next_run_at', timestampType(db), (c) => c.notNull())
    .execute();
  const epoch = timestampType(db) === 'text' ? new Date(0).toISOString() : new Date(0);
  await db.insertInto('job_leases').values({ name: 'retention', holder: null, locked_until: epoch, next_run_at: epoch }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_leases').execute();
}
