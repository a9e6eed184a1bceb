import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { CAMPAIGN_MESSAGES } from '#shared/surveys/campaigns.contract';
import type { NewsletterSubscriber } from '#shared/consent/consent.contract';
import { LEADS_API } from '#shared/leads/leads.api';
import type { LeadDetail } from '#shared/leads/leads.contract';
import { DEFAULT_SLOT_SETTINGS, type SlotSettings, type VisitSlot } from '#shared/visits/visits.contract';
import { newsletterConfirmToken, readNewsletterConfirmToken, unsubscribeToken } from '#server/features/consent/consent.service';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { startMailServer } from '../helpers/mail-server';
import { multipart } from '../helpers/multipart';
import { testImage } from '../helpers/images';
import { readWorkbook, sheetRows } from '../helpers/xlsx';
import { createActiveCampaign, surveyText } from '../factories/campaigns';

/*
 * Anyone can type anyone's e-mail address. What arrives that way (a ticked newsletter box, a booking,
 * a contact message, a finished survey) must not undo a person's unsubscribe nor overwrite what staff
 * or the person set (decision 0018: double opt-in; decision 0023: arrivals).
 */

const mail = await startMailServer();
afterAll(() => mail.close());

const SITE = 'https://abode.test';
const ARRIVAL = 'Website (address not verified)';
const SURVEY = {
  pages: [
    {
      name: 'p1',
      elements: [
        { type: 'text', name: 'fullName', title: 'Your name', leadField: 'name' },
        { type: 'text', name: 'mobile', title: 'Mobile number', inputType: 'tel', leadField: 'phone' },
        { type: 'radiogroup', name: 'size', title: 'Bedrooms', choices: [2, 3] },
      ],
    },
  ],
};

async function drain(ctx: TestContext) {
  for (let i = 0; i < 50; i++) {
    const { fannedOut, attempted } = await ctx.app.notifications.runOnce();
    if (fannedOut + attempted === 0) return;
  }
  throw new Error('the dispatcher did not settle');
}

