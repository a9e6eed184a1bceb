import type { ContentTables } from './content-version.tables';

/**
 * The database as Kysely sees it. db/ knows only its own table (the content version); the features'
 * tables are added by the composition root (src/server/schema.ts), which augments this interface, so
 * db/ imports no feature while every module still sees one typed database.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Database extends ContentTables {}
