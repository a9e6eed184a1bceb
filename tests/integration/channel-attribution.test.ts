import { runInNewContext } from 'node:vm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '#server/app';
import { createDatabase, type DatabaseHandle } from '#server/db/database';
import { CHANNEL_MESSAGES, type Channel } from '#shared/channels/channels.contract';
import { CAMPAIGN_MESSAGES } from '#shared/surveys/campaigns.contract';
import type { LeadDetail } from '#shared/leads/leads.contract';
import { describeEachDatabase } from '../helpers/app';
import { createActiveCampaign, createCampaign, respond, visitorEmail } from '../factories/campaigns';

/*
 * Channels on the visitor's path (README "Channels"): POST /api/email/add with a channel code, UTM
 * values and the referrer's host; the channel's schedule, pause switch and cap; the lead's first and
 * latest touch.
 */
const CONTACT = { name: 'Test Studio', phone: '+91 00000 00000', whatsapp: '+91 00000 00001', email: 'studio@abode.test' };

describeEachDatabase('channels on the visitor path', (ctx) => {
  /** An app on the same database whose clock the test sets (a channel's schedule is read at "now"). */
  let clocked: FastifyInstance;
  let now = new Date('2027-01-01T00:00:00Z');
  let campaign = '';
  let other = '';
  beforeAll(async () => {
    clocked = await buildApp(ctx.config, { database: ctx.database, logger: false, clock: () => now });
    await clocked.ready();
    campaign = await createActiveCampaign(ctx);
    other = await createCampaign(ctx); // not active: a channel's visitors answer it all the same
  });
  afterAll(async () => {
    await clocked?.close();
  });

  async function channel(body: Record<string, unknown>): Promise<Channel> {
    const res = await ctx.asStaff({ method: 'POST', url: '/api/channels', payload: { name: 'A channel', kind: 'link', campaignId: other, ...body } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ channel: Channel }>().channel;
  }
  const add = (payload: Record<string, unknown>, app: FastifyInstance = clocked) =>
    app.inject({ method: 'POST', url: '/api/email/add', payload } as InjectOptions);
  const record = (id: string) => ctx.database.db.selectFrom('emailRecords').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  async function leadOf(email: string): Promise<LeadDetail> {
    const list = await ctx.asStaff({ method: 'GET', url: `/api/leads?q=${encodeURIComponent(email)}` });
    const id = list.json<{ items: Array<{ _id: string }> }>().items[0]!._id;
    return (await ctx.asStaff({ method: 'GET', url: `/api/leads/${id}` })).json<LeadDetail>();
  }

  it('answers exactly as before without a channel, UTM values or referrer', async () => {
    const res = await add({ email: visitorEmail(), campaignid: campaign }, ctx.app);
    expect(res.statusCode).toBe(201);
    const { emailID } = res.json<{ emailID: string }>();
    expect(res.body).toBe(JSON.stringify({ emailID, message: CAMPAIGN_MESSAGES.emailSaved, newsletter: false }));
    expect(await record(emailID)).toMatchObject({ channelId: null, utm: null, referrerHost: null });
    // A campaign that is not active still refuses a visitor who comes without a channel.
    const refused = await add({ email: visitorEmail(), campaignid: other }, ctx.app);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CAMPAIGN_INACTIVE', message: CAMPAIGN_MESSAGES.campaignInactive });
  });

  it("keeps a channel's visitor for the channel's campaign (active or not), with the UTM values (trimmed) and the referrer's host, on the record and the response", async () => {
    const link = await channel({ name: 'Instagram bio', utmSource: 'instagram' });
    const email = visitorEmail();
    const res = await add({
      email,
      campaignid: campaign,
      channel: link.code,
      utm: { source: ' instagram ', medium: 'social', campaign: 'diwali', content: 'reel 3', term: '  ' },
      referrer: 'https://l.instagram.com/some/path?x=1',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { emailID } = res.json<{ emailID: string }>();
    const kept = await record(emailID);
    expect(kept).toMatchObject({ campaignId: other, channelId: link.id, referrerHost: 'l.instagram.com' });
    expect(JSON.parse(kept.utm!)).toEqual({ source: 'instagram', medium: 'social', campaign: 'diwali', content: 'reel 3' });
    // The survey of the channel's campaign is answered as from the landing page.
    expect((await respond(ctx, other, email, emailID, { propertyType: 'villa' })).statusCode).toBe(200);
    const response = await ctx.database.db.selectFrom('surveyResponses').selectAll().where('emailRecordId', '=', emailID).executeTakeFirstOrThrow();
    expect(response).toMatchObject({ channelId: link.id, referrerHost: 'l.instagram.com' });
    expect(JSON.parse(response.utm!)).toMatchObject({ source: 'instagram', content: 'reel 3' });
    const read = await ctx.asStaff({ method: 'GET', url: `/api/channels/${link.id}` });
    expect(read.json<Channel>().completed).toBe(1);
  });

  it('takes UTM values without a channel; refuses long values, unknown codes and bad referrers with a sentence', async () => {
    const plain = await add({ email: visitorEmail(), campaignid: campaign, utm: { source: 'newspaper' }, referrer: 'news.example.com' }, ctx.app);
    expect(plain.statusCode, plain.body).toBe(201);
    expect(await record(plain.json<{ emailID: string }>().emailID)).toMatchObject({
      channelId: null,
      utm: JSON.stringify({ source: 'newspaper' }),
      referrerHost: 'news.example.com',
    });
    const long = await add({ email: visitorEmail(), campaignid: campaign, utm: { campaign: 'x'.repeat(201) } });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      code: 'VALIDATION',
      message: CHANNEL_MESSAGES.utm,
      errors: [{ field: 'utm.campaign', message: CHANNEL_MESSAGES.utm }],
    });
    const unknown = await add({ email: visitorEmail(), campaignid: campaign, channel: 'zzzzzzz' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', message: CHANNEL_MESSAGES.linkUnknown });
    const badReferrer = await add({ email: visitorEmail(), campaignid: campaign, referrer: 'not a host at all' });
    expect(badReferrer.statusCode).toBe(400);
    expect(badReferrer.json()).toMatchObject({ message: CHANNEL_MESSAGES.referrer });
  });

  it('follows the schedule on the app clock: not yet open (in English and Hindi, studio time) → open → closed; paused says closed', async () => {
    // 10:00 am in Kolkata on 5 Jan 2027; closing at 6 pm on 10 Jan.
    const timed = await channel({ name: 'Expo', kind: 'kiosk', opensAt: '2027-01-05T04:30:00Z', closesAt: '2027-01-10T12:30:00Z' });
    now = new Date('2027-01-01T00:00:00Z');
    const early = await add({ email: visitorEmail(), channel: timed.code });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ code: 'CHANNEL_UNAVAILABLE', message: 'This survey opens on 5 Jan 2027, 10:00 am.', status: 'scheduled', contact: CONTACT });
    const earlyHindi = await add({ email: visitorEmail(), channel: timed.code, language: 'hi' });
    expect(earlyHindi.statusCode).toBe(409);
    expect(earlyHindi.json()).toMatchObject({ message: 'यह सर्वे 5 जन॰ 2027, 10:00 am को खुलेगा।', contact: CONTACT });

    now = new Date('2027-01-05T04:30:00Z');
    const open = await add({ email: visitorEmail(), channel: timed.code });
    expect(open.statusCode, open.body).toBe(201);

    now = new Date('2027-01-10T12:30:00Z');
    const late = await add({ email: visitorEmail(), channel: timed.code });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'CHANNEL_UNAVAILABLE', message: 'This survey is closed.', status: 'closed', contact: CONTACT });
    const lateHindi = await add({ email: visitorEmail(), channel: timed.code, language: 'hi' });
    expect(lateHindi.json()).toMatchObject({ message: 'यह सर्वे बंद है।' });

    now = new Date('2027-01-06T00:00:00Z');
    const paused = await ctx.asStaff({ method: 'PATCH', url: `/api/channels/${timed.id}`, payload: { paused: true } });
    expect(paused.statusCode).toBe(200);
    const whilePaused = await add({ email: visitorEmail(), channel: timed.code });
    expect(whilePaused.statusCode).toBe(409);
    expect(whilePaused.json()).toMatchObject({ message: 'This survey is closed.', status: 'paused' });
  });

  it('counts completed responses only against the cap; a visitor inside may finish, one who starts after it is full is refused', async () => {
    now = new Date('2027-02-01T00:00:00Z');
    const capped = await channel({ name: 'Brochure', kind: 'qr', cap: 1 });
    const start = async () => {
      const email = visitorEmail();
      const res = await add({ email, channel: capped.code });
      return { email, res };
    };
    const a = await start();
    const b = await start();
    expect([a.res.statusCode, b.res.statusCode]).toEqual([201, 201]); // nothing completed yet
    expect((await respond(ctx, other, a.email, a.res.json<{ emailID: string }>().emailID, { propertyType: 'villa' })).statusCode).toBe(200);
    const c = await start();
    expect(c.res.statusCode).toBe(409);
    expect(c.res.json()).toMatchObject({ message: 'This survey is closed.', status: 'full' });
    // B was inside before the cap was reached: what they typed is kept.
    expect((await respond(ctx, other, b.email, b.res.json<{ emailID: string }>().emailID, { propertyType: 'apartment' })).statusCode).toBe(200);
    const read = await ctx.asStaff({ method: 'GET', url: `/api/channels/${capped.id}` });
    expect(read.json<Channel>()).toMatchObject({ completed: 2, status: 'full' });
  });

  it("GET /api/channels/link/:code gives the short-link page its campaign and, when it takes no one, why in the page's language; unknown codes are 404", async () => {
    const timed = await channel({ name: 'Hoarding', utmSource: 'hoarding', opensAt: '2027-06-01T04:30:00Z' });
    now = new Date('2027-05-01T00:00:00Z');
    const early = await clocked.inject({ method: 'GET', url: `/api/channels/link/${timed.code}?lang=hi` });
    expect(early.statusCode).toBe(200);
    expect(early.headers['cache-control']).toBe('no-store');
    expect(early.json()).toMatchObject({
      code: timed.code,
      status: 'scheduled',
      message: 'यह सर्वे 1 जून 2027, 10:00 am को खुलेगा।',
      campaign: { _id: other, questions: '' },
      utm: { source: 'hoarding' },
    });
    now = new Date('2027-06-02T00:00:00Z');
    const open = await clocked.inject({ method: 'GET', url: `/api/channels/link/${timed.code}` });
    expect(open.json()).toMatchObject({ status: 'open', message: null, campaign: { _id: other, isActive: false } });
    expect(open.json<{ campaign: { questions: string } }>().campaign.questions).toContain('propertyType');
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/channels/link/zzzzzzz' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: CHANNEL_MESSAGES.linkUnknown });
  });

  describe('the lead', () => {
    it('gets its first and latest touch from a channel; a later arrival changes the latest only; an arrival without one changes neither', async () => {
      const insta = await channel({ name: 'Instagram', utmSource: 'instagram' });
      const expo = await channel({ name: 'Expo stand', kind: 'kiosk', campaignId: campaign });
      const email = visitorEmail();
      now = new Date('2027-03-01T05:00:00Z');
      expect((await add({ email, channel: insta.code, utm: { source: 'instagram', medium: 'story' } })).statusCode).toBe(201);
      const first = await leadOf(email);
      const firstTouch = { channelId: insta.id, channelName: 'Instagram', utm: { source: 'instagram', medium: 'story' }, at: '2027-03-01T05:00:00.000Z' };
      expect(first.firstTouch).toEqual(firstTouch);
      expect(first.latestTouch).toEqual(firstTouch);

      now = new Date('2027-03-04T06:00:00Z');
      expect((await add({ email, channel: expo.code, utm: { campaign: 'expo-2027' } })).statusCode).toBe(201);
      const later = await leadOf(email);
      expect(later.firstTouch).toEqual(firstTouch);
      const latestTouch = { channelId: expo.id, channelName: 'Expo stand', utm: { campaign: 'expo-2027' }, at: '2027-03-04T06:00:00.000Z' };
      expect(later.latestTouch).toEqual(latestTouch);

      // The landing page without a channel or UTM values: the touches stay.
      expect((await add({ email, campaignid: campaign })).statusCode).toBe(200);
      expect(await leadOf(email)).toMatchObject({ firstTouch, latestTouch });
    });

    it("keeps the touch at the clock's time whichever Date constructor made it (another realm; one made before vi.setSystemTime replaced the global Date)", async () => {
      const insta = await channel({ name: 'Instagram', utmSource: 'instagram' });
      const fromElsewhere = visitorEmail();
      now = runInNewContext('new Date("2027-03-10T05:00:00Z")') as Date;
      const first = await add({ email: fromElsewhere, channel: insta.code });
      expect(first.statusCode, first.body).toBe(201);

      // As in a test whose fake timers ended: Date mocked after the clock's Date was made.
      const beforeMock = visitorEmail();
      now = new Date('2027-03-11T05:00:00Z');
      vi.setSystemTime(now);
      let second;
      try {
        second = await add({ email: beforeMock, channel: insta.code });
      } finally {
        vi.useRealTimers();
      }
      expect(second.statusCode, second.body).toBe(201);

      expect((await leadOf(fromElsewhere)).firstTouch).toMatchObject({ channelId: insta.id, at: '2027-03-10T05:00:00.000Z' });
      expect(await leadOf(beforeMock)).toMatchObject({
        firstTouch: { channelId: insta.id, at: '2027-03-11T05:00:00.000Z' },
        createdAt: '2027-03-11T05:00:00.000Z',
      });
    });

    it('has no touches when it came without a channel or UTM values', async () => {
      const email = visitorEmail();
      expect((await add({ email, campaignid: campaign })).statusCode).toBe(201);
      expect(await leadOf(email)).toMatchObject({ firstTouch: null, latestTouch: null });
    });
  });

  describe('the cap under load', () => {
    /** A second instance: its own app and its own connections to the same database. */
    let second: FastifyInstance;
    let secondDb: DatabaseHandle;
    beforeAll(async () => {
      secondDb = createDatabase(ctx.config.database);
      second = await buildApp(ctx.config, { database: secondDb, logger: false });
      await second.ready();
    });
    afterAll(async () => {
      await second?.close();
      await secondDb?.close();
    });

    it('50 concurrent visitors on two instances: nobody who started after the cap was reached finishes', async () => {
      const CAP = 5;
      const capped = await channel({ name: 'Hoarding', kind: 'qr', cap: CAP });
      const apps = [ctx.app, second];
      // Acknowledged completions so far, and a way to wait for a number of them.
      let acknowledged = 0;
      const waiters: Array<{ n: number; go: () => void }> = [];
      const whenAcknowledged = (n: number) => new Promise<void>((go) => (acknowledged >= n ? go() : waiters.push({ n, go })));
      const visits = await Promise.all(
        Array.from({ length: 50 }, async (_, i) => {
          const app = apps[i % 2]!;
          const email = `race${i}@example.com`;
          // A steady stream; the second half sets out around the cap-th completion (the race), the last ten after it.
          await new Promise((resolve) => setTimeout(resolve, (i % 25) * 10));
          if (i >= 25) await whenAcknowledged(i >= 40 ? CAP : CAP - 1);
          const sentAt = Date.now();
          const started = await app.inject({ method: 'POST', url: '/api/email/add', payload: { email, channel: capped.code } });
          if (started.statusCode !== 201) return { sentAt, started, finishedAt: null };
          const emailId = started.json<{ emailID: string }>().emailID;
          const done = await app.inject({
            method: 'POST',
            url: `/api/campaign/response/${other}`,
            payload: { response: { email, emailId, answer: { propertyType: 'villa' } } },
          });
          expect(done.statusCode, done.body).toBe(200);
          acknowledged++;
          for (const w of waiters.filter((w) => acknowledged >= w.n)) w.go();
          return { sentAt, started, finishedAt: Date.now() };
        }),
      );
      const refused = visits.filter((v) => v.started.statusCode !== 201);
      for (const v of refused) {
        expect(v.started.statusCode, v.started.body).toBe(409);
        expect(v.started.json()).toMatchObject({ message: 'This survey is closed.', status: 'full' });
      }
      const finished = visits
        .filter((v) => v.finishedAt !== null)
        .map((v) => v.finishedAt!)
        .sort((x, y) => x - y);
      expect(finished.length).toBeGreaterThanOrEqual(CAP);
      expect(refused.length).toBeGreaterThanOrEqual(10);
      // Seen from outside: a visitor who set out after the cap-th answer was acknowledged is refused.
      const full = finished[CAP - 1]!;
      for (const v of visits) if (v.sentAt > full) expect(v.started.statusCode).toBe(409);

      // Seen from the database: every admission came before the cap-th completion (both are timed under the channel's lock).
      const completions = await ctx.database.db
        .selectFrom('surveyResponses')
        .select('createdAt')
        .where('channelId', '=', capped.id)
        .orderBy('createdAt')
        .execute();
      const capReachedAt = new Date(completions[CAP - 1]!.createdAt).getTime();
      const admissions = await ctx.database.db.selectFrom('emailRecords').select('createdAt').where('channelId', '=', capped.id).execute();
      for (const a of admissions) expect(new Date(a.createdAt).getTime()).toBeLessThanOrEqual(capReachedAt);
      expect(admissions.length).toBe(completions.length);
    });
  });
});
