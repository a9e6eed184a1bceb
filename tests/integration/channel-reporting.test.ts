import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { CHANNEL_MESSAGES, type Channel } from '#shared/channels/channels.contract';
import type { LeadDetail, LeadList } from '#shared/leads/leads.contract';
import { LEADS_API } from '#shared/leads/leads.api';
import type { AnswerRow } from '#shared/results/results.contract';
import type { CampaignSummaryResult } from '#shared/results/campaign-summary.contract';
import { WEBHOOKS_API } from '#shared/notifications/notifications.api';
import { describeEachDatabase, drainNotifications, type TestContext } from '../helpers/app';
import { startMailServer } from '../helpers/mail-server';
import { startWebhookReceiver } from '../helpers/webhook-receiver';
import { readWorkbook, rowValues, sheetRows } from '../helpers/xlsx';
import { testImage } from '../helpers/images';
import { multipart } from '../helpers/multipart';
import { createActiveCampaign, respond, surveyText, visitorEmail } from '../factories/campaigns';

/*
 * Attribution (README "Channels", decision 0033): the contact form and the enquiry keep
 * the channel, UTM values and referrer and touch the lead; staff read the channel and UTM values in
 * the leads inbox (filter and item), the answers table (and its filter), the results' summary
 * filter, the "New lead" e-mail (real SMTP server), the lead.created / survey.completed webhooks (a
 * real HTTP receiver) and as the last columns of the leads and answers .xlsx (read back with ExcelJS).
 */

const mail = await startMailServer();
const receiver = await startWebhookReceiver();
afterAll(async () => {
  await mail.close();
  await receiver.close();
});

const NOTIFY = {
  smtpUrl: mail.url,
  mailFrom: '"Test Studio" <studio@abode.test>',
  mailDir: '/nonexistent',
  notifyEmails: ['owner@abode.test'],
  confirmVisitors: false,
  allowPrivateWebhooks: true,
  dispatch: false,
};

const SURVEY = {
  pages: [
    {
      name: 'p1',
      elements: [
        {
          type: 'radiogroup',
          name: 'size',
          title: 'Bedrooms',
          choices: [
            { value: 2, text: 'Two' },
            { value: 3, text: 'Three' },
          ],
        },
        // Filled from the link (?ref=…), never shown to the visitor.
        { type: 'text', name: 'ref', title: 'Referral code', visible: false, fromLink: true },
      ],
    },
  ],
};

