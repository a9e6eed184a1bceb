// The e-mail rule with the specification's messages, in plain TypeScript: the landing page (the most
// visited page, with a tight script budget) checks with it without loading zod, and the zod schemas
// in campaigns.ts use the same function, so both sides agree.

import { hasNul, NUL_MESSAGE } from './text-rules';

export const EMAIL_MAX = 254;

export const EMAIL_MESSAGES = {
  required: 'Please input your E-mail!',
  invalid: 'The input is not valid E-mail!',
  tooLong: 'The E-mail is too long.',
} as const;

// zod's e-mail pattern (a practical subset of RFC 5322, as browsers and mail providers accept).
const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** The message for an unusable e-mail (required first, then length, then form), or null. */
export function emailProblem(raw: string): string | null {
  const email = raw.trim();
  if (email === '') return EMAIL_MESSAGES.required;
  if (hasNul(email)) return NUL_MESSAGE;
  if (email.length > EMAIL_MAX) return EMAIL_MESSAGES.tooLong;
  if (!EMAIL_PATTERN.test(email)) return EMAIL_MESSAGES.invalid;
  return null;
}

/** Trims, and lower-cases the domain (the local part is case-sensitive by the standard). */
export function normaliseEmail(email: string): string {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  return at < 0 ? trimmed : trimmed.slice(0, at) + trimmed.slice(at).toLowerCase();
}
