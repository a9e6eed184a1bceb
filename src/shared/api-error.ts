/** The body of every error answer from the API (DESIGN.md §5). */
import type { MessageValues } from './i18n/message-format';

/**
 * A message of the API or of a shared rule as shown to a person: the English text (the
 * specification's, unchanged) and, when the catalogues have it, its catalogue key and the values
 * for its placeholders, by which a page says it in its own language (docs/decisions/0059).
 */
export interface Said {
  message: string;
  key?: string;
  values?: MessageValues;
}

export interface FieldError extends Said {
  field: string;
}

/**
 * Stable codes, one per kind of failure: the UI decides on `code`, never on the message text
 * (the specification's messages may be shown as they are, but never parsed). A domain adds its own
 * codes in its contract (e.g. `EDIT_LOCKED` in campaigns) and lists them here.
 */
// A type only (no array at run time): the landing page's script budget is counted in bytes.
export type ErrorCode =
  | 'VALIDATION'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'CONFLICT'
  | 'SLOT_TAKEN'
  | 'TOO_MANY_VISITS'
  | 'EDIT_LOCKED'
  | 'CAMPAIGN_INACTIVE'
  | 'SURVEY_FINISHED'
  | 'RESUME_LINK_INVALID'
  | 'SURVEY_CLOSED'
  | 'CHANNEL_UNAVAILABLE'
  | 'TOO_LARGE'
  | 'UNSUPPORTED_MEDIA'
  | 'RATE_LIMITED'
  | 'TIMEOUT'
  | 'INTERNAL';

/** `{ message, code, errors? }`, and `key`/`values` beside `message` when the catalogues have it. */
export interface ApiErrorBody extends Said {
  code: ErrorCode;
  errors?: FieldError[];
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}
