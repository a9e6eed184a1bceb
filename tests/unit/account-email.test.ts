import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '#server/config';
import { isAccountEmail } from '#shared/auth/account-email';
import { changeEmailSchema, forgotPasswordSchema, staffCreateSchema } from '#shared/auth/auth.contract';
import { emailProblem } from '#shared/email';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'abode-account-email-'));
const ADDRESSES = [
  'admin@localhost',
  'ops@studio-intranet',
  'Asha.Rao+work@abode.example',
  "o'neil@mail.example.co.in",
  'x_y@sub-1.example',
  'a@b.c',
  'not an address',
  'a@b@c',
  'x@',
  '@host',
  'x@-host',
  'x@host.',
  'x@.host',
];

describe('account e-mail addresses', () => {
  it('the forms take every address an account can be created with (ADMIN_EMAIL, the first owner’s default)', () => {
    const formsTake = (email: string) =>
      forgotPasswordSchema.safeParse({ email }).success &&
      changeEmailSchema.safeParse({ email, current: 'x' }).success &&
      staffCreateSchema.safeParse({ email, name: 'N', role: 'staff' }).success;
    for (const email of ADDRESSES) {
      let configTakes = true;
      try {
        loadConfig({ DATA_DIR: dataDir(), ADMIN_EMAIL: email });
      } catch {
        configTakes = false;
      }
      expect(formsTake(email), email).toBe(configTakes);
      expect(isAccountEmail(email), email).toBe(configTakes);
    }
    expect(formsTake('admin@localhost')).toBe(true);
  });

  it('takes every address zod’s e-mail rule takes; visitors keep the specification’s rule', () => {
    for (const email of ADDRESSES) if (z.email().safeParse(email).success) expect(isAccountEmail(email), email).toBe(true);
    expect(emailProblem('admin@localhost')).toBe('The input is not valid E-mail!');
  });
});