/** Waits until the mail server has seen nothing new for a while. */
async function settled() {
  let count = -1;
  while (count !== mail.messages.length) {
    count = mail.messages.length;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const to = (address: string) => mail.messages.filter((m) => !Array.isArray(m.to) && m.to?.text.toLowerCase() === address.toLowerCase());
const thanks = (address: string) => to(address).filter((m) => m.subject?.startsWith('Thank you'));
const confirmations = (address: string) => to(address).filter((m) => m.subject?.startsWith('Confirm your newsletter'));
const confirmLink = (m: ParsedMail) => /https:\/\/abode\.test(\/(?:hi\/)?newsletter\/confirm\?token=[\w.%-]+)/.exec(m.text ?? '')?.[1];
const tokenOf = (link: string) => new URL(link, SITE).searchParams.get('token')!;

describeEachDatabase(
  'unverified arrivals: double opt-in and leads kept as staff set them',
  (ctx) => {
    let campaignId = '';
    beforeAll(async () => {
      campaignId = await createActiveCampaign(ctx, { name: 'Dream home', questions: surveyText(SURVEY) });
    });
    beforeEach(async () => {
      await drain(ctx);
      await settled();
      mail.messages.length = 0;
    });

    const signUp = (email: string, body: Record<string, unknown> = {}) =>
      ctx.app.inject({ method: 'POST', url: '/api/email/add', payload: { email, campaignid: campaignId, ...body } });

    async function finish(email: string, answer: Record<string, unknown> = { size: 2 }) {
      const added = await signUp(email);
      expect([200, 201]).toContain(added.statusCode);
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/campaign/response/${campaignId}`,
        payload: { response: { email, emailId: added.json().emailID, answer } },
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    async function unsubscribe(email: string) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: { token: unsubscribeToken(ctx.config.jwtSecret, email) } });
      expect(res.statusCode).toBe(200);
    }

    async function newsletter(): Promise<NewsletterSubscriber[]> {
      const res = await ctx.asStaff({ method: 'GET', url: '/api/newsletter' });
      expect(res.statusCode).toBe(200);
      return res.json<NewsletterSubscriber[]>();
    }

    async function exported(): Promise<string> {
      const xlsx = await ctx.asStaff({ method: 'GET', url: '/api/newsletter/export' });
      expect(xlsx.statusCode).toBe(200);
      return sheetRows((await readWorkbook(xlsx.rawPayload)).getWorksheet('Newsletter')!)
        .map((r) => r.join(' '))
        .join('\n');
    }

    /** A stranger's newsletter sign-up: the answer is the specification's, whatever happens inside. */
    async function strangerSubscribes(email: string) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/email/add',
        payload: { email, campaignid: null, newsletter: true },
        remoteAddress: '203.0.113.9',
      });
      expect([200, 201]).toContain(res.statusCode);
      expect(res.json()).toEqual({ emailID: expect.any(String), message: CAMPAIGN_MESSAGES.newsletterSaved, newsletter: true });
    }

    async function leadOf(email: string): Promise<LeadDetail> {
      const row = await ctx.database.db.selectFrom('leads').select('id').where('emailKey', '=', email.toLowerCase()).executeTakeFirstOrThrow();
      const res = await ctx.asStaff({ method: 'GET', url: LEADS_API.one(row.id) });
      expect(res.statusCode).toBe(200);
      return res.json<LeadDetail>();
    }

    /** Confirms through the page's form, as a browser without script does. */
    const pressConfirm = (token: string, language?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/newsletter/confirm',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ token, ...(language ? { language } : {}) }).toString(),
      });

    it('after an unsubscribe, a stranger who ticks the newsletter box for the address neither subscribes it nor restarts its visitor mail', async () => {
      const victim = 'victim@example.com';
      await finish(victim);
      await drain(ctx);
      await settled();
      expect(thanks(victim)).toHaveLength(1);
      await unsubscribe(victim);
      mail.messages.length = 0;

      await strangerSubscribes(victim);
      await strangerSubscribes('Victim@Example.com');
      const listed = (await newsletter()).find((s) => s.email.toLowerCase() === victim);
      expect(listed?.state).not.toBe('confirmed');
      expect(await exported()).not.toContain(victim);

      // The stranger then finishes a survey under the address: no confirmation of it goes out.
      await finish(victim);
      await drain(ctx);
      await settled();
      expect(thanks(victim)).toHaveLength(0);
      // The one mail the address gets: the confirmation link, once for both sign-ups of the day.
      expect(confirmations(victim)).toHaveLength(1);
      expect(confirmations(victim)[0]!.text).not.toContain('203.0.113.9');
    });

    it('the link mailed to the address confirms the newsletter and lifts the unsubscribe; the link works once', async () => {
      const person = 'comeback@example.com';
      await finish(person);
      await unsubscribe(person);
      await strangerSubscribes(person);
      await drain(ctx);
      await settled();
      const link = confirmLink(confirmations(person)[0]!);
      expect(link).toMatch(/^\/newsletter\/confirm\?token=/);
      // Opening the link only shows the button (mail scanners open links).
      const page = await ctx.app.inject({ method: 'GET', url: link! });
      expect(page.statusCode).toBe(200);
      expect((await newsletter()).find((s) => s.email === person)?.state).toBe('pending');

      const pressed = await pressConfirm(tokenOf(link!));
      expect(pressed.statusCode).toBe(303);
      expect(pressed.headers.location).toBe('/newsletter/confirm?done=1');
      const subscriber = (await newsletter()).find((s) => s.email === person);
      expect(subscriber).toMatchObject({ state: 'confirmed', confirmedAt: expect.any(String), noticePurpose: 'newsletter' });
      expect(await exported()).toContain(person);
      // The consent row is the one the sign-up stored, now confirmed.
      const rows = await ctx.database.db
        .selectFrom('consents')
        .select(['confirmedAt', 'granted'])
        .where('purpose', '=', 'newsletter')
        .where('leadId', '=', subscriber!.leadId)
        .execute();
      expect(rows.filter((r) => r.confirmedAt !== null)).toHaveLength(1);

      // Visitor mail comes again.
      mail.messages.length = 0;
      await finish(person);
      await drain(ctx);
      await settled();
      expect(thanks(person)).toHaveLength(1);

      // A second press of the same link: refused, with the page saying why; JSON gets a 400.
      const again = await pressConfirm(tokenOf(link!));
      expect(again.statusCode).toBe(303);
      expect(again.headers.location).toBe('/newsletter/confirm?refused=1');
      const json = await ctx.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token: tokenOf(link!) } });
      expect(json.statusCode).toBe(400);
      expect(json.json()).toMatchObject({ code: 'VALIDATION', message: expect.stringMatching(/not valid/) });
      expect((await ctx.app.inject({ method: 'GET', url: '/newsletter/confirm?refused=1' })).statusCode).toBe(200);
    });

    it('refuses a changed, made-up or expired confirmation link, and confirms nothing', async () => {
      const person = 'tamper@example.com';
      await strangerSubscribes(person);
      await drain(ctx);
      await settled();
      const link = confirmLink(confirmations(person)[0]!)!;
      const token = tokenOf(link);
      const id = readNewsletterConfirmToken(ctx.config.jwtSecret, token, new Date())!;
      expect(id).toBeTruthy();
      const [prefix, body, sig] = token.split('.');
      const otherBody = Buffer.from(JSON.stringify({ c: 'someone-else', x: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url');
      const expired = newsletterConfirmToken(ctx.config.jwtSecret, id, new Date(Date.now() - 1000));
      const unsubscribeLink = unsubscribeToken(ctx.config.jwtSecret, person);
      for (const bad of [
        `${prefix}.${otherBody}.${sig}`,
        `${prefix}.${body}.${sig}x`,
        'nonsense',
        expired,
        unsubscribeLink,
        newsletterConfirmToken('another-secret-that-is-long-enough-0123456789', id, new Date(Date.now() + 3600_000)),
      ]) {
        const res = await ctx.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token: bad } });
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().message).toMatch(/link/);
      }
      expect((await ctx.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: {} })).statusCode).toBe(400);
      // The form from the Hindi page goes back to the Hindi page.
      const hindi = await pressConfirm(expired, 'hi');
      expect(hindi.statusCode).toBe(303);
      expect(hindi.headers.location).toBe('/hi/newsletter/confirm?refused=1');
      expect((await ctx.app.inject({ method: 'GET', url: '/hi/newsletter/confirm?refused=1' })).statusCode).toBe(200);
      expect((await newsletter()).find((s) => s.email === person)?.state).toBe('pending');
      expect(await exported()).not.toContain(person);
      // The real link still works (nothing above used it).
      expect((await pressConfirm(token)).headers.location).toBe('/newsletter/confirm?done=1');
    });

    it('a new sign-up waits for its confirmation too, in the language of its page', async () => {
      const person = 'new-reader@example.com';
      const res = await signUp(person, { campaignid: null, newsletter: true, language: 'hi' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ message: CAMPAIGN_MESSAGES.newsletterSaved, newsletter: true });
      expect((await newsletter()).find((s) => s.email === person)).toMatchObject({ state: 'pending', confirmedAt: null });
      expect(await exported()).not.toContain(person);
      await drain(ctx);
      await settled();
      // In Hindi: the page it came from was.
      const [message, ...more] = to(person);
      expect(more).toEqual([]);
      expect(message!.subject).toContain('न्यूज़लेटर');
      const link = /https:\/\/abode\.test(\/hi\/newsletter\/confirm\?token=[\w.%-]+)/.exec(message!.text ?? '')?.[1];
      expect(link).toBeTruthy();
      expect((await pressConfirm(tokenOf(link!), 'hi')).headers.location).toBe('/hi/newsletter/confirm?done=1');
      expect((await newsletter()).find((s) => s.email === person)?.state).toBe('confirmed');
    });

    it("a contact message in someone's name keeps the lead's phone, name and status, and notes what it gave", async () => {
      const email = 'won.contact@example.com';
      const first = await ctx.app.inject({
        method: 'POST',
        url: '/api/contactus/add',
        payload: { response: { firstname: 'Asha', lastname: 'Rao', email, requestquotation: 'Homes', message: 'Call me.', phone: '98450 11111' } },
      });
      expect(first.statusCode).toBe(201);
      const lead = await leadOf(email);
      expect(lead).toMatchObject({ name: 'Asha Rao', phone: '+919845011111' });
      expect((await ctx.asStaff({ method: 'PATCH', url: LEADS_API.one(lead._id), payload: { status: 'won' } })).statusCode).toBe(200);

      const stranger = await ctx.app.inject({
        method: 'POST',
        url: '/api/contactus/add',
        payload: {
          response: { firstname: 'Mallory', lastname: 'X', email, requestquotation: 'Homes', message: 'Call this number instead.', phone: '98450 66666' },
        },
      });
      expect(stranger.statusCode).toBe(201);
      const after = await leadOf(email);
      expect(after).toMatchObject({ name: 'Asha Rao', phone: '+919845011111', status: 'won' });
      const lines = after.timeline.filter((e) => e.type === 'note').map((e) => ({ by: e.by, text: e.text }));
      expect(lines).toEqual([
        { by: ARRIVAL, text: 'Name given: Mallory X' },
        { by: ARRIVAL, text: 'Phone given: +919845066666' },
      ]);
      // The message itself is on the lead, with the phone it gave.
      expect(after.activities.filter((a) => a.type === 'contact').map((a) => a.phone)).toEqual(['+919845011111', '+919845066666']);
    });

    it('a contact message fills a phone the lead does not have yet, without a timeline line', async () => {
      const email = 'no-phone@example.com';
      await finish(email);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/contactus/add',
        payload: { response: { firstname: 'Ravi', lastname: 'K', email, requestquotation: 'Homes', message: 'Hi', phone: '98450 22222' } },
      });
      expect(res.statusCode).toBe(201);
      const lead = await leadOf(email);
      expect(lead).toMatchObject({ name: 'Ravi K', phone: '+919845022222' });
      expect(lead.timeline.filter((e) => e.type === 'note')).toEqual([]);
    });

    it("a booking in someone's name keeps a won lead won with its phone; a new lead still moves to visit", async () => {
      const body = await multipart(
        { title: 'Arrival Studio', address: '1 Lake Road, Bengaluru', gmaplink: 'https://maps.example/lake' },
        { bytes: await testImage('png'), filename: 's.png', type: 'image/png' },
      );
      const studio = await ctx.asStaff({ method: 'POST', url: '/api/studio/add', payload: body.payload, headers: body.headers });
      expect(studio.statusCode, studio.body).toBe(201);
      const studioId = studio.json<{ _id: string }>()._id;
      const week: SlotSettings = {
        ...DEFAULT_SLOT_SETTINGS,
        enabled: true,
        weeklyHours: DEFAULT_SLOT_SETTINGS.weeklyHours.map(() => ({ open: true, from: '09:00', to: '18:00' })),
        seats: 5,
        daysAhead: 10,
      };
      expect((await ctx.asStaff({ method: 'PUT', url: `/api/visits/settings/${studioId}`, payload: week })).statusCode).toBe(200);
      const [slot] = (await ctx.app.inject({ method: 'GET', url: `/api/visits/slots?studio=${studioId}` })).json<VisitSlot[]>();

      const email = 'won.booking@example.com';
      await ctx.app.inject({
        method: 'POST',
        url: '/api/contactus/add',
        payload: { response: { firstname: 'Meera', lastname: 'S', email, requestquotation: 'Homes', message: 'Hello', phone: '98450 33333' } },
      });
      const lead = await leadOf(email);
      expect((await ctx.asStaff({ method: 'PATCH', url: LEADS_API.one(lead._id), payload: { status: 'won' } })).statusCode).toBe(200);

      const booked = await ctx.app.inject({
        method: 'POST',
        url: '/api/visits',
        payload: { slotStart: slot!.start, studioId, email, name: 'Mallory', phone: '98450 77777' },
      });
      expect(booked.statusCode, booked.body).toBe(201);
      const after = await leadOf(email);
      expect(after).toMatchObject({ name: 'Meera S', phone: '+919845033333', status: 'won' });
      expect(after.timeline.filter((e) => e.type === 'status').map((e) => [e.from, e.to])).toEqual([['new', 'won']]);
      const notes = after.timeline.filter((e) => e.type === 'note').map((e) => e.text);
      expect(notes).toEqual(
        expect.arrayContaining(['Name given: Mallory', 'Phone given: +919845077777', 'Site visit booked on the website; the status stays won.']),
      );

      const fresh = await ctx.app.inject({
        method: 'POST',
        url: '/api/visits',
        payload: { slotStart: slot!.start, studioId, email: 'first.booking@example.com', phone: '98450 88888' },
      });
      expect(fresh.statusCode).toBe(201);
      expect(await leadOf('first.booking@example.com')).toMatchObject({ status: 'visit', phone: '+919845088888' });
    });

    it("a survey finished again under a lead's address keeps the name and phone staff see, and is one more activity", async () => {
      const email = 'surveyed@example.com';
      await finish(email, { fullName: 'Asha R.', mobile: '98450 44444', size: 3 });
      await finish(email, { fullName: 'Mallory', mobile: '98450 99999', size: 2 });
      const lead = await leadOf(email);
      expect(lead).toMatchObject({ name: 'Asha R.', phone: '+919845044444', completed: true });
      expect(lead.timeline.filter((e) => e.type === 'note').map((e) => e.text)).toEqual(['Name given: Mallory', 'Phone given: +919845099999']);
      const responses = lead.activities.filter((a) => a.type === 'response');
      expect(responses.map((a) => a.answers?.find((x) => x.question === 'Your name')?.answer)).toEqual(['Asha R.', 'Mallory']);
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
      visitorMailLimits: { perRecipientHour: 100, perSenderHour: 100 },
    },
    publicBaseUrl: SITE,
  },
);

describeEachDatabase(
  'the newsletter confirmation counts as visitor mail (decision 0014)',
  (ctx) => {
    beforeEach(async () => {
      await drain(ctx);
      await settled();
      mail.messages.length = 0;
    });

    it('is held, not sent, once the address had its visitor mail for the hour', async () => {
      const campaignId = await createActiveCampaign(ctx, { name: 'Capped', questions: surveyText(SURVEY) });
      const email = 'capped@example.com';
      const added = await ctx.app.inject({ method: 'POST', url: '/api/email/add', payload: { email, campaignid: campaignId } });
      const done = await ctx.app.inject({
        method: 'POST',
        url: `/api/campaign/response/${campaignId}`,
        payload: { response: { email, emailId: added.json().emailID, answer: { size: 2 } } },
      });
      expect(done.statusCode).toBe(200);
      await drain(ctx);
      await settled();
      expect(thanks(email)).toHaveLength(1);

      const res = await ctx.app.inject({ method: 'POST', url: '/api/email/add', payload: { email, campaignid: null, newsletter: true } });
      expect([200, 201]).toContain(res.statusCode);
      await drain(ctx);
      await settled();
      expect(confirmations(email)).toHaveLength(0);
      const held = await ctx.database.db
        .selectFrom('notificationDeliveries')
        .innerJoin('notificationEvents', 'notificationEvents.id', 'notificationDeliveries.eventId')
        .select(['notificationDeliveries.status', 'notificationDeliveries.lastError'])
        .where('notificationEvents.type', '=', 'newsletter.confirm')
        .execute();
      expect(held).toEqual([{ status: 'skipped', lastError: expect.stringMatching(/already had its visitor mail/) }]);
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
      visitorMailLimits: { perRecipientHour: 1, perSenderHour: 100 },
    },
    publicBaseUrl: SITE,
  },
);
