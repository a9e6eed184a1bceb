import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody, FieldError } from '../../shared/api-error';
import { HttpError } from './errors';

const GENERIC_5XX = 'Something went wrong on our side. Please try again.';

/** Fastify's own client-error messages, rewritten for people. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_REQ_FILE_TOO_LARGE: 'The file is too large.',
  FST_PARTS_LIMIT: 'The form has too many parts.',
  FST_FILES_LIMIT: 'Only one file may be sent.',
  FST_FIELDS_LIMIT: 'The form has too many fields.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'The request is not a multipart form.',
  FST_PROTO_VIOLATION: 'The form has a field name that is not allowed.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its declared length.',
};

/**
 * One handler renders every error as `{message, errors?}`. Client errors keep their message;
 * server errors are logged in full and answered with a generic message (no stack, no SQL).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send(body(error.message, error.errors));
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldError[] = error.validation.map((v) => ({
        field: fieldName(v.instancePath),
        message: v.message ?? 'Invalid value',
      }));
      return reply.status(400).send(body(errors[0]?.message ?? 'Invalid request.', errors));
    }

    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = 'code' in error ? String(error.code) : '';
      const message = FRAMEWORK_MESSAGES[code] ?? (status === 429 ? 'Too many requests. Please try again later.' : 'Invalid request.');
      return reply.status(status).send(body(message));
    }

    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(body(GENERIC_5XX));
  });
}

function body(message: string, errors?: FieldError[]): ApiErrorBody {
  return errors && errors.length > 0 ? { message, errors } : { message };
}

/** "/response/email" → "response.email" */
function fieldName(instancePath: string | undefined): string {
  return (instancePath ?? '').replace(/^\//, '').split('/').filter(Boolean).join('.') || 'body';
}
