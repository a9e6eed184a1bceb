import { z } from 'zod';

/**
 * "Import a spreadsheet": staff bring leads kept elsewhere (a portal's export, a sheet kept
 * by hand) as an .xlsx or .csv. The server guesses which column holds what; staff may change it, see
 * a dry run, then import. Rows are numbered as the spreadsheet shows them (the header is row 1).
 */

export const IMPORT_FIELDS = [
  'name',
  'firstName',
  'lastName',
  'email',
  'phone',
  'locality',
  'project',
  'budget',
  'source',
  'receivedAt',
  'message',
  'externalId',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  name: 'Name',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail',
  phone: 'Phone',
  locality: 'City / locality',
  project: 'Project / property',
  budget: 'Budget',
  source: 'Source',
  receivedAt: 'Date received',
  message: 'Message / remarks',
  externalId: 'External id',
};

/** Column header (as in the file) → field; a header not named is not imported. */
export type ImportMapping = Partial<Record<string, ImportField>>;

export const IMPORT_LIMITS = { maxBytes: 10 * 1024 * 1024, maxRows: 50_000, sampleRows: 5, undoDays: 7 } as const;

export const IMPORT_MESSAGES = {
  notSpreadsheet: 'This file is not a spreadsheet: please choose an .xlsx or .csv file.',
  empty: 'This spreadsheet is empty: it needs a header row and at least one row of leads.',
  noContactColumn: 'No column of this spreadsheet holds an e-mail or a phone: name one in the mapping.',
  tooManyRows: `A spreadsheet can have at most ${IMPORT_LIMITS.maxRows.toLocaleString('en-US')} rows of leads: please split it.`,
  tooLarge: `A spreadsheet can be at most ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB.`,
  fileRequired: 'Please choose a spreadsheet (.xlsx or .csv).',
  notMultipart: 'Please send the spreadsheet as a multipart form with a `file`.',
  mappingInvalid: `The mapping is a JSON object of column → one of: ${IMPORT_FIELDS.join(', ')}.`,
  mappingUnknownColumn: 'The mapping names a column this spreadsheet does not have.',
  dryRunInvalid: 'dryRun is true or false.',
  notFound: 'This import does not exist.',
  undoExpired: `An import can be undone within ${IMPORT_LIMITS.undoDays} days only.`,
  alreadyUndone: 'This import was already undone.',
  undone: 'Import undone.',
  importIdInvalid: 'importId is 8 to 64 letters, digits, - or _.',
  importIdTaken: 'An import with this importId exists already.',
} as const;

export const importCellError = z.object({ row: z.number().int(), message: z.string() });
export type ImportRowError = z.infer<typeof importCellError>;

export const importColumn = z.object({ header: z.string(), field: z.enum(IMPORT_FIELDS).nullable() });

export const importPreview = z.object({
  willCreate: z.number().int(),
  willUpdate: z.number().int(),
  skipped: z.number().int(),
  errors: z.array(importCellError),
  columns: z.array(importColumn),
  /** The first rows as the file shows them (cells as text), header excluded. */
  sample: z.array(z.array(z.string())),
});
export type ImportPreview = z.infer<typeof importPreview>;

export const importResult = z.object({
  importId: z.string(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  errors: z.array(importCellError),
});
export type ImportResult = z.infer<typeof importResult>;

export const importListItem = z.object({
  _id: z.string(),
  fileName: z.string(),
  byName: z.string(),
  createdAt: z.string(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  undoneAt: z.string().nullable(),
  /** Until when it can be undone (null once undone). */
  undoUntil: z.string().nullable(),
});
export const importList = z.object({ items: z.array(importListItem) });
export type ImportList = z.infer<typeof importList>;

export const importUndone = z.object({
  message: z.string(),
  removed: z.number().int(),
  restored: z.number().int(),
  /** Leads staff changed since the import: kept as they are. */
  kept: z.array(z.object({ leadId: z.string(), row: z.number().int(), reason: z.string() })),
});
export type ImportUndone = z.infer<typeof importUndone>;

/**
 * GET /api/leads/imports/:id: how far an import is. While its POST runs: `reading` the file (rows
 * read so far, total not known yet), then `importing` (rows done of all rows, skipped ones counted
 * as done); then `done`; `failed` when it was refused or undone by an error (nothing written).
 */
export const importProgress = z.object({
  status: z.enum(['reading', 'importing', 'done', 'failed']),
  processed: z.number().int(),
  total: z.number().int().nullable(),
});
export type ImportProgress = z.infer<typeof importProgress>;

/** How many names an import's "assigned to you" mail lists before "and N more". */
export const IMPORT_ASSIGNED_NAMES = 3;

/** The payload of an import's one mail per assignee (decision 0057): the file, how many leads, the first few names. */
export interface ImportAssignedPayload {
  importId: string;
  fileName: string;
  count: number;
  names: string[];
}
