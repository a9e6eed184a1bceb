import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { expect, it } from 'vitest';
import { createStaff } from '#server/features/auth/auth.service';
import { listMailFiles } from '#server/features/notifications/mailer';
import { STAFF_MESSAGES } from '#shared/auth/auth.contract';
import { MAIL_API } from '#shared/notifications/notifications.api';
import { PRIVACY_API } from '#shared/privacy/privacy.api';
import { describeEachDatabase, STAFF } from '../helpers/app';
import { waitFor } from '../helpers/wait';

/*
 * Without SMTP_URL the mail is kept as .eml files and shown under Sent mail. Those files hold
 * one-time links (password reset, invitation, privacy confirmation): whoever reads one can act as
 * that person. Only owners read Sent mail, and the viewer never shows the links' tokens.
 */

const PLAIN = { email: 'plain.staff@abode.test', name: 'Plain Staff', password: 'another horse battery', role: 'staff' as const };

describeEachDatabase('Sent mail: owners only, one-time links redacted', (ctx) => {
  const mailDir = () => ctx.config.notify.mailDir;

  /** The newest .eml file sent to `to` whose text has `marker`, read from the disk (not through the viewer). */
  async function fileTo(to: string, marker: string): Promise<{ name: string; text: string; html: string }> {
    let found: { name: string; text: string; html: string } | undefined;
    await waitFor(
      async () => {
        for (const name of await listMailFiles(mailDir())) {
          const parsed = await simpleParser(await readFile(path.join(mailDir(), name)));
          const text = parsed.text ?? '';
          if (JSON.stringify(parsed.to).includes(to) && text.includes(marker)) {
            found = { name, text, html: typeof parsed.html === 'string' ? parsed.html : '' };
            return true;
          }
        }
        return false;
      },
      10_000,
      { what: `a mail to ${to} with ${marker}` },
    );
    return found!;
  }
  const tokenIn = (text: string) => /[?&]token=([^\s"'<>&]+)/.exec(text)?.[1] ?? '';

  async function plainStaffToken(): Promise<string> {
    await createStaff(ctx.database.db, PLAIN);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: PLAIN.email, password: PLAIN.password } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ token: string }>().token;
  }

  it('refuses staff the list and each mail (403), so the owner’s reset link cannot be read and used', async () => {
    const ownerToken = await ctx.staffToken();
    const staffToken = await plainStaffToken();
    // Anyone may ask for the owner's reset link; it is mailed to the owner, and kept as a file here.
    expect((await ctx.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email: STAFF.email } })).statusCode).toBe(200);
    const sent = await fileTo(STAFF.email, '/password/reset?token=');
    expect(tokenIn(sent.text)).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const asStaff = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${staffToken}` } });
    for (const url of [MAIL_API.list, MAIL_API.read(sent.name)]) {
      const res = await asStaff(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json<{ message: string }>().message).toBe(STAFF_MESSAGES.ownersOnly);
      expect(res.body).not.toContain(tokenIn(sent.text));
    }
    const asOwner = await ctx.app.inject({ method: 'GET', url: MAIL_API.list, headers: { authorization: `Bearer ${ownerToken}` } });
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.json<{ items: Array<{ name: string }> }>().items.map((i) => i.name)).toContain(sent.name);
  });

  it('shows owners reset, invitation and privacy-confirmation mails without their tokens, in text and HTML', async () => {
    const ownerToken = await ctx.staffToken();
    const asOwner = (options: { method: 'GET' | 'POST'; url: string; payload?: object }) =>
      ctx.app.inject({ ...options, headers: { authorization: `Bearer ${ownerToken}` } });

    expect((await ctx.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email: STAFF.email } })).statusCode).toBe(200);
    expect((await asOwner({ method: 'POST', url: '/api/staff', payload: { name: 'Invited Ira', email: 'ira@abode.test', role: 'staff' } })).statusCode).toBe(
      201,
    );
    expect((await ctx.app.inject({ method: 'POST', url: PRIVACY_API.requests(), payload: { email: 'asker@example.com', kind: 'export' } })).statusCode).toBe(
      202,
    );

    for (const [to, marker] of [
      [STAFF.email, '/password/reset?token='],
      ['ira@abode.test', '/password/reset?token='],
      ['asker@example.com', '/privacy/confirm?token='],
    ] as const) {
      const sent = await fileTo(to, marker);
      const token = tokenIn(sent.text);
      expect(token.length, `${to}: the file holds the link`).toBeGreaterThan(20);
      expect(sent.html).toContain(token);
      const res = await asOwner({ method: 'GET', url: MAIL_API.read(sent.name) });
      expect(res.statusCode, res.body).toBe(200);
      const shown = res.json<{ text: string; html: string }>();
      expect(res.body, to).not.toContain(token);
      // The owner still sees that a link was sent, and where it led.
      expect(shown.text).toContain(`${marker}[redacted]`);
      expect(shown.html).toContain(`${marker}[redacted]`);
    }
  });
});
