import { afterAll, beforeEach, expect, it } from 'vitest';
import { type LeadDetail, type LeadList } from '#shared/leads/leads.contract';
import { LEADS_API } from '#shared/leads/leads.api';
import { WEBHOOKS_API } from '#shared/notifications/notifications.api';
import { describeEachDatabase, drainNotifications, STAFF, type TestContext } from '../helpers/app';
import { startMailServer } from '../helpers/mail-server';
import { startWebhookReceiver } from '../helpers/webhook-receiver';
import { readWorkbook } from '../helpers/xlsx';

/** People known by phone (decision 0036), through real HTTP on both databases. */

const mail = await startMailServer();
const receiver = await startWebhookReceiver();
afterAll(async () => {
  await mail.close();
  await receiver.close();
});

interface Created {
  message: string;
  created: boolean;
  lead: { _id: string; email: string | null; phone: string | null; name: string | null; assigneeId: string | null };
}

async function addLead(ctx: TestContext, payload: Record<string, unknown>) {
  return ctx.asStaff({ method: 'POST', url: LEADS_API.list, payload });
}

async function search(ctx: TestContext, q: string): Promise<LeadList> {
  const res = await ctx.asStaff({ method: 'GET', url: `${LEADS_API.list}?q=${encodeURIComponent(q)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LeadList>();
}

async function detail(ctx: TestContext, id: string): Promise<LeadDetail> {
  const res = await ctx.asStaff({ method: 'GET', url: LEADS_API.one(id) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LeadDetail>();
}

describeEachDatabase(
  'people known by phone',
  (ctx) => {
    beforeEach(async () => {
      await drainNotifications(ctx);
      mail.messages.length = 0;
      receiver.received.length = 0;
    });

    it('lets staff add a phone-only lead, found again by any spelling of the number, in the inbox, the lead page and the download', async () => {
      const hook = await ctx.asStaff({ method: 'POST', url: WEBHOOKS_API.create, payload: { url: receiver.url, events: ['lead.created'] } });
      expect(hook.statusCode, hook.body).toBe(201);

      const res = await addLead(ctx, { name: 'Kiran Rao', phone: '98450 33445', message: 'Walked in at the Whitefield site.' });
      expect(res.statusCode, res.body).toBe(201);
      const { lead, message, created } = res.json<Created>();
      expect({ message, created }).toEqual({ message: 'Lead added.', created: true });
      expect(lead).toMatchObject({ email: null, phone: '+919845033445', name: 'Kiran Rao' });

      for (const q of ['98450 33445', '+919845033445', '09845033445', '+91 98450-33445']) {
        const found = await search(ctx, q);
        expect(
          found.items.map((i) => i._id),
          q,
        ).toEqual([lead._id]);
      }
      // Added again under another spelling: the same lead.
      const again = await addLead(ctx, { phone: '+91 9845033445' });
      expect(again.statusCode).toBe(200);
      expect(again.json<Created>()).toMatchObject({ created: false, message: 'This person is already a lead: their lead is shown.', lead: { _id: lead._id } });

      const page = await detail(ctx, lead._id);
      expect(page).toMatchObject({ email: null, phone: '+919845033445', status: 'new', possibleDuplicates: [] });
      expect(page.timeline).toEqual([expect.objectContaining({ type: 'note', text: 'Walked in at the Whitefield site.' })]);

      // The webhook names the phone (and no e-mail).
      await drainNotifications(ctx);
      const [delivery] = await receiver.waitFor(1);
      const body = JSON.parse(delivery!.body) as { type: string; data: { lead: { _id: string; phone: string | null; email: string } } };
      expect(body.type).toBe('lead.created');
      expect(body.data.lead).toMatchObject({ _id: lead._id, phone: '+919845033445', email: '' });

      const xlsx = await ctx.asStaff({ method: 'GET', url: `${LEADS_API.export}?q=${encodeURIComponent('98450 33445')}` });
      expect(xlsx.statusCode).toBe(200);
      const sheet = (await readWorkbook(xlsx.rawPayload)).getWorksheet('Leads')!;
      expect(sheet.rowCount).toBe(2);
      const cells = (sheet.getRow(2).values as unknown[]).map((v) => (v === null || v === undefined ? '' : String(v)));
      expect(cells).toContain('Kiran Rao');
      expect(cells.some((c) => c.includes('98450'))).toBe(true);
    });

    it('refuses a lead with neither an e-mail nor a phone, and a number that is no number, with a sentence per field', async () => {
      const none = await addLead(ctx, { name: 'Nobody', email: ' ', phone: '' });
      expect(none.statusCode).toBe(400);
      expect(none.json()).toMatchObject({
        errors: expect.arrayContaining([
          expect.objectContaining({ field: 'email', message: 'Please give an e-mail address or a phone number.' }),
          expect.objectContaining({ field: 'phone', message: 'Please give an e-mail address or a phone number.' }),
        ]),
      });
      const bad = await addLead(ctx, { phone: '12345', email: 'not-an-email' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        errors: expect.arrayContaining([
          expect.objectContaining({ field: 'phone', message: 'Please enter a valid phone number.' }),
          expect.objectContaining({ field: 'email', message: 'Please enter a valid e-mail address.' }),
        ]),
      });
      const anonymous = await ctx.app.inject({ method: 'POST', url: LEADS_API.list, payload: { phone: '9845012345' } });
      expect(anonymous.statusCode).toBe(401);
    });

    it('assigns a phone-only lead, sets its next action and reminds about it', async () => {
      const { lead } = (await addLead(ctx, { phone: '9845077777', name: 'Ravi' })).json<Created>();
      const staffId = (await ctx.database.db.selectFrom('staffUsers').select('id').where('email', '=', STAFF.email).executeTakeFirstOrThrow()).id;
      const assigned = await ctx.asStaff({ method: 'PATCH', url: LEADS_API.one(lead._id), payload: { assigneeId: staffId, status: 'contacted' } });
      expect(assigned.statusCode, assigned.body).toBe(200);
      expect(assigned.json<{ lead: { assigneeId: string; status: string } }>().lead).toMatchObject({ assigneeId: staffId, status: 'contacted' });
      const due = new Date(Date.now() - 60_000).toISOString();
      const next = await ctx.asStaff({ method: 'PUT', url: LEADS_API.nextAction(lead._id), payload: { text: 'Call back', dueAt: due } });
      expect(next.statusCode, next.body).toBe(200);
      // The reminder is taken for the phone-only lead like any other.
      const { claimDueReminders } = await import('#server/features/leads');
      const taken = await ctx.database.db.transaction().execute((trx) => claimDueReminders(trx, 'next_action_due', new Date(), 100));
      expect(taken.map((t) => t.id)).toContain(lead._id);
    });

    it("joins an arrival to the e-mail's lead when its phone is another lead's, and shows both as possible duplicates", async () => {
      const byMail = (await addLead(ctx, { email: 'meera@example.com', name: 'Meera' })).json<Created>().lead;
      const byPhone = (await addLead(ctx, { phone: '98450 88888', name: 'M. Iyer' })).json<Created>().lead;
      const both = await addLead(ctx, { email: 'Meera@Example.com', phone: '+91 98450 88888' });
      expect(both.statusCode).toBe(200);
      expect(both.json<Created>().lead._id).toBe(byMail._id);
      expect((await detail(ctx, byMail._id)).possibleDuplicates).toEqual([{ _id: byPhone._id, email: null, name: 'M. Iyer', phone: '+919845088888' }]);
      expect((await detail(ctx, byPhone._id)).possibleDuplicates).toEqual([
        { _id: byMail._id, email: 'meera@example.com', name: 'Meera', phone: '+919845088888' },
      ]);
      // Nothing was merged: two leads, each found as before.
      expect((await search(ctx, '98450 88888')).items.map((i) => i._id).sort()).toEqual([byMail._id, byPhone._id].sort());
    });

    it('lets an owner erase a phone-only lead', async () => {
      const { lead } = (await addLead(ctx, { phone: '9845066666' })).json<Created>();
      const erased = await ctx.asStaff({ method: 'DELETE', url: `/api/leads/${lead._id}` });
      expect(erased.statusCode, erased.body).toBe(200);
      expect((await ctx.asStaff({ method: 'GET', url: LEADS_API.one(lead._id) })).statusCode).toBe(404);
      expect((await search(ctx, '9845066666')).items).toEqual([]);
    });
  },
  {
    notify: {
      smtpUrl: mail.url,
      mailFrom: '"Test Studio" <studio@abode.test>',
      mailDir: '/nonexistent',
      notifyEmails: ['owner@abode.test'],
      confirmVisitors: true,
      allowPrivateWebhooks: true,
      dispatch: false,
    },
  },
);
