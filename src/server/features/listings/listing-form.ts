import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { FieldError } from '../../../shared/api-error';
import { badRequest, tooLarge, unsupportedMedia } from '../../lib/errors';
import { refuseNul } from '../../lib/nul-guard';
import { IMAGE_TOO_LARGE } from '../media/media.service';

export interface ListingForm {
  fields: Record<string, string>;
  /** The `file` part, when one with content was sent. */
  file?: { bytes: Buffer; filename: string };
}

/**
 * Reads a multipart listing form: its text fields and at most one file (the multipart limits in
 * app.ts cap it at 5 MB). Nothing is validated or stored here.
 */
export async function readListingForm(request: FastifyRequest): Promise<ListingForm> {
  if (!request.isMultipart()) throw unsupportedMedia('Please send the listing as a multipart form.');
  // @fastify/multipart refuses parts named like Object.prototype members (`__proto__`, …) with 400.
  const fields: Record<string, string> = {};
  let file: ListingForm['file'];
  for await (const part of request.parts()) {
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
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(IMAGE_TOO_LARGE);
      throw error;
    }
    if (part.fieldname === 'file' && bytes.length > 0) file = { bytes, filename: part.filename };
  }
  return { fields, file };
}

/** Validates the form's fields with the kind's schema; 400 with every field's message otherwise. */
export function parseFields<T>(schema: z.ZodType<T>, fields: Record<string, string>): T {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  const errors: FieldError[] = result.error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', message: issue.message }));
  throw badRequest(errors[0]!.message, errors);
}
