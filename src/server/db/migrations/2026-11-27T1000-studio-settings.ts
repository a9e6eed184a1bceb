import type { Kysely } from 'kysely';
import { timestampType } from './types';

/**
 * The studio's settings, one row (id 1) holding the whole settings object as JSON and
 * a version raised by every save. No row yet: the environment's values are in force.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('studio_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('updated_at', timestampType(db), (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('studio_settings').execute();
}
