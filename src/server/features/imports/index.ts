/** Leads imported from a spreadsheet (the dry run, the import and its undo). */
export { importRoutes } from './imports.routes';
export type { ImportTables } from './imports.tables';
export { parseBudget } from './row-values';
