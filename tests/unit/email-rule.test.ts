import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emailField } from '#shared/responses/responses.contract';
import { EMAIL_MESSAGES, emailProblem, normaliseEmail } from '#shared/email';

const VALID = ['a@b.co', 'first.last+tag@example.co.in', "o'neil@example.com", '  padded@example.com  ', 'x_y@sub.domain.org'];
const INVALID = ['plain', 'a@b', '@example.com', 'a@.com', 'a..b@example.com', '.a@example.com', 'a@example..com', 'a b@example.com', 'a@exa_mple.com'];

describe('the shared e-mail rule', () => {
  it('gives the specification messages: required first, then valid', () => {
    expect(emailProblem('')).toBe(EMAIL_MESSAGES.required);
    expect(emailProblem('   ')).toBe('Please input your E-mail!');
    expect(emailProblem('not-an-email')).toBe('The input is not valid E-mail!');
    expect(emailProblem(`${'a'.repeat(250)}@example.com`)).toBe(EMAIL_MESSAGES.tooLong);
  });

  it.each(VALID)('accepts %s, like zod', (email) => {
    expect(emailProblem(email)).toBeNull();
    expect(z.email().safeParse(email.trim()).success).toBe(true);
  });

  it.each(INVALID)('refuses %s, like zod', (email) => {
    expect(emailProblem(email)).toBe(EMAIL_MESSAGES.invalid);
    expect(z.email().safeParse(email).success).toBe(false);
  });

  it('is the rule the API schema applies, with normalisation', () => {
    expect(emailField.parse('  Visitor@Example.COM ')).toBe('Visitor@example.com');
    expect(normaliseEmail('Visitor@Example.COM')).toBe('Visitor@example.com');
    const refused = emailField.safeParse('nope');
    expect(refused.success ? null : refused.error.issues[0]?.message).toBe(EMAIL_MESSAGES.invalid);
  });
});
