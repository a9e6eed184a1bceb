import { isApiErrorBody } from '#shared/api-error';
import { IMPORTS_API, IMPORTS_ROUTES } from '#shared/imports/imports.api';
import type { ImportMapping, ImportResult } from '#shared/imports/imports.contract';
import { api, ApiError } from '#web/lib/api-client';
import { getToken } from '#web/lib/auth-token';

/** Spreadsheets of leads (staff). */
function importForm(file: File, fields: { dryRun: boolean; mapping?: ImportMapping | undefined; importId?: string }): FormData {
  const form = new FormData();
  form.append('dryRun', String(fields.dryRun));
  if (fields.mapping) form.append('mapping', JSON.stringify(fields.mapping));
  if (fields.importId) form.append('importId', fields.importId);
  form.append('file', file, file.name);
  return form;
}

export const fetchImports = () => api.call(IMPORTS_ROUTES.list);
export const previewImport = (file: File, mapping?: ImportMapping) => api.call(IMPORTS_ROUTES.preview, { body: importForm(file, { dryRun: true, mapping }) });
export const fetchImportProgress = (id: string) => api.call(IMPORTS_ROUTES.progress, { params: [id] });
export const undoImport = (id: string) => api.call(IMPORTS_ROUTES.undo, { params: [id] });

/**
 * The import itself, through XMLHttpRequest: its upload events give the upload's progress (fetch
 * gives none). The server then imports while the call waits; its progress is read meanwhile under
 * `importId` (fetchImportProgress).
 */
export function runImport(file: File, mapping: ImportMapping | undefined, importId: string, onUploaded: (fraction: number) => void): Promise<ImportResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', IMPORTS_API.imports);
    const token = getToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.addEventListener('progress', (e) => {
      if (e.lengthComputable && e.total > 0) onUploaded(e.loaded / e.total);
    });
    xhr.upload.addEventListener('load', () => onUploaded(1));
    xhr.addEventListener('load', () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as ImportResult);
      else if (isApiErrorBody(body)) reject(new ApiError(xhr.status, body.message, body.errors ?? [], body.code));
      else reject(new ApiError(xhr.status, `The server answered ${xhr.status}. Please try again.`));
    });
    xhr.addEventListener('error', () => reject(new ApiError(0, 'Could not reach the server. Check your connection and try again.')));
    xhr.send(importForm(file, { dryRun: false, mapping, importId }));
  });
}
