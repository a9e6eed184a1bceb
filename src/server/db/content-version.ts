import { sql, type Kysely } from 'kysely';
import { prepared } from './prepared';
import type { Database } from './schema';

// The content version (its table: content-version.tables.ts), increased by every staff write (src/server/lib/content-cache.ts).

/** The current content version (one primary-key read). */
const contentVersionQuery = prepared<Record<string, never>>()((db) => db.selectFrom('contentVersion').select('version').where('id', '=', 1));

export async function readContentVersion(db: Kysely<Database>): Promise<number> {
  const row = await contentVersionQuery.first(db, {});
  if (!row) throw new Error('content_version has no row');
  return Number(row.version);
}

/** Increases the content version in one statement (atomic on both databases); returns the new one. */
export async function bumpContentVersion(db: Kysely<Database>): Promise<number> {
  const row = await db
    .updateTable('contentVersion')
    .set({ version: sql`version + 1` })
    .where('id', '=', 1)
    .returning('version')
    .executeTakeFirstOrThrow();
  return Number(row.version);
}
