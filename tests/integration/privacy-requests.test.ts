import { afterAll, expect, it } from 'vitest';
import { PRIVACY_API } from '#shared/privacy/privacy.api';
import { PRIVACY_REQUEST_MESSAGES, type PrivacyRequestItem } from '#shared/privacy/privacy-requests';
import { describeEachDatabase } from '../helpers/app';
import { startMailServer } from '../helpers/mail-server';
import { addEmail, createActiveCampaign } from '../factories/campaigns';

/*
 * Decision 0016: a person asks for a copy or erasure of their data on /privacy; they confirm through
 * a signed link mailed to that address (read here from a real SMTP server); owners see the open
 * requests with their age and the lead to act on.
 */

const mail = await startMailServer();
afterAll(() => mail.close());

describeEachDatabase(
  'privacy requests',
  (ctx) => {
    it('answers the same for a known and an unknown address, mails a link, and the confirmed request is open for owners', async () => {
      const campaignId = await createActiveCampaign(ctx);
      await addEmail(ctx, 'known.person@example.com', campaignId);
      const lead = await ctx.database.db.selectFrom('leads').select('id').where('emailKey', '=', 'known.person@example.com').executeTakeFirstOrThrow();
      mail.messages.length = 0;

      const known = await ctx.app.inject({ method: 'POST', url: PRIVACY_API.requests(), payload: { email: 'Known.Person@example.com', kind: 'erase' } });
      const unknown = await ctx.app.inject({ method: 'POST', url: PRIVACY_API.requests(), payload: { email: 'nobody@example.com', kind: 'export' } });
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(known.json()).toEqual({ message: PRIVACY_REQUEST_MESSAGES.sent });
      expect(unknown.json()).toEqual(known.json());
      expect((await ctx.app.inject({ method: 'POST', url: PRIVACY_API.requests(), payload: { email: 'x@example.com', kind: 'sell' } })).statusCode).toBe(400);

      const messages = await mail.waitFor(2);
      const toKnown = messages.find((m) => m.text?.includes('erasure'))!;
      expect(toKnown).toBeDefined();
      const token = decodeURIComponent(/privacy\/confirm\?token=([^\s"<]+)/.exec(toKnown.text ?? '')![1]!);

      // Nothing is open until the link is used; a tampered link is refused.
      expect((await ctx.asStaff({ method: 'GET', url: PRIVACY_API.requests() })).json()).toEqual([]);
      const tampered = `${token.slice(0, -2)}${token.endsWith('A') ? 'BB' : 'AA'}`;
      expect((await ctx.app.inject({ method: 'POST', url: PRIVACY_API.confirm(), payload: { token: tampered } })).statusCode).toBe(400);

      const confirmed = await ctx.app.inject({ method: 'POST', url: PRIVACY_API.confirm(), payload: { token } });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toEqual({ message: PRIVACY_REQUEST_MESSAGES.confirmed });
      // Opening the link twice makes one request.
      expect((await ctx.app.inject({ method: 'POST', url: PRIVACY_API.confirm(), payload: { token } })).statusCode).toBe(200);

      expect((await ctx.app.inject({ method: 'GET', url: PRIVACY_API.requests() })).statusCode).toBe(401);
      const open = (await ctx.asStaff({ method: 'GET', url: PRIVACY_API.requests() })).json<PrivacyRequestItem[]>();
      expect(open).toEqual([
        {
          _id: expect.any(String),
          leadId: lead.id,
          kind: 'erase',
          status: 'open',
          confirmedAt: expect.any(String),
          ageDays: 0,
          confirmedVia: 'link',
          confirmedBy: null,
        },
      ]);

      // Acting on it: the owner erases the lead; the request closes and names no one.
      expect((await ctx.asStaff({ method: 'DELETE', url: PRIVACY_API.erase(lead.id) })).statusCode).toBe(200);
      expect((await ctx.asStaff({ method: 'GET', url: PRIVACY_API.requests() })).json()).toEqual([]);
      const rows = await ctx.database.db.selectFrom('privacyRequests').selectAll().execute();
      expect(rows).toEqual([expect.objectContaining({ leadId: null, status: 'closed', kind: 'erase' })]);
    });

    it('refuses the link with anything added to its token, and one link opens one request however often it is used', async () => {
      mail.messages.length = 0;
      await ctx.app.inject({ method: 'POST', url: PRIVACY_API.requests(), payload: { email: 'suffix.person@example.com', kind: 'export' } });
      const [message] = await mail.waitFor(1);
      const token = decodeURIComponent(/privacy\/confirm\?token=([^\s"<]+)/.exec(message!.text ?? '')![1]!);
      const confirm = (value: string) => ctx.app.inject({ method: 'POST', url: PRIVACY_API.confirm(), payload: { token: value } });
      // The requests this test opens (the database is shared with the test above).
      const earlier = (await ctx.database.db.selectFrom('privacyRequests').select('id').execute()).map((r) => r.id);
      const opened = () =>
        ctx.database.db
          .selectFrom('privacyRequests')
          .selectAll()
          .where('id', 'not in', ['', ...earlier])
          .execute();

      const changed = [
        ...Array.from({ length: 10 }, (_, i) => `${token}.anything${i}`),
        `${token}.`,
        `${token}..`,
        `${token}.${token.split('.')[1]}`,
        `${token} `,
        ` ${token}`,
        `${token}=`,
        `${token}\n`,
        `.${token}`,
      ];
      for (const value of changed) {
        const res = await confirm(value);
        expect(res.statusCode, JSON.stringify(value)).toBe(400);
        expect(res.json().message, JSON.stringify(value)).toBe(PRIVACY_REQUEST_MESSAGES.invalidLink);
      }
      expect(await opened()).toEqual([]);

      for (let i = 0; i < 3; i++) expect((await confirm(token)).statusCode).toBe(200);
      const rows = await opened();
      expect(rows).toEqual([expect.objectContaining({ kind: 'export', status: 'open' })]);
      // Closed, it is not opened again by the same link.
      await ctx.database.db.updateTable('privacyRequests').set({ status: 'closed', closedAt: new Date() }).where('id', '=', rows[0]!.id).execute();
      expect((await confirm(token)).statusCode).toBe(200);
      expect((await confirm(`${token}.again`)).statusCode).toBe(400);
      expect(await opened()).toEqual([expect.objectContaining({ id: rows[0]!.id, status: 'closed' })]);
    });
  },
  () => ({
    notify: {
      smtpUrl: mail.url,
      mailFrom: '"Test Studio" <studio@abode.test>',
      mailDir: '/nonexistent',
      notifyEmails: [],
      confirmVisitors: false,
      allowPrivateWebhooks: false,
      dispatch: false,
    },
  }),
);
