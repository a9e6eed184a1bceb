import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normaliseEmail } from '#shared/email';
import {
  SURVEY_FILE_MAX_BYTES,
  SURVEY_FILE_MESSAGES,
  SURVEY_FILES_API,
  surveyFileLinkSchema,
  surveyFilePreviewSchema,
  surveyFileUploadResultSchema,
} from '#shared/responses/survey-files.contract';
import { stripBidiControls } from '#shared/text-rules';
import { badRequest } from '#server/lib/errors';
import { readMultipartForm } from '#server/lib/multipart-form';
import * as files from './survey-files.service';

const idParams = z.object({ id: z.string().min(1).max(100) });

function sendFile(reply: FastifyReply, file: { fileName: string; contentType: string; bytes: Uint8Array }) {
  return (
    reply
      .type(file.contentType)
      .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(stripBidiControls(file.fileName))}`)
      // A visitor's file is shown as what its bytes are, never run as a page of this site.
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(file.bytes))
  );
}

export async function surveyFileRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['campaigns'];

  // Public: a visitor attaches a file to their answer (multipart: email, emailId, file).
  r.post(
    SURVEY_FILES_API.upload.pattern,
    { schema: { tags, params: idParams, response: { 201: surveyFileUploadResultSchema } }, config: { access: 'public', rateLimit: app.publicWriteRateLimit } },
    async (request, reply) => {
      const { fields, file } = await readMultipartForm(request, {
        notMultipart: 'Please send the file as a multipart form.',
        tooLarge: SURVEY_FILE_MESSAGES.tooLarge,
        limits: { fileSize: SURVEY_FILE_MAX_BYTES, files: 1, fields: 5 },
      });
      if (!file) throw badRequest(SURVEY_FILE_MESSAGES.missing, [{ field: 'file', message: SURVEY_FILE_MESSAGES.missing }]);
      const email = normaliseEmail(fields.email ?? '');
      const emailId = (fields.emailId ?? '').trim();
      const uploader = files.uploaderKey(app.config.jwtSecret, request.ip);
      // A transaction: the quota is checked and the file stored as one.
      const stored = await app.writes.run((db) =>
        files.storeSurveyFile(db, request.params.id, { email, emailId, fileName: file.filename, bytes: file.bytes, uploader }, app.config.surveyFileQuota),
      );
      return reply.status(201).send(stored);
    },
  );

  // Staff: the file an answer refers to (with the staff token), and a signed link to it that opens
  // in a new tab, from a spreadsheet or anywhere a token cannot be sent.
  r.get(SURVEY_FILES_API.file.pattern, { config: { access: 'staff' }, schema: { tags, params: idParams } }, async (request, reply) =>
    sendFile(reply, await files.readSurveyFile(app.db, request.params.id)),
  );

  r.get(
    SURVEY_FILES_API.link.pattern,
    { config: { access: 'staff' }, schema: { tags, params: idParams, response: { 200: surveyFileLinkSchema } } },
    async (request) => {
      const info = await files.surveyFileInfo(app.db, request.params.id);
      return { ...files.signedLink(app.config.jwtSecret, request.params.id), name: info.fileName, type: info.contentType, size: info.size };
    },
  );

  // Public: the visitor's own file, for its preview in the survey (a signed link, bound to their record).
  r.post(
    SURVEY_FILES_API.preview.pattern,
    {
      schema: {
        tags,
        params: idParams,
        body: z.object({ email: z.string().max(320), emailId: z.string().min(1).max(100) }),
        response: { 200: surveyFilePreviewSchema },
      },
      config: { access: 'public', rateLimit: app.publicWriteRateLimit },
    },
    async (request) =>
      files.visitorFileLink(app.db, app.config.jwtSecret, request.params.id, {
        email: normaliseEmail(request.body.email),
        emailId: request.body.emailId.trim(),
      }),
  );

  r.get(
    SURVEY_FILES_API.signed.pattern,
    { config: { access: 'public' }, schema: { tags, params: idParams, querystring: z.object({ expires: z.coerce.number().int(), sig: z.string().max(100) }) } },
    async (request, reply) => {
      files.checkSignedLink(app.config.jwtSecret, request.params.id, request.query.expires, request.query.sig);
      return sendFile(reply, await files.readSurveyFile(app.db, request.params.id));
    },
  );
}
