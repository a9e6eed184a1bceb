import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { expect, it } from 'vitest';
import { setStaffPassword } from '#server/features/auth/auth.service';
import { listMailFiles } from '#server/features/notifications/mailer';
import { STAFF_MESSAGES, type StaffMember } from '#shared/auth/auth.contract';
import { describeEachDatabase, STAFF } from '../helpers/app';
import { waitFor } from '../helpers/wait';

/*
 * A one-time link (password reset or invitation) works only while the account's password is the
 * one it had when the link was made: once the password changes, by any means, the link is dead.
 */
describeEachDatabase('one-time links end when the password changes', (ctx) => {
  const seen = new Set<string>();
  /** The token of the next new mail to `to` (the .eml files this app writes without SMTP). */
  async function nextToken(to: string, action: () => Promise<unknown>): Promise<string> {
    const dir = ctx.config.notify.mailDir;
    for (const name of await listMailFiles(dir)) seen.add(name);
    await action();
    let token = '';
    await waitFor(
      async () => {
        for (const name of await listMailFiles(dir)) {
          if (seen.has(name)) continue;
          const mail = await simpleParser(await readFile(path.join(dir, name)));
          if (!JSON.stringify(mail.to).includes(to)) continue;
          seen.add(name);
          token = /\/password\/reset\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1] ?? '';
          return token !== '';
        }
        return false;
      },
      10_000,
      { what: `a link mailed to ${to}` },
    );
    return token;
  }
  const forgot = (email: string) => ctx.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email } });
  const reset = (token: string, password: string) => ctx.app.inject({ method: 'POST', url: '/api/password/reset', payload: { token, password } });
  const login = (email: string, password: string) => ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });

  it('a reset link stops working once the person changes their own password', async () => {
    const ownerToken = await ctx.staffToken();
    const link = await nextToken(STAFF.email, () => forgot(STAFF.email));
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/password',
      payload: { current: STAFF.password, next: 'changed by the owner' },
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const late = await reset(link, 'set by whoever holds the link');
    expect(late.statusCode).toBe(400);
    expect(late.json<{ message: string }>().message).toBe(STAFF_MESSAGES.linkInvalid);
    expect((await login(STAFF.email, 'changed by the owner')).statusCode).toBe(200);
    expect((await login(STAFF.email, 'set by whoever holds the link')).statusCode).toBe(401);
  });

  it('an invitation link stops working once the password is set from the command line, and a reset link too', async () => {
    const owner = await login(STAFF.email, 'changed by the owner');
    const ownerToken = owner.json<{ token: string }>().token;
    const invitation = await nextToken('invitee@abode.test', () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/staff',
        payload: { name: 'Invitee', email: 'invitee@abode.test', role: 'staff' },
        headers: { authorization: `Bearer ${ownerToken}` },
      }),
    );
    expect(await setStaffPassword(ctx.database.db, 'invitee@abode.test', 'set at the terminal')).toBe(true);
    expect((await reset(invitation, 'from the old invitation')).statusCode).toBe(400);

    const link = await nextToken('invitee@abode.test', () => forgot('invitee@abode.test'));
    expect(await setStaffPassword(ctx.database.db, 'invitee@abode.test', 'set at the terminal again')).toBe(true);
    expect((await reset(link, 'from the old reset link')).statusCode).toBe(400);
    expect((await login('invitee@abode.test', 'set at the terminal again')).statusCode).toBe(200);
  });

  it('a link made after the change works, once; using it ends the other links', async () => {
    const older = await nextToken('invitee@abode.test', () => forgot('invitee@abode.test'));
    const member = (await ctx.database.db.selectFrom('staffUsers').select('id').where('email', '=', 'invitee@abode.test').executeTakeFirstOrThrow()) as Pick<
      StaffMember,
      'id'
    >;
    const ownerToken = (await login(STAFF.email, 'changed by the owner')).json<{ token: string }>().token;
    const newer = await nextToken('invitee@abode.test', () =>
      ctx.app.inject({ method: 'POST', url: `/api/staff/${member.id}/reset`, headers: { authorization: `Bearer ${ownerToken}` } }),
    );
    expect((await reset(newer, 'the new password here')).statusCode).toBe(200);
    expect((await reset(newer, 'the new password again')).statusCode).toBe(400);
    expect((await reset(older, 'the older link here')).statusCode).toBe(400);
    expect((await login('invitee@abode.test', 'the new password here')).statusCode).toBe(200);
  });
});
