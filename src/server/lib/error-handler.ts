import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody, ErrorCode, FieldError } from '#shared/api-error';
import { said, withKeys } from '#shared/i18n/message-keys';
import { HttpError, notFound } from './errors';

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
 * One handler renders every error as `{message, code, key?, errors?}`. Client errors keep their message;
 * server errors are logged in full and answered with a generic message (no stack, no SQL).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .status(error.statusCode)
        .send(error.extra ? { ...body(error.message, error.code, error.errors), ...error.extra } : body(error.message, error.code, error.errors));
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldError[] = error.validation.map((v) => ({
        field: fieldName(v.instancePath),
        message: v.message ?? 'Invalid value',
      }));
      return reply.status(400).send(body(errors[0]?.message ?? 'Invalid request.', 'VALIDATION', errors));
    }

    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = 'code' in error ? String(error.code) : '';
      const message = FRAMEWORK_MESSAGES[code] ?? (status === 429 ? 'Too many requests. Please try again later.' : 'Invalid request.');
      return reply.status(status).send(body(message, codeForStatus(status)));
    }

    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(body(GENERIC_5XX, 'INTERNAL'));
  });
}

/**
 * Fastify's `frameworkErrors`: the errors its router answers before any route or hook runs (a path
 * with bad percent-encoding, a path parameter over `maxParamLength`), in the API's shape.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  // No hook has run for these: the API's headers are set here (none of these answers is a document).
  reply.headers(RAW_HEADERS);
  void reply.status(tooLong ? 414 : 400).send(tooLong ? body('The address is too long.', 'TOO_LARGE') : body('The address is not valid.', 'VALIDATION'));
}

const RAW_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
};

/**
 * Node's `clientError`: a request its HTTP parser refuses (a bad or doubled Content-Length, headers
 * too large, a request that took too long) never reaches Fastify. Answered in the API's shape, then
 * the connection is closed: what follows on it cannot be trusted to be a request.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, answer] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', body('The request took too long to arrive.', 'TIMEOUT')]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', body('The request headers are too large.', 'TOO_LARGE')]
        : [400, 'Bad Request', body('The request is not valid HTTP.', 'VALIDATION')];
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    const json = JSON.stringify(answer);
    const headers = Object.entries({
      ...RAW_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(json),
      connection: 'close',
    })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.end(`HTTP/1.1 ${status} ${reason}\r\n${headers}\r\n${json}`);
  }
  socket.destroySoon();
}

/** Not-found handler: 405 with `Allow` when the path has routes for other methods, else 404. */
export function methodNotAllowedOrNotFound(allowedMethods: (path: string) => string[]) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const allow = allowedMethods(request.url.split('?', 1)[0]!);
    if (allow.length > 0) {
      void reply.status(405).header('allow', allow.join(', ')).send(body('This method is not allowed here.', 'METHOD_NOT_ALLOWED'));
      return;
    }
    throw notFound('There is no such API route.');
  };
}

/** The answer's body: a message the catalogues have comes with its key (docs/decisions/0059), as do its field errors. */
function body(message: string, code: ErrorCode, errors?: FieldError[]): ApiErrorBody {
  const { key } = said(message);
  const answer: ApiErrorBody = key ? { message, code, key } : { message, code };
  return errors && errors.length > 0 ? { ...answer, errors: withKeys(errors) } : answer;
}

/** The code of a framework client error, from its status. */
function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'UNAUTHORIZED';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 413:
      return 'TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA';
    case 429:
      return 'RATE_LIMITED';
    default:
      return 'VALIDATION';
  }
}

/** "/response/email" → "response.email" */
function fieldName(instancePath: string | undefined): string {
  return (instancePath ?? '').replace(/^\//, '').split('/').filter(Boolean).join('.') || 'body';
}
