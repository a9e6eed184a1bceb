import type { Kysely } from 'kysely';

/**
 * One row whose number every staff write increases: each instance compares it with the number its
 * cached public content was made at (src/server/lib/content-cache.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('content_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('content_version').values({ id: 1, version: 0 }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('content_version').execute();
}
