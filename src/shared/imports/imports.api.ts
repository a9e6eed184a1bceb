import { apiPath } from '../api-path';
import { route } from '../api-route';
import type { importList, importPreview, importProgress, importResult, importUndone } from './imports.contract';

/** Importing leads from a spreadsheet; staff only. */
export const IMPORTS_API = {
  /** POST: multipart `file`, `mapping` (JSON, optional), `dryRun` (true|false) → preview or result; GET: the imports. */
  imports: '/api/leads/imports',
  /** GET: the import's progress (while its POST runs, then its figures); DELETE: undoes an import within 7 days. */
  one: apiPath('/api/leads/imports/:id'),
} as const;

export const IMPORTS_ROUTES = {
  list: route<typeof importList>('GET', IMPORTS_API.imports),
  preview: route<typeof importPreview>('POST', IMPORTS_API.imports),
  run: route<typeof importResult>('POST', IMPORTS_API.imports),
  progress: route<typeof importProgress>('GET', IMPORTS_API.one),
  undo: route<typeof importUndone>('DELETE', IMPORTS_API.one),
};
