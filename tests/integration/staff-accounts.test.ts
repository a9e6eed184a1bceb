import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, expect, it, vi } from 'vitest';
import { buildApp } from '#server/app';
import { createDatabase } from '#server/db/database';
import { STAFF_MESSAGES, type StaffMember } from '#shared/auth/auth.contract';
import { FORGOT_MAILS_PER_ACCOUNT, FORGOT_PER_CLIENT_AND_EMAIL } from '#server/features/auth/staff.routes';
import { describeEachDatabase, STAFF } from '../helpers/app';
import { startMailServer } from '../helpers/mail-server';
import { waitFor } from '../helpers/wait';

const mail = await startMailServer();
afterAll(() => mail.close());
afterEach(() => vi.useRealTimers());

const NEW_PASSWORD = 'a brand new password';

/** The one-time token in the last e-mail sent to `to` (read from the real SMTP server). */
async function linkTokenFor(to: string, before: number): Promise<string> {
  const [, ...rest] = await mail.waitFor(before + 1);
  const message = [...mail.messages].reverse().find((m) => m.text?.includes('/password/reset?token=') && JSON.stringify(m.to).includes(to));
  expect(message, `a link e-mailed to ${to}`).toBeDefined();
  void rest;
  return new URL(/(https?:\/\/\S+\/password\/reset\?token=\S+)/.exec(message!.text!)![1]!).searchParams.get('token')!;
}

