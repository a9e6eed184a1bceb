/**
 * What the Sent mail viewer shows of a mail's body: every one-time link's `token=` value replaced.
 * The .eml files keep them (they are the mail as sent); the viewer never hands them out, not even to
 * owners, because a password-reset, invitation or privacy-confirmation link works for whoever holds
 * it: anyone who could read it could become that person (README, Sent mail).
 */
export const REDACTED_TOKEN = '[redacted]';

// `token=` after `?` or `&` (also `&amp;` in HTML), up to the end of the value.
const TOKEN_VALUE = /([?&](?:amp;)?token=)[^\s"'<>&#]+/gi;

export function redactMailTokens(body: string): string {
  return body.replace(TOKEN_VALUE, `$1${REDACTED_TOKEN}`);
}
