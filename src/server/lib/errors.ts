import type { ErrorCode, FieldError } from '#shared/api-error';

/** An error that becomes an HTTP answer: its status, code, message and field errors are shown as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: ErrorCode,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
    /** Further fields of the answer beside message and code (e.g. a closed channel's status and contact details). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new HttpError(400, message, 'VALIDATION', errors);
export const unauthorized = (message = 'Please log in.') => new HttpError(401, message, 'UNAUTHORIZED');
export const forbidden = (message: string) => new HttpError(403, message, 'FORBIDDEN');
export const notFound = (message: string) => new HttpError(404, message, 'NOT_FOUND');
export const conflict = (message: string, code: ErrorCode = 'CONFLICT') => new HttpError(409, message, code);
export const tooLarge = (message: string) => new HttpError(413, message, 'TOO_LARGE');
export const unsupportedMedia = (message: string) => new HttpError(415, message, 'UNSUPPORTED_MEDIA');
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many requests. Please try again later.') =>
  new HttpError(429, message, 'RATE_LIMITED', undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
