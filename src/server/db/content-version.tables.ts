/**
 * The table db/ owns: the content version, one row, increased by every staff write
 * (src/server/lib/content-cache.ts). Declared apart from content-version.ts, which reads and writes
 * it, so that db/schema.ts takes the type without importing the module that uses the database.
 */
export interface ContentTables {
  contentVersion: { id: number; version: number | string | bigint };
}