describeEachDatabase(
  'channel attribution for staff',
  (ctx) => {
    let campaign = '';
    let instagram: Channel;
    let flyer: Channel;

    async function channel(name: string, body: Record<string, unknown> = {}): Promise<Channel> {
      const res = await ctx.asStaff({ method: 'POST', url: '/api/channels', payload: { name, kind: 'link', campaignId: campaign, ...body } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ channel: Channel }>().channel;
    }
    const addEmail = async (payload: Record<string, unknown>) => {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/email/add', payload: { campaignid: campaign, ...payload } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ emailID: string }>().emailID;
    };
    const contact = (response: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/contactus/add',
        payload: { response: { firstname: 'Asha', lastname: 'Rao', requestquotation: 'Homes', message: 'A 3 BHK, please.', ...response } },
      });
    async function leadOf(email: string): Promise<LeadDetail> {
      const row = await ctx.database.db.selectFrom('leads').select('id').where('emailKey', '=', email.toLowerCase()).executeTakeFirstOrThrow();
      return (await ctx.asStaff({ method: 'GET', url: `/api/leads/${row.id}` })).json<LeadDetail>();
    }

    beforeAll(async () => {
      campaign = await createActiveCampaign(ctx, { name: 'Diwali homes', questions: surveyText(SURVEY) });
      instagram = await channel('Instagram bio', { utmSource: 'instagram', utmMedium: 'social' });
      flyer = await channel('Flyer at the mall', { kind: 'qr' });
    });
    beforeEach(async () => {
      await drainNotifications(ctx);
      mail.messages.length = 0;
      receiver.received.length = 0;
      await ctx.database.db.deleteFrom('webhookEndpoints').execute();
    });

    it("keeps a contact message's channel, UTM values (the channel's under the link's, trimmed) and referrer, and makes them the lead's touches", async () => {
      const email = visitorEmail();
      const res = await contact({ email, channel: instagram.code, utm: { medium: ' story ', campaign: 'diwali' }, referrer: 'https://l.instagram.com/x?y=1' });
      expect(res.statusCode, res.body).toBe(201);
      const row = await ctx.database.db.selectFrom('contactMessages').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ channelId: instagram.id, referrerHost: 'l.instagram.com' });
      expect(JSON.parse(row.utm!)).toEqual({ source: 'instagram', medium: 'story', campaign: 'diwali' });
      const lead = await leadOf(email);
      expect(lead.firstTouch).toMatchObject({
        channelId: instagram.id,
        channelName: 'Instagram bio',
        utm: { source: 'instagram', medium: 'story', campaign: 'diwali' },
      });
      expect(lead.latestTouch).toEqual(lead.firstTouch);

      // A later message without a channel changes neither touch; one through another channel is the latest.
      expect((await contact({ email })).statusCode).toBe(201);
      expect((await leadOf(email)).latestTouch).toEqual(lead.firstTouch);
      expect((await contact({ email, channel: flyer.code })).statusCode).toBe(201);
      const after = await leadOf(email);
      expect(after.firstTouch).toEqual(lead.firstTouch);
      expect(after.latestTouch).toMatchObject({ channelId: flyer.id, channelName: 'Flyer at the mall', utm: null });
    });

    it('never refuses a message for its link: an unknown code is left out, UTM values kept; bad UTM values are a 400 with a sentence', async () => {
      const email = visitorEmail();
      expect((await contact({ email, channel: 'NOSUCH1', utm: { source: 'whatsapp' } })).statusCode).toBe(201);
      const row = await ctx.database.db.selectFrom('contactMessages').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
      expect(row.channelId).toBeNull();
      expect(JSON.parse(row.utm!)).toEqual({ source: 'whatsapp' });
      expect((await leadOf(email)).firstTouch).toMatchObject({ channelId: null, utm: { source: 'whatsapp' } });
      const bad = await contact({ email: visitorEmail(), utm: { source: 'x'.repeat(201) } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({
        message: CHANNEL_MESSAGES.utm,
        code: 'VALIDATION',
        errors: [{ field: 'response.utm.source', message: CHANNEL_MESSAGES.utm }],
      });
    });

    it('keeps the channel of an enquiry sent by the JSON call and by the plain form', async () => {
      const fields = {
        name: 'Lakeside Residency',
        area: 'Whitefield, Bengaluru',
        squareft: '1200',
        dateofcomplition: '15-12-2026',
        sizeofunit: '3 BHK',
        gmaplink: '',
      };
      const body = await multipart(fields, { bytes: await testImage('png'), filename: 'p.png', type: 'image/png' });
      const added = await ctx.asStaff({ method: 'POST', url: '/api/project/add', payload: body.payload, headers: body.headers });
      expect(added.statusCode, added.body).toBe(201);
      const home = added.json<{ _id: string }>()._id;

      const jsonEmail = visitorEmail();
      const json = await contact({
        lastname: undefined,
        requestquotation: undefined,
        email: jsonEmail,
        listingId: home,
        listingKind: 'project',
        channel: flyer.code,
        utm: { campaign: 'mall' },
      });
      expect(json.statusCode, json.body).toBe(201);
      expect((await leadOf(jsonEmail)).firstTouch).toMatchObject({ channelId: flyer.id, utm: { campaign: 'mall' } });

      const formEmail = visitorEmail();
      const form = await ctx.app.inject({
        method: 'POST',
        url: '/enquiry',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          firstname: 'Ravi',
          email: formEmail,
          message: 'Is it ready to move in?',
          listingId: home,
          listingKind: 'project',
          channel: instagram.code,
          utm_campaign: 'reel',
          referrer: 'www.facebook.com',
        }).toString(),
      });
      expect(form.statusCode, form.body).toBe(303);
      const row = await ctx.database.db.selectFrom('contactMessages').selectAll().where('email', '=', formEmail).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ channelId: instagram.id, referrerHost: 'www.facebook.com', listingId: home });
      expect(JSON.parse(row.utm!)).toEqual({ source: 'instagram', medium: 'social', campaign: 'reel' });
    });

    it('lists each lead with its touches and filters the inbox (and its .xlsx, Channel + UTM columns last) by channel', async () => {
      const viaInstagram = visitorEmail();
      await addEmail({ email: viaInstagram, channel: instagram.code, utm: { content: 'reel 3' } });
      const viaFlyer = visitorEmail();
      await addEmail({ email: viaFlyer, channel: flyer.code });
      const direct = visitorEmail();
      await addEmail({ email: direct });

      const list = async (query: string) => {
        const res = await ctx.asStaff({ method: 'GET', url: `/api/leads?limit=200${query}` });
        expect(res.statusCode, res.body).toBe(200);
        return res.json<LeadList>();
      };
      const all = await list('');
      const item = (email: string) => all.items.find((i) => i.email === email)!;
      expect(item(viaInstagram).firstTouch).toMatchObject({
        channelId: instagram.id,
        channelName: 'Instagram bio',
        utm: { source: 'instagram', medium: 'social', content: 'reel 3' },
      });
      expect(item(direct).firstTouch).toBeNull();
      const filtered = await list(`&channelId=${flyer.id}`);
      expect(filtered.items.map((i) => i.email)).toContain(viaFlyer);
      expect(filtered.items.map((i) => i.email)).not.toContain(viaInstagram);
      expect(filtered.items.map((i) => i.email)).not.toContain(direct);
      expect(filtered.items.every((i) => i.firstTouch?.channelId === flyer.id || i.latestTouch?.channelId === flyer.id)).toBe(true);
      expect(filtered.total).toBe(filtered.items.length);

      const res = await ctx.asStaff({ method: 'GET', url: `${LEADS_API.export}?channelId=${instagram.id}` });
      expect(res.statusCode).toBe(200);
      const sheet = (await readWorkbook(res.rawPayload)).getWorksheet('Leads')!;
      const header = rowValues(sheet, 1);
      // The columns that were there stay where they were; the new ones come after them.
      expect(header.slice(0, 10)).toEqual([
        'Name',
        'Email',
        'Phone',
        'Status',
        'Sources',
        'Campaign',
        'Survey finished',
        'Assignee',
        'First contact',
        'Last activity',
      ]);
      expect(header.slice(10)).toEqual(['Channel', 'UTM source', 'UTM medium', 'UTM campaign', 'UTM content', 'UTM term']);
      const rows = sheetRows(sheet, 2);
      const mine = rows.find((r) => r[1] === viaInstagram)!;
      expect(mine.slice(10)).toEqual(['Instagram bio', 'instagram', 'social', undefined, 'reel 3']);
      expect(rows.some((r) => r[1] === viaFlyer || r[1] === direct)).toBe(false);
    });

    it('shows the channel, UTM values and the value filled from the link in the answers table, its filter, the summary and the .xlsx', async () => {
      const a = visitorEmail();
      const aId = await addEmail({ email: a, channel: instagram.code, utm: { campaign: 'diwali' } });
      expect((await respond(ctx, campaign, a, aId, { size: 3, ref: 'abc' })).statusCode).toBe(200);
      const b = visitorEmail();
      const bId = await addEmail({ email: b });
      expect((await respond(ctx, campaign, b, bId, { size: 2 })).statusCode).toBe(200);

      const rows = (await ctx.asStaff({ method: 'GET', url: `/api/campaign/answers/${campaign}` })).json<AnswerRow[]>();
      const rowA = rows.find((r) => r.email === a)!;
      expect(rowA.channel).toEqual({ id: instagram.id, code: instagram.code, name: 'Instagram bio' });
      expect(rowA.utm).toEqual({ source: 'instagram', medium: 'social', campaign: 'diwali' });
      expect(JSON.parse(rowA.result)).toEqual({ size: 3, ref: 'abc' });
      const rowB = rows.find((r) => r.email === b)!;
      expect(rowB).not.toHaveProperty('channel');
      expect(rowB).not.toHaveProperty('utm');

      const onlyInstagram = await ctx.asStaff({ method: 'GET', url: `/api/campaign/answers/${campaign}?channelId=${instagram.id}` });
      expect(onlyInstagram.statusCode, onlyInstagram.body).toBe(200);
      expect(onlyInstagram.json<AnswerRow[]>().map((r) => r.email)).toEqual([a]);

      const summary = await ctx.asStaff({ method: 'GET', url: `/api/campaign/summary/${campaign}?channelId=${instagram.id}` });
      expect(summary.statusCode, summary.body).toBe(200);
      const result = summary.json<CampaignSummaryResult>();
      expect(result.completed).toBe(1);
      expect(result.funnel[0]!.count).toBe(await countRecords(ctx, campaign, instagram.id));
      const everyone = (await ctx.asStaff({ method: 'GET', url: `/api/campaign/summary/${campaign}` })).json<CampaignSummaryResult>();
      expect(everyone.completed).toBe(2);

      const download = await ctx.asStaff({ method: 'GET', url: `/api/campaign/download/${campaign}` });
      expect(download.statusCode).toBe(200);
      const book = await readWorkbook(download.rawPayload);
      const responses = book.getWorksheet('Responses')!;
      expect(rowValues(responses, 1)).toEqual([
        'Email',
        'Date',
        'Bedrooms',
        'Referral code',
        'Channel',
        'UTM source',
        'UTM medium',
        'UTM campaign',
        'UTM content',
        'UTM term',
      ]);
      const sheetA = sheetRows(responses, 2).find((r) => r[0] === a)!;
      expect(sheetA.slice(2)).toEqual(['Three', 'abc', 'Instagram bio', 'instagram', 'social', 'diwali']);
      const emails = book.getWorksheet('E-mails')!;
      expect(rowValues(emails, 1)).toEqual(['Email', 'Date', 'Completed', 'Channel', 'UTM source', 'UTM medium', 'UTM campaign', 'UTM content', 'UTM term']);
      expect(
        sheetRows(emails, 2)
          .find((r) => r[0] === a)!
          .slice(2),
      ).toEqual(['Yes', 'Instagram bio', 'instagram', 'social', 'diwali']);
      const filteredBook = await readWorkbook(
        (await ctx.asStaff({ method: 'GET', url: `/api/campaign/download/${campaign}?channelId=${instagram.id}` })).rawPayload,
      );
      expect(sheetRows(filteredBook.getWorksheet('Responses')!, 2).map((r) => r[0])).toEqual([a]);
    });

    it('names the channel and UTM values in the lead.created and survey.completed webhooks and the "New lead" e-mail', async () => {
      const endpoint = await ctx.asStaff({
        method: 'POST',
        url: WEBHOOKS_API.create,
        payload: { url: receiver.url, events: ['survey.completed', 'lead.created', 'contact.created'] },
      });
      expect(endpoint.statusCode).toBe(201);
      const email = visitorEmail();
      const id = await addEmail({ email, channel: instagram.code, utm: { campaign: 'diwali', term: '3 bhk' } });
      expect((await respond(ctx, campaign, email, id, { size: 3, ref: 'abc' })).statusCode).toBe(200);
      const direct = visitorEmail();
      await addEmail({ email: direct });
      await drainNotifications(ctx);
      const hooks = (await receiver.waitFor(3)).map(
        (h) => JSON.parse(h.body) as { type: string; data: { lead: { email: string }; channel: unknown; utm: unknown } },
      );
      const of = (type: string, who: string) => hooks.find((h) => h.type === type && h.data.lead.email === who)!;
      const expected = {
        channel: { id: instagram.id, code: instagram.code, name: 'Instagram bio' },
        utm: { source: 'instagram', medium: 'social', campaign: 'diwali', term: '3 bhk' },
      };
      expect(of('lead.created', email).data).toMatchObject(expected);
      expect(of('survey.completed', email).data).toMatchObject(expected);
      expect(of('lead.created', direct).data).toMatchObject({ channel: null, utm: null });

      const staff = (await mail.waitFor(1)).find((m) => m.subject === `New lead: ${email} — Diwali homes`)!;
      expect(staff.text).toContain('Channel: Instagram bio');
      expect(staff.text).toContain('UTM: source instagram · medium social · campaign diwali · term 3 bhk');
      const html = String(staff.html);
      expect(html).toContain('Instagram bio');
      expect(html).toContain('campaign diwali');
    });
  },
  { notify: NOTIFY },
);

async function countRecords(ctx: TestContext, campaignId: string, channelId: string): Promise<number> {
  const row = await ctx.database.db
    .selectFrom('emailRecords')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('campaignId', '=', campaignId)
    .where('channelId', '=', channelId)
    .where('isExtra', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
