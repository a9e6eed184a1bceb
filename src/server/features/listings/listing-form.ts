import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { FieldError } from '#shared/api-error';
import { badRequest } from '#server/lib/errors';
import { readMultipartForm, type MultipartForm } from '#server/lib/multipart-form';
import { IMAGE_TOO_LARGE } from '#server/features/media';

export type ListingForm = MultipartForm;

/** Reads a multipart listing form: its text fields and at most one image (app.ts caps it at 5 MB). */
export function readListingForm(request: FastifyRequest): Promise<ListingForm> {
  return readMultipartForm(request, { notMultipart: 'Please send the listing as a multipart form.', tooLarge: IMAGE_TOO_LARGE });
}

/** Validates the form's fields with the kind's schema; 400 with every field's message otherwise. */
export function parseFields<T>(schema: z.ZodType<T>, fields: Record<string, string>): T {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  const errors: FieldError[] = result.error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', message: issue.message }));
  throw badRequest(errors[0]!.message, errors);
}
