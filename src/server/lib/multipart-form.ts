import type { FastifyRequest } from 'fastify';
import { tooLarge, unsupportedMedia } from './errors';
import { refuseNul } from './nul-guard';

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
  for await (const part of request.parts(options.limits ? { limits: options.limits } : undefined)) {
    if (part.type === 'field') {
      const value = typeof part.value === 'string' ? part.value : String(part.value);
      refuseNul(part.fieldname, value);
      fields[part.fieldname] = value;
      continue;
    }
    refuseNul('filename', part.filename);
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(options.tooLarge);
      throw error;
    }
    if (part.fieldname === 'file' && bytes.length > 0) file = { bytes, filename: part.filename };
  }
  return { fields, file };
}
