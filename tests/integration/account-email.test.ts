import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { expect, it } from 'vitest';
import { bootstrapStaff } from '#server/features/auth/bootstrap';
import { listMailFiles } from '#server/features/notifications/mailer';
import { waitFor } from '../helpers/wait';
import { describeEachDatabase } from '../helpers/app';

/*
 * Every address an account can have is one the forms take: the first owner's admin@localhost (made
 * at start-up with a printed one-time password) can ask for a reset link, and owners can give
 * people, and themselves, addresses of the same form.
 */
describeEachDatabase('account e-mail addresses the forms accept', (ctx) => {
  let ownerToken = '';
  const mailTo = async (to: string) => {
    const dir = ctx.config.notify.mailDir;
    let text = '';
    await waitFor(
      async () => {
        for (const name of await listMailFiles(dir)) {
          const mail = await simpleParser(await readFile(path.join(dir, name)));
          if (JSON.stringify(mail.to).includes(to)) {
            text = mail.text ?? '';
            return true;
          }
        }
        return false;
      },
      10_000,
      { what: `a mail to ${to}` },
    );
    return text;
  };
  const as = (options: { method: 'POST' | 'PATCH'; url: string; payload: object }) =>
    ctx.app.inject({ ...options, headers: { authorization: `Bearer ${ownerToken}` } });

  it('the first owner, admin@localhost, logs in and gets a reset link from "Forgot password?"', async () => {
    const first = await bootstrapStaff(ctx.database.db, ctx.config);
    expect(first).toMatchObject({ email: 'admin@localhost', generatedPassword: expect.any(String) });
    const login = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'admin@localhost', password: first!.generatedPassword } });
    expect(login.statusCode, login.body).toBe(200);
    ownerToken = login.json<{ token: string }>().token;

    const forgot = await ctx.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email: ' Admin@Localhost ' } });
    expect(forgot.statusCode, forgot.body).toBe(200);
    expect(await mailTo('admin@localhost')).toMatch(/\/password\/reset\?token=[A-Za-z0-9_-]{43}/);
  });

  it('adds a person, and changes one’s own address, with a host-name address; refuses what is no address', async () => {
    const added = await as({ method: 'POST', url: '/api/staff', payload: { name: 'Ops', email: 'ops@studio-intranet', role: 'staff', password: 'generate' } });
    expect(added.statusCode, added.body).toBe(201);
    const changed = await as({ method: 'PATCH', url: '/api/me', payload: { email: 'owner@localhost', current: 'wrong password here' } });
    // The address passes the form; only the password is wrong.
    expect(changed.statusCode, changed.body).toBe(400);
    expect(changed.json<{ errors?: Array<{ field: string }> }>().errors?.map((e) => e.field)).toEqual(['current']);

    for (const email of ['not-an-address', 'a@b@localhost', 'two words@localhost', 'x@', '@localhost', 'x@-bad', 'x@bad..example']) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email } });
      expect(res.statusCode, email).toBe(400);
      expect(res.json<{ message: string }>().message, email).toBe('Please enter a valid e-mail address.');
    }
  });
});
