import type { FastifyRequest } from 'fastify';
import { isWellFormedText, UNICODE_MESSAGE } from '#shared/text-rules';
import { badRequest, HttpError, tooLarge, unsupportedMedia } from './errors';
import { refuseNul } from './nul-guard';

export const MALFORMED_FORM = 'The form arrived incomplete or malformed. Please send it again.';

/** A field that is not well-formed Unicode (a lone surrogate) is refused as a JSON body's is. */
function refuseBrokenText(field: string, value: string): void {
  if (!isWellFormedText(field) || !isWellFormedText(value))
    throw badRequest(UNICODE_MESSAGE, [{ field: isWellFormedText(field) ? field : 'body', message: UNICODE_MESSAGE }]);
}

export interface MultipartForm {
  fields: Record<string, string>;
  /** The `file` part, when one with content was sent. */
  file?: { bytes: Buffer; filename: string };
}

export interface MultipartFormOptions {
  /** The 415 message when the request is not a multipart form. */
  notMultipart: string;
  /** The 413 message when the file is over the size limit. */
  tooLarge: string;
  /** Limits tighter than the defaults registered in app.ts (5 MB, one file, 20 fields). */
  limits?: NonNullable<Parameters<FastifyRequest['parts']>[0]>['limits'];
}

/**
 * Reads a multipart form: its text fields and at most one file, refusing NUL characters in
 * either. Nothing is validated or stored here. @fastify/multipart itself refuses parts named like
 * Object.prototype members (`__proto__`, …) with 400.
 */
export async function readMultipartForm(request: FastifyRequest, options: MultipartFormOptions): Promise<MultipartForm> {
  if (!request.isMultipart()) throw unsupportedMedia(options.notMultipart);
  const fields: Record<string, string> = {};
  let file: MultipartForm['file'];
  try {
    for await (const part of request.parts(options.limits ? { limits: options.limits } : undefined)) {
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        refuseNul(part.fieldname, value);
        refuseBrokenText(part.fieldname, value);
        fields[part.fieldname] = value;
        continue;
      }
      refuseNul('filename', part.filename);
      refuseBrokenText('filename', part.filename);
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(options.tooLarge);
        throw error;
      }
      if (part.fieldname === 'file' && bytes.length > 0) file = { bytes, filename: part.filename };
    }
  } catch (error) {
    // Our own refusals and the plugin's (limits, field names) carry their status. What the parser
    // throws without one ("Boundary not found", "Unexpected end of multipart data") is a body that
    // was cut short or is no multipart form: the client's fault, 400.
    if (error instanceof HttpError || typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw badRequest(MALFORMED_FORM);
  }
  return { fields, file };
}

export interface MultipartFiles {
  /** Text fields in the order sent; a name sent twice is there twice. */
  fields: Array<{ name: string; value: string }>;
  /** Every file part with content, in the order sent. */
  files: Array<{ field: string; bytes: Buffer; filename: string }>;
}

export interface MultipartFilesOptions extends MultipartFormOptions {
  /** The error when more files are sent than `limits.files` allows (by default the plugin's 413). */
  tooManyFiles?: () => HttpError;
}

/**
 * Reads a multipart form with several files (listing photos): every text field and every file, in
 * the order sent, with the same refusals as `readMultipartForm`. Each file is held in memory, so
 * callers set `limits.files` and `limits.fileSize`.
 */
export async function readMultipartFiles(request: FastifyRequest, options: MultipartFilesOptions): Promise<MultipartFiles> {
  if (!request.isMultipart()) throw unsupportedMedia(options.notMultipart);
  const fields: MultipartFiles['fields'] = [];
  const files: MultipartFiles['files'] = [];
  try {
    for await (const part of request.parts(options.limits ? { limits: options.limits } : undefined)) {
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        refuseNul(part.fieldname, value);
        refuseBrokenText(part.fieldname, value);
        fields.push({ name: part.fieldname, value });
        continue;
      }
      refuseNul('filename', part.filename);
      refuseBrokenText('filename', part.filename);
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(options.tooLarge);
        throw error;
      }
      if (bytes.length > 0) files.push({ field: part.fieldname, bytes, filename: part.filename });
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT' && options.tooManyFiles) throw options.tooManyFiles();
    if (error instanceof HttpError || typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw badRequest(MALFORMED_FORM);
  }
  return { fields, files };
}
