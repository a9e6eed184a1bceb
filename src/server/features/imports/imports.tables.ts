import type { ColumnType } from 'kysely';
import type { Flag, Timestamp } from '#server/db/column-types';

export interface LeadImportsTable {
  id: string;
  fileName: string;
  byId: string | null;
  byName: string;
  createdAt: Timestamp;
  created: number;
  updated: number;
  skipped: number;
  undoneAt: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
}

export interface LeadImportRowsTable {
  importId: string;
  row: number;
  leadId: string;
  created: Flag;
  /** JSON { name?, phone? }: what the import filled on an existing lead (it fills only empty fields). */
  filled: string | null;
  /** JSON of the row's other values (project, locality, budget, message, source, external id). */
  details: string | null;
}

export interface ImportTables {
  leadImports: LeadImportsTable;
  leadImportRows: LeadImportRowsTable;
}
