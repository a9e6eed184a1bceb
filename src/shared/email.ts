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

/** Each problem's message by its catalogue key (src/shared/i18n/messages/en.ts). */
const EMAIL_PROBLEMS = {
  'email.required': EMAIL_MESSAGES.required,
  'msg.text.nul': NUL_MESSAGE,
  'email.tooLong': EMAIL_MESSAGES.tooLong,
  'email.invalid': EMAIL_MESSAGES.invalid,
} as const;

export type EmailProblem = keyof typeof EMAIL_PROBLEMS;

/** The catalogue key of an unusable e-mail's problem (required first, then length, then form), or null. */
export function emailProblemKey(raw: string): EmailProblem | null {
  const email = raw.trim();
  if (email === '') return 'email.required';
  if (hasNul(email)) return 'msg.text.nul';
  if (email.length > EMAIL_MAX) return 'email.tooLong';
  if (!EMAIL_PATTERN.test(email)) return 'email.invalid';
  return null;
}

/** The message for an unusable e-mail (required first, then length, then form), or null. */
export function emailProblem(raw: string): string | null {
  const problem = emailProblemKey(raw);
  return problem === null ? null : EMAIL_PROBLEMS[problem];
}

/** Trims, and lower-cases the domain (the local part is case-sensitive by the standard). */
export function normaliseEmail(email: string): string {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  return at < 0 ? trimmed : trimmed.slice(0, at) + trimmed.slice(at).toLowerCase();
}
