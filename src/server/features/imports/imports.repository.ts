import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '#server/db/schema';
import type { LeadImportRowsTable, LeadImportsTable } from './imports.tables';

type Db = Kysely<Database>;
export type LeadImportRow = Selectable<LeadImportsTable>;

// The imports -----------------------------------------------------------------------------------

export function findImport(db: Db, id: string): Promise<LeadImportRow | undefined> {
  return db.selectFrom('leadImports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** An import's figures (what it created, added to and skipped). */
export function importFigures(db: Db, id: string): Promise<{ created: number; updated: number; skipped: number } | undefined> {
  return db.selectFrom('leadImports').select(['created', 'updated', 'skipped']).where('id', '=', id).executeTakeFirst();
}

export async function importIdTaken(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('leadImports').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** The 100 latest imports, the newest first. */
export function latestImports(db: Db): Promise<LeadImportRow[]> {
  return db.selectFrom('leadImports').selectAll().orderBy('createdAt', 'desc').limit(100).execute();
}

export async function insertImport(db: Db, row: Insertable<LeadImportsTable>): Promise<void> {
  await db.insertInto('leadImports').values(row).execute();
}

export async function setImportCounts(db: Db, id: string, counts: { created: number; updated: number }): Promise<void> {
  await db.updateTable('leadImports').set(counts).where('id', '=', id).execute();
}

/** Marks the import undone once: false when it was undone already. */
export async function markImportUndone(db: Db, id: string, at: Date): Promise<boolean> {
  const updated = await db.updateTable('leadImports').set({ undoneAt: at }).where('id', '=', id).where('undoneAt', 'is', null).executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

// The rows each import made or added to ---------------------------------------------------------

/** Rows written at most this many to a statement. */
const ROWS_PER_INSERT = 500;

export async function insertImportRows(db: Db, rows: ReadonlyArray<Insertable<LeadImportRowsTable>>): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
    await db
      .insertInto('leadImportRows')
      .values(rows.slice(i, i + ROWS_PER_INSERT))
      .execute();
}

/** The import's rows, in the file's order. */
export function rowsOfImport(db: Db, importId: string): Promise<Selectable<LeadImportRowsTable>[]> {
  return db.selectFrom('leadImportRows').selectAll().where('importId', '=', importId).orderBy('row').execute();
}

// Personal data (imports/personal-data.ts) -------------------------------------------------------

/** The rows that made or added to a person's lead, with their file's name and time, by import. */
export function importRowsOfLead(db: Db, leadId: string) {
  return db
    .selectFrom('leadImportRows')
    .innerJoin('leadImports', 'leadImports.id', 'leadImportRows.importId')
    .select(['leadImports.fileName', 'leadImports.createdAt', 'leadImportRows.row', 'leadImportRows.filled', 'leadImportRows.details'])
    .where('leadImportRows.leadId', '=', leadId)
    .orderBy('leadImports.createdAt')
    .execute();
}

export async function deleteImportRowsOfLead(db: Db, leadId: string): Promise<void> {
  await db.deleteFrom('leadImportRows').where('leadId', '=', leadId).execute();
}
