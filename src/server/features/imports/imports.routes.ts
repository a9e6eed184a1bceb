import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMPORT_LIMITS, IMPORT_MESSAGES, importList, importPreview, importProgress, importResult, importUndone } from '#shared/imports/imports.contract';
import { IMPORTS_API } from '#shared/imports/imports.api';
import { badRequest } from '#server/lib/errors';
import { readMultipartForm } from '#server/lib/multipart-form';
import { checkImportId, importProgress as progressOf, listImports, parseMapping, previewImport, runImport, undoImport } from './imports.service';

const idParams = z.object({ id: z.string().min(1).max(100) });

/** "Import a spreadsheet": the dry run, the import, the list and the undo (staff). */
export async function importRoutes(app: FastifyInstance, { now }: { now: () => Date }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['leads'];

  r.post(
    IMPORTS_API.imports,
    {
      config: { access: 'staff' },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description:
          'Imports leads from an .xlsx or .csv (UTF-8 or UTF-16, comma or semicolon; up to 10 MB and 50,000 rows): multipart `file`, optional `mapping` (JSON: column header → field), `dryRun` (true: the preview only) and `importId` (optional, 8–64 letters, digits, - or _: the id the import gets, so `GET /api/leads/imports/:id` can follow its progress while this call runs). Rows are numbered as the spreadsheet shows them (the header is row 1).',
        response: { 200: importPreview, 201: importResult },
      },
    },
    async (request, reply) => {
      const form = await readMultipartForm(request, {
        notMultipart: IMPORT_MESSAGES.notMultipart,
        tooLarge: IMPORT_MESSAGES.tooLarge,
        limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1, fields: 5, parts: 6 },
      });
      const dryRunText = form.fields.dryRun ?? 'true';
      if (dryRunText !== 'true' && dryRunText !== 'false')
        throw badRequest(IMPORT_MESSAGES.dryRunInvalid, [{ field: 'dryRun', message: IMPORT_MESSAGES.dryRunInvalid }]);
      if (!form.file) throw badRequest(IMPORT_MESSAGES.fileRequired, [{ field: 'file', message: IMPORT_MESSAGES.fileRequired }]);
      const mapping = parseMapping(form.fields.mapping);
      const file = { bytes: form.file.bytes, fileName: form.file.filename };
      if (dryRunText === 'true') return reply.status(200).send(await previewImport(app.db, file, mapping));
      const importId = await checkImportId(app.db, form.fields.importId);
      return reply.status(201).send(await runImport(app.db, file, mapping, request.staff!, now(), importId));
    },
  );

  r.get(IMPORTS_API.imports, { config: { access: 'staff' }, schema: { tags, response: { 200: importList } } }, () => listImports(app.db));

  r.get(
    IMPORTS_API.one.pattern,
    {
      config: { access: 'staff' },
      schema: {
        tags,
        description: "An import's progress: while its POST runs (`reading`, then `importing` with rows done of all rows), then `done`.",
        params: idParams,
        response: { 200: importProgress },
      },
    },
    (request) => progressOf(app.db, request.params.id),
  );

  r.delete(IMPORTS_API.one.pattern, { config: { access: 'staff' }, schema: { tags, params: idParams, response: { 200: importUndone } } }, (request) =>
    undoImport(app.db, request.params.id, request.staff!, now()),
  );
}