describeEachDatabase(
  'staff accounts',
  (ctx) => {
    let ownerToken: string;
    const as = (token: string, options: { method: 'GET' | 'POST' | 'PATCH'; url: string; payload?: object }) =>
      ctx.app.inject({ ...options, headers: { authorization: `Bearer ${token}` } });
    const login = (email: string, password: string) => ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });

    async function addStaff(name: string, email: string, role: 'owner' | 'staff' = 'staff') {
      const before = mail.messages.length;
      const res = await as(ownerToken, { method: 'POST', url: '/api/staff', payload: { name, email, role } });
      expect(res.statusCode, res.body).toBe(201);
      const token = await linkTokenFor(email, before);
      return { member: res.json<{ member: StaffMember }>().member, token };
    }

    it('lists people for owners, and the existing account is an owner', async () => {
      ownerToken = await ctx.staffToken();
      const res = await as(ownerToken, { method: 'GET', url: '/api/staff' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual([
        {
          id: expect.any(String),
          name: STAFF.name,
          email: STAFF.email,
          role: 'owner',
          active: true,
          takesLeads: true,
          away: false,
          createdAt: expect.any(String),
        },
      ]);
      expect(res.body).not.toMatch(/hash|password/i);
    });

    it('adds a person with a one-time link (read from SMTP) that sets their password once', async () => {
      const { member, token } = await addStaff('Asha Rao', 'asha@abode.test');
      expect(member).toMatchObject({ name: 'Asha Rao', email: 'asha@abode.test', role: 'staff', active: true });
      // Stored hashed: the token itself is nowhere in the database.
      const rows = await ctx.database.db.selectFrom('passwordResetTokens').select('tokenHash').execute();
      expect(rows.map((r) => r.tokenHash)).not.toContain(token);
      expect((await login('asha@abode.test', NEW_PASSWORD)).statusCode).toBe(401);

      const set = await ctx.app.inject({ method: 'POST', url: '/api/password/reset', payload: { token, password: NEW_PASSWORD } });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json()).toEqual({ message: STAFF_MESSAGES.passwordSet });
      expect((await login('asha@abode.test', NEW_PASSWORD)).statusCode).toBe(200);

      const again = await ctx.app.inject({ method: 'POST', url: '/api/password/reset', payload: { token, password: 'another one entirely' } });
      expect(again.statusCode).toBe(400);
      expect(again.json<{ message: string }>().message).toBe(STAFF_MESSAGES.linkInvalid);
    });

    it('refuses a link after 24 hours', async () => {
      const { token } = await addStaff('Late Larry', 'larry@abode.test');
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 24 * 60 * 60 * 1000 + 1000 });
      const late = await ctx.app.inject({ method: 'POST', url: '/api/password/reset', payload: { token, password: NEW_PASSWORD } });
      expect(late.statusCode).toBe(400);
      expect(late.json<{ message: string }>().message).toBe(STAFF_MESSAGES.linkInvalid);
    });

    it('answers a generated password once instead of a link', async () => {
      const res = await as(ownerToken, {
        method: 'POST',
        url: '/api/staff',
        payload: { name: 'Gen Gupta', email: 'gen@abode.test', role: 'staff', password: 'generate' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const { password } = res.json<{ password: string }>();
      expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
      expect((await login('gen@abode.test', password)).statusCode).toBe(200);
      const list = await as(ownerToken, { method: 'GET', url: '/api/staff' });
      expect(list.body).not.toContain(password);
    });

    it('refuses a second account with the same e-mail', async () => {
      const res = await as(ownerToken, { method: 'POST', url: '/api/staff', payload: { name: 'Dup', email: 'ASHA@abode.test', role: 'staff' } });
      expect(res.statusCode).toBe(409);
      expect(res.json<{ message: string }>().message).toBe(STAFF_MESSAGES.emailTaken);
    });

    it('gives staff 403 on owner routes, and the assignee list (ids and names of active people)', async () => {
      const staffToken = (await login('asha@abode.test', NEW_PASSWORD)).json<{ token: string }>().token;
      for (const [method, url] of [
        ['GET', '/api/staff'],
        ['POST', '/api/staff'],
        ['PATCH', '/api/staff/x'],
        ['POST', '/api/staff/x/reset'],
      ] as const) {
        const res = await as(staffToken, { method, url, payload: method === 'GET' ? undefined : { name: 'x', email: 'x@abode.test', role: 'owner' } });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json<{ message: string }>().message).toBe(STAFF_MESSAGES.ownersOnly);
      }
      const assignees = await as(staffToken, { method: 'GET', url: '/api/staff/assignees' });
      expect(assignees.statusCode).toBe(200);
      const names = assignees.json<Array<{ id: string; name: string }>>();
      expect(names.map((a) => a.name)).toContain('Asha Rao');
      for (const a of names) expect(Object.keys(a).sort()).toEqual(['id', 'name']);
    });

    it('changes role and name; a promoted person reaches owner routes', async () => {
      const list = (await as(ownerToken, { method: 'GET', url: '/api/staff' })).json<StaffMember[]>();
      const asha = list.find((m) => m.email === 'asha@abode.test')!;
      const res = await as(ownerToken, { method: 'PATCH', url: `/api/staff/${asha.id}`, payload: { role: 'owner', name: 'Asha R.' } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ role: 'owner', name: 'Asha R.' });
      const token = (await login('asha@abode.test', NEW_PASSWORD)).json<{ token: string }>().token;
      expect((await as(token, { method: 'GET', url: '/api/staff' })).statusCode).toBe(200);
      // Back to staff for the tests below.
      expect((await as(ownerToken, { method: 'PATCH', url: `/api/staff/${asha.id}`, payload: { role: 'staff' } })).statusCode).toBe(200);
      expect((await as(token, { method: 'GET', url: '/api/staff' })).statusCode).toBe(401);
    });

    it('never deactivates or demotes the last active owner', async () => {
      const me = (await as(ownerToken, { method: 'GET', url: '/api/staff' })).json<StaffMember[]>().find((m) => m.email === STAFF.email)!;
      for (const payload of [{ active: false }, { role: 'staff' }]) {
        const res = await as(ownerToken, { method: 'PATCH', url: `/api/staff/${me.id}`, payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(409);
        expect(res.json<{ message: string }>().message).toBe(STAFF_MESSAGES.lastOwner);
      }
      expect((await as(ownerToken, { method: 'GET', url: '/api/staff' })).statusCode).toBe(200);
    });

    it('refuses a deactivated person’s token at once, also on a second instance, and their login', async () => {
      const second = createDatabase(ctx.config.database);
      let other: FastifyInstance | undefined;
      try {
        other = await buildApp(ctx.config, { database: second, logger: false });
        const creds = await freshGenerated();
        const token = (await login(creds.email, creds.password)).json<{ token: string }>().token;
        const onOther = () => other!.inject({ method: 'GET', url: '/api/staff/assignees', headers: { authorization: `Bearer ${token}` } });
        expect((await onOther()).statusCode).toBe(200);
        const gen = (await as(ownerToken, { method: 'GET', url: '/api/staff' })).json<StaffMember[]>().find((m) => m.email === 'gen@abode.test')!;
        const off = await as(ownerToken, { method: 'PATCH', url: `/api/staff/${gen.id}`, payload: { active: false } });
        expect(off.statusCode, off.body).toBe(200);
        expect(off.json()).toMatchObject({ active: false });
        expect((await onOther()).statusCode).toBe(401);
        expect((await as(token, { method: 'GET', url: '/api/staff/assignees' })).statusCode).toBe(401);
        const names = (await as(ownerToken, { method: 'GET', url: '/api/staff/assignees' })).json<Array<{ name: string }>>().map((a) => a.name);
        expect(names).not.toContain('Gen Gupta');
        // Reactivated: they log in again, but the old token stays refused.
        expect((await as(ownerToken, { method: 'PATCH', url: `/api/staff/${gen.id}`, payload: { active: true } })).statusCode).toBe(200);
        expect((await onOther()).statusCode).toBe(401);
      } finally {
        await other?.close();
        await second.close();
      }

      async function freshGenerated() {
        // The generated password from before is not kept: set a known one through a reset link.
        const gen = (await as(ownerToken, { method: 'GET', url: '/api/staff' })).json<StaffMember[]>().find((m) => m.email === 'gen@abode.test')!;
        const before = mail.messages.length;
        expect((await as(ownerToken, { method: 'POST', url: `/api/staff/${gen.id}/reset` })).statusCode).toBe(200);
        const token = await linkTokenFor('gen@abode.test', before);
        await ctx.app.inject({ method: 'POST', url: '/api/password/reset', payload: { token, password: NEW_PASSWORD } });
        return { email: 'gen@abode.test', password: NEW_PASSWORD };
      }
    });

    it('lets a deactivated person not log in', async () => {
      const gen = (await as(ownerToken, { method: 'GET', url: '/api/staff' })).json<StaffMember[]>().find((m) => m.email === 'gen@abode.test')!;
      await as(ownerToken, { method: 'PATCH', url: `/api/staff/${gen.id}`, payload: { active: false } });
      expect((await login('gen@abode.test', NEW_PASSWORD)).statusCode).toBe(401);
    });

    it('changes one’s own password with the current one; old tokens are refused', async () => {
      const token = (await login('asha@abode.test', NEW_PASSWORD)).json<{ token: string }>().token;
      const wrong = await as(token, { method: 'POST', url: '/api/me/password', payload: { current: 'not it at all', next: 'the next password' } });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json<{ message: string }>().message).toBe(STAFF_MESSAGES.wrongPassword);
      const short = await as(token, { method: 'POST', url: '/api/me/password', payload: { current: NEW_PASSWORD, next: 'short' } });
      expect(short.statusCode).toBe(400);
      const ok = await as(token, { method: 'POST', url: '/api/me/password', payload: { current: NEW_PASSWORD, next: 'the next password' } });
      expect(ok.statusCode, ok.body).toBe(200);
      const fresh = ok.json<{ token: string }>().token;
      expect((await as(token, { method: 'GET', url: '/api/staff/assignees' })).statusCode).toBe(401);
      expect((await as(fresh, { method: 'GET', url: '/api/staff/assignees' })).statusCode).toBe(200);
      expect((await login('asha@abode.test', 'the next password')).statusCode).toBe(200);
    });

    it('changes one’s own e-mail with the current password', async () => {
      const token = (await login('asha@abode.test', 'the next password')).json<{ token: string }>().token;
      const wrong = await as(token, { method: 'PATCH', url: '/api/me', payload: { email: 'asha.rao@abode.test', current: 'nope nope nope' } });
      expect(wrong.statusCode).toBe(400);
      const taken = await as(token, { method: 'PATCH', url: '/api/me', payload: { email: STAFF.email, current: 'the next password' } });
      expect(taken.statusCode).toBe(409);
      const ok = await as(token, { method: 'PATCH', url: '/api/me', payload: { email: 'Asha.Rao@abode.test', current: 'the next password' } });
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await login('asha.rao@abode.test', 'the next password')).statusCode).toBe(200);
      expect((await login('asha@abode.test', 'the next password')).statusCode).toBe(401);
    });

    it('forgot password: the same answer for any address, a link only to an account, rate-limited', async () => {
      const before = mail.messages.length;
      const forgot = (email: string, ip = '10.0.0.1') => ctx.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email }, remoteAddress: ip });
      const known = await forgot('asha.rao@abode.test');
      const unknown = await forgot('nobody@abode.test');
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      expect(known.json()).toEqual({ message: STAFF_MESSAGES.forgot });
      const token = await linkTokenFor('asha.rao@abode.test', before);
      await new Promise((r) => setTimeout(r, 300));
      expect(mail.messages.filter((m) => JSON.stringify(m.to).includes('nobody@abode.test'))).toHaveLength(0);
      const reset = await ctx.app.inject({ method: 'POST', url: '/api/password/reset', payload: { token, password: NEW_PASSWORD } });
      expect(reset.statusCode).toBe(200);

      // Per client address and account, then per client address (for any address).
      for (let i = 0; i < FORGOT_PER_CLIENT_AND_EMAIL; i++) expect((await forgot('limit@abode.test', '10.1.0.1')).statusCode).toBe(200);
      const limited = await forgot('limit@abode.test', '10.1.0.1');
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      let last = 200;
      for (let i = 0; i < 30 && last === 200; i++) last = (await forgot(`many${i}@abode.test`, '10.2.0.1')).statusCode;
      expect(last).toBe(429);
    });

    it('forgot password: requests from others never keep a person from their own link; one account gets a capped number of mails', async () => {
      const forgot = (email: string, ip: string) => ctx.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email }, remoteAddress: ip });
      const victim = 'victim@abode.test';
      const added = await as(ownerToken, {
        method: 'POST',
        url: '/api/staff',
        payload: { name: 'Vic Tim', email: victim, role: 'staff', password: 'generate' },
      });
      expect(added.statusCode, added.body).toBe(201);
      const start = mail.messages.length;
      const mailsTo = (to: string) => mail.messages.slice(start).filter((m) => JSON.stringify(m.to).includes(to)).length;
      // A stranger asks for the person's link until refused.
      let before = mail.messages.length;
      for (let i = 0; i < FORGOT_PER_CLIENT_AND_EMAIL; i++) expect((await forgot(victim, '10.3.0.66')).statusCode).toBe(200);
      expect((await forgot(victim, '10.3.0.66')).statusCode).toBe(429);
      await mail.waitFor(before + FORGOT_PER_CLIENT_AND_EMAIL);
      // The person, from their own address, still gets a link by mail.
      before = mail.messages.length;
      const own = await forgot(victim, '10.3.0.1');
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual({ message: STAFF_MESSAGES.forgot });
      const token = await linkTokenFor(victim, before);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

      // Many addresses together: the inbox gets at most the cap in an hour (the answer stays the same).
      for (let i = 0; i < FORGOT_MAILS_PER_ACCOUNT; i++) expect((await forgot(victim, `10.4.0.${i}`)).body).toBe(own.body);
      await waitFor(() => mailsTo(victim) >= FORGOT_MAILS_PER_ACCOUNT, 10_000, { what: 'the capped number of mails' });
      // A later mail to someone else has arrived: anything for the capped account would have too.
      before = mail.messages.length;
      expect((await forgot(STAFF.email, '10.5.0.1')).statusCode).toBe(200);
      await linkTokenFor(STAFF.email, before);
      expect(mailsTo(victim)).toBe(FORGOT_MAILS_PER_ACCOUNT);
      // Every link in the inbox works, so the person is never without one.
      expect((await ctx.app.inject({ method: 'POST', url: '/api/password/reset', payload: { token, password: NEW_PASSWORD } })).statusCode).toBe(200);
    });
  },
  () => ({
    notify: {
      mailFrom: '"Test Studio" <studio@abode.test>',
      mailDir: path.join(os.tmpdir(), 'abode-staff-mail'),
      smtpUrl: mail.url,
      notifyEmails: [],
      confirmVisitors: false,
      allowPrivateWebhooks: false,
      dispatch: false,
    },
  }),
);
