import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { createStaff } from '#server/features/auth/auth.service';
import { findStaffByEmail } from '#server/features/auth/staff.repository';
import { secretKey, signToken } from '#server/features/auth/token';
import type { Channel } from '#shared/channels/channels.contract';
import {
  KIOSK_MESSAGES,
  KIOSK_QUEUE_FORMAT,
  KIOSK_QUEUE_VERSION,
  type KioskBatchResult,
  type KioskConfig,
  type KioskConflict,
  type KioskDevice,
  type KioskDeviceCreated,
  type KioskQueueFile,
  type KioskResponseInput,
  type KioskUploadResult,
} from '#shared/kiosk/kiosk.contract';
import { WEBHOOKS_API } from '#shared/notifications/notifications.api';
import { describeEachDatabase, drainNotifications } from '../helpers/app';
import { startMailServer } from '../helpers/mail-server';
import { multipart } from '../helpers/multipart';
import { startWebhookReceiver } from '../helpers/webhook-receiver';
import { createCampaign, surveyText, visitorEmail } from '../factories/campaigns';

/*
 * Expo tablets (decision 0038, README "Expo tablets"): paired devices of a kiosk channel, their queued
 * answers stored once per the tablet's id, the queue file staff upload.
 */
const mail = await startMailServer();
const receiver = await startWebhookReceiver();
afterAll(async () => {
  await mail.close();
  await receiver.close();
});

const SURVEY = {
  pages: [
    {
      name: 'p1',
      elements: [
        { type: 'text', name: 'who', title: 'Your name', leadField: 'name' },
        { type: 'text', name: 'city', title: 'Which city?' },
      ],
    },
  ],
};
const PLAIN_STAFF = { email: 'kiosk.staff@abode.test', name: 'Kiosk Staff', password: 'another horse battery', role: 'staff' as const };
const BASE = 'https://go.abode-studio.in';

describeEachDatabase(
  'expo tablets (kiosk API)',
  (ctx) => {
    /** The sync time is the app's clock, which the test sets. */
    let now = new Date('2027-01-10T06:00:00Z');
    let clocked: FastifyInstance;
    let campaign = '';
    let kioskChannel: Channel;
    let otherKiosk: Channel;
    let noticeVersion = 0;
    beforeAll(async () => {
      clocked = await buildApp(ctx.config, { database: ctx.database, logger: false, clock: () => now });
      await clocked.ready();
      await createStaff(ctx.database.db, PLAIN_STAFF);
      campaign = await createCampaign(ctx, { name: 'Expo homes', questions: surveyText(SURVEY) });
      kioskChannel = await channel({ name: 'Expo stall', kind: 'kiosk', utmSource: 'expo', utmMedium: 'event' });
      otherKiosk = await channel({ name: 'Mall stall', kind: 'kiosk' });
      noticeVersion = (await ctx.app.inject({ method: 'GET', url: '/api/consent/notices' })).json<{ survey: { version: number } }>().survey.version;
    });
    afterAll(async () => {
      await clocked?.close();
    });
    beforeEach(async () => {
      await drainNotifications(ctx);
      mail.messages.length = 0;
      receiver.received.length = 0;
    });

    async function channel(body: Record<string, unknown>): Promise<Channel> {
      const res = await ctx.asStaff({ method: 'POST', url: '/api/channels', payload: { campaignId: campaign, ...body } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ channel: Channel }>().channel;
    }
    async function tokenFor(email: string): Promise<string> {
      const user = (await findStaffByEmail(ctx.database.db, email))!;
      return (await signToken(secretKey(ctx.config.jwtSecret), { ...user, tokenVersion: Number(user.tokenVersion) }, 600)).token;
    }
    const asPlainStaff = async (options: InjectOptions, app: FastifyInstance = ctx.app) =>
      app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${await tokenFor(PLAIN_STAFF.email)}` } });
    async function pair(name = 'Expo tablet 1', channelId = kioskChannel.id): Promise<KioskDeviceCreated> {
      const res = await ctx.asStaff({ method: 'POST', url: '/api/kiosk/devices', payload: { channelId, name } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<KioskDeviceCreated>();
    }
    function answer(overrides: Partial<KioskResponseInput> = {}): KioskResponseInput {
      return {
        id: randomUUID(),
        email: visitorEmail(),
        answer: { who: 'Asha Rao', city: 'Pune' },
        answeredAt: '2027-01-09T11:30:00+05:30',
        consent: { version: noticeVersion, newsletter: false },
        ...overrides,
      };
    }
    const send = (key: string, body: unknown) =>
      clocked.inject({ method: 'POST', url: '/api/kiosk/responses', headers: { authorization: `Bearer ${key}` }, payload: body as InjectOptions['payload'] });
    const kioskRow = (id: string) => ctx.database.db.selectFrom('kioskResponses').selectAll().where('id', '=', id).executeTakeFirst();

    describe('devices', () => {
      it('pairs a named tablet on a kiosk channel: 201 with its key once, an absolute pairUrl, the key kept hashed, audited', async () => {
        const created = await pair('Expo tablet 2');
        expect(created.deviceKey).toMatch(/^kdk_[A-Za-z0-9_-]{43}$/);
        expect(created.pairUrl).toBe(`${BASE}/kiosk/${kioskChannel.code}#key=${created.deviceKey}`);
        expect(created.device).toMatchObject({
          id: created.id,
          name: 'Expo tablet 2',
          channelId: kioskChannel.id,
          channelName: 'Expo stall',
          lastSyncAt: null,
          revokedAt: null,
          queued: null,
          stored: 0,
        });
        const row = await ctx.database.db.selectFrom('kioskDevices').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
        expect(row.keyHash).toMatch(/^[0-9a-f]{64}$/);
        expect(JSON.stringify(row)).not.toContain(created.deviceKey);
        const audit = await ctx.asStaff({ method: 'GET', url: '/api/audit?kind=kiosk-device.created' });
        expect(audit.json<{ items: Array<{ recordId: string }> }>().items.map((e) => e.recordId)).toContain(created.id);
      });

      it('lists the tablets of a channel for staff; refuses a channel of another kind, an unknown one and a blank name with a sentence', async () => {
        const mine = await pair('Listed tablet');
        const elsewhere = await pair('Mall tablet', otherKiosk.id);
        const list = await asPlainStaff({ method: 'GET', url: `/api/kiosk/devices?channelId=${kioskChannel.id}` });
        expect(list.statusCode).toBe(200);
        const ids = list.json<KioskDevice[]>().map((d) => d.id);
        expect(ids).toContain(mine.id);
        expect(ids).not.toContain(elsewhere.id);
        const link = await channel({ name: 'Poster link', kind: 'link' });
        const refusals: Array<[Record<string, unknown>, string]> = [
          [{ channelId: link.id, name: 'x' }, KIOSK_MESSAGES.channelNotKiosk],
          [{ channelId: 'nope', name: 'x' }, KIOSK_MESSAGES.channelUnknown],
          [{ channelId: kioskChannel.id, name: '  ' }, KIOSK_MESSAGES.deviceName],
        ];
        for (const [payload, message] of refusals) {
          const res = await ctx.asStaff({ method: 'POST', url: '/api/kiosk/devices', payload });
          expect(res.statusCode, res.body).toBe(400);
          expect(res.json<{ errors: Array<{ message: string }> }>().errors[0]!.message).toBe(message);
        }
        expect((await ctx.app.inject({ method: 'GET', url: '/api/kiosk/devices' })).statusCode).toBe(401);
      });

      it('lets only owners revoke (403 for staff); a revoked key is refused as an unknown one (401, same body); audited', async () => {
        const device = await pair('To revoke');
        expect((await send(device.deviceKey, answer())).statusCode).toBe(201);
        expect((await asPlainStaff({ method: 'DELETE', url: `/api/kiosk/devices/${device.id}` })).statusCode).toBe(403);
        const revoked = await ctx.asStaff({ method: 'DELETE', url: `/api/kiosk/devices/${device.id}` });
        expect(revoked.statusCode).toBe(200);
        expect(revoked.json()).toEqual({ message: KIOSK_MESSAGES.deviceRevoked });
        expect((await ctx.asStaff({ method: 'DELETE', url: `/api/kiosk/devices/${device.id}` })).statusCode).toBe(404);
        const afterRevoke = await send(device.deviceKey, answer());
        const unknown = await send(`kdk_${'A'.repeat(43)}`, answer());
        const none = await clocked.inject({ method: 'POST', url: '/api/kiosk/responses', payload: answer() as InjectOptions['payload'] });
        expect([afterRevoke.statusCode, unknown.statusCode, none.statusCode]).toEqual([401, 401, 401]);
        expect(afterRevoke.body).toBe(unknown.body);
        expect(afterRevoke.json()).toMatchObject({ message: KIOSK_MESSAGES.keyInvalid });
        const listed = (await ctx.asStaff({ method: 'GET', url: `/api/kiosk/devices?channelId=${kioskChannel.id}` }))
          .json<KioskDevice[]>()
          .find((d) => d.id === device.id)!;
        expect(listed.revokedAt).not.toBeNull();
        expect(listed.stored).toBe(1);
        const audit = await ctx.asStaff({ method: 'GET', url: '/api/audit?kind=kiosk-device.revoked' });
        expect(audit.json<{ items: Array<{ recordId: string }> }>().items.map((e) => e.recordId)).toContain(device.id);
      });
    });

    describe('answers', () => {
      it('stores an answer once per id: 201, the same again 200 with nothing changed, a different body 409 with both kept', async () => {
        const device = await pair();
        const first = answer();
        const stored = await send(device.deviceKey, first);
        expect(stored.statusCode, stored.body).toBe(201);
        expect(stored.json()).toMatchObject({ id: first.id, outcome: 'stored', message: KIOSK_MESSAGES.stored });
        const countResponses = async () =>
          Number(
            (
              await ctx.database.db
                .selectFrom('surveyResponses')
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          );
        const before = await countResponses();
        // The same answer again, its keys in another order and its time in another zone: a repeat.
        const again = await send(device.deviceKey, {
          consent: first.consent,
          answeredAt: '2027-01-09T06:00:00Z',
          answer: { city: 'Pune', who: 'Asha Rao' },
          email: first.email,
          id: first.id,
        });
        expect(again.statusCode, again.body).toBe(200);
        expect(again.json()).toMatchObject({ outcome: 'duplicate', message: KIOSK_MESSAGES.duplicate });
        expect(await countResponses()).toBe(before);
        const changed = await send(device.deviceKey, { ...first, answer: { who: 'Asha Rao', city: 'Mumbai' } });
        expect(changed.statusCode, changed.body).toBe(409);
        expect(changed.json()).toMatchObject({ code: 'CONFLICT', id: first.id, outcome: 'conflict', message: KIOSK_MESSAGES.conflict });
        expect(await countResponses()).toBe(before);
        // The same conflicting body again is still a 409, kept once.
        expect((await send(device.deviceKey, { ...first, answer: { who: 'Asha Rao', city: 'Mumbai' } })).statusCode).toBe(409);
        const conflicts = (await ctx.asStaff({ method: 'GET', url: `/api/kiosk/conflicts?channelId=${kioskChannel.id}` }))
          .json<KioskConflict[]>()
          .filter((c) => c.id === first.id);
        expect(conflicts).toHaveLength(1);
        expect(conflicts[0]).toMatchObject({
          deviceName: 'Expo tablet 1',
          stored: { body: { answer: { city: 'Pune' } } },
          conflicting: { body: { answer: { city: 'Mumbai' } }, via: 'tablet' },
        });
      });

      it("refuses a key of another channel's tablet (403) and answers that break the rules with a sentence per field (400)", async () => {
        const mall = await pair('Mall tablet', otherKiosk.id);
        const res = await send(mall.deviceKey, answer({ channel: kioskChannel.code }));
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: KIOSK_MESSAGES.otherChannel });
        const device = await pair();
        const cases: Array<[Partial<KioskResponseInput> & Record<string, unknown>, string, string]> = [
          [{ id: 'not-a-uuid' }, 'id', KIOSK_MESSAGES.id],
          [{ email: undefined, phone: undefined }, 'email', KIOSK_MESSAGES.contactRequired],
          [{ answeredAt: 'yesterday' }, 'answeredAt', KIOSK_MESSAGES.answeredAt],
          [{ phone: '12' }, 'phone', KIOSK_MESSAGES.phoneInvalid],
          [{ consent: undefined }, 'consent', KIOSK_MESSAGES.consent],
          [{ answeredAt: '2027-01-12T06:00:00Z' }, 'answeredAt', KIOSK_MESSAGES.answeredInFuture],
        ];
        for (const [overrides, field, message] of cases) {
          const bad = await send(device.deviceKey, { ...answer(), ...overrides });
          expect(bad.statusCode, bad.body).toBe(400);
          // The sentence, and (decision 0059) its catalogue key when the catalogue has it.
          expect(bad.json<{ errors: Array<{ field: string; message: string }> }>().errors).toContainEqual(expect.objectContaining({ field, message }));
        }
      });

      it('keeps two sends of one id at the same moment as one answer', async () => {
        const device = await pair();
        const one = answer();
        const results = await Promise.all(Array.from({ length: 8 }, () => send(device.deviceKey, one)));
        expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
        const responses = await ctx.database.db
          .selectFrom('surveyResponses')
          .innerJoin('emailRecords', 'emailRecords.id', 'surveyResponses.emailRecordId')
          .select('surveyResponses.id')
          .where('emailRecords.email', '=', one.email!)
          .execute();
        expect(responses).toHaveLength(1);
      });

      it('makes a lead as online: the channel, the device, the tablet time as the answer time, the sync time as the arrival; staff mail, webhook, visitor mail and consent at sync', async () => {
        const hook = await ctx.asStaff({
          method: 'POST',
          url: WEBHOOKS_API.create,
          payload: { url: receiver.url, events: ['lead.created', 'survey.completed'] },
        });
        expect(hook.statusCode).toBe(201);
        const device = await pair('Stall tablet');
        now = new Date('2027-01-10T09:15:00Z');
        const one = answer({
          email: 'meera.kiosk@example.com',
          answer: { who: 'Meera', city: 'Pune' },
          answeredAt: '2027-01-09T17:45:00+05:30',
          language: 'hi',
          consent: { version: noticeVersion, newsletter: true },
        });
        expect((await send(device.deviceKey, one)).statusCode).toBe(201);
        const row = (await kioskRow(one.id))!;
        expect(row).toMatchObject({ deviceId: device.id, channelId: kioskChannel.id, via: 'tablet' });
        const response = await ctx.database.db.selectFrom('surveyResponses').selectAll().where('id', '=', row.responseId!).executeTakeFirstOrThrow();
        expect(new Date(response.createdAt).toISOString()).toBe('2027-01-09T12:15:00.000Z');
        expect(response).toMatchObject({ channelId: kioskChannel.id, campaignId: campaign, language: 'hi', leadId: row.leadId });
        expect(JSON.parse(response.utm!)).toEqual({ source: 'expo', medium: 'event' });
        const record = await ctx.database.db.selectFrom('emailRecords').selectAll().where('id', '=', response.emailRecordId).executeTakeFirstOrThrow();
        expect(new Date(record.createdAt).toISOString()).toBe('2027-01-10T09:15:00.000Z');
        expect(record).toMatchObject({ channelId: kioskChannel.id });
        const lead = await ctx.database.db.selectFrom('leads').selectAll().where('id', '=', row.leadId!).executeTakeFirstOrThrow();
        expect(lead).toMatchObject({ email: 'meera.kiosk@example.com', name: 'Meera', firstChannelId: kioskChannel.id, latestChannelId: kioskChannel.id });
        expect(new Date(lead.createdAt).toISOString()).toBe('2027-01-10T09:15:00.000Z');
        const consents = await ctx.database.db.selectFrom('consents').selectAll().where('leadId', '=', lead.id).execute();
        expect(consents.find((c) => c.purpose === 'survey')).toMatchObject({ noticeVersion, granted: expect.anything() });
        expect(consents.find((c) => c.purpose === 'newsletter')).toBeDefined();
        const listed = (await ctx.asStaff({ method: 'GET', url: `/api/kiosk/devices?channelId=${kioskChannel.id}` }))
          .json<KioskDevice[]>()
          .find((d) => d.id === device.id)!;
        expect(listed.lastSyncAt).toBe('2027-01-10T09:15:00.000Z');
        await drainNotifications(ctx);
        const mails = await mail.waitFor(2);
        expect(mails.some((m) => m.subject?.startsWith('New lead: Meera'))).toBe(true);
        expect(mails.some((m) => m.to && !Array.isArray(m.to) && m.to.text === 'meera.kiosk@example.com')).toBe(true);
        const hooks = await receiver.waitFor(1);
        expect(hooks.map((h) => JSON.parse(h.body) as { type: string }).map((h) => h.type)).toEqual(expect.arrayContaining(['lead.created']));
        await ctx.asStaff({ method: 'DELETE', url: `${WEBHOOKS_API.create}/${hook.json<{ id: string }>().id}` });
      });

      it("takes a phone-only answer: the lead by its phone (E.164), the answers a response of that lead (no e-mail record) that staff read on the lead's page, in the answers and the person's export; the same phone again finds the same lead", async () => {
        const hook = await ctx.asStaff({ method: 'POST', url: WEBHOOKS_API.create, payload: { url: receiver.url, events: ['survey.completed'] } });
        expect(hook.statusCode).toBe(201);
        const device = await pair();
        now = new Date('2027-01-10T10:00:00Z');
        const one = answer({
          email: undefined,
          phone: '98450 11223',
          answer: { who: 'Ravi', city: 'Delhi' },
          answeredAt: '2027-01-09T15:00:00+05:30',
          language: 'hi',
        });
        const res = await send(device.deviceKey, one);
        expect(res.statusCode, res.body).toBe(201);
        const row = (await kioskRow(one.id))!;
        expect(row.responseId).not.toBeNull();
        const lead = await ctx.database.db.selectFrom('leads').selectAll().where('id', '=', row.leadId!).executeTakeFirstOrThrow();
        expect(lead).toMatchObject({ email: null, phone: '+919845011223', name: 'Ravi', firstChannelId: kioskChannel.id });
        // The response: the lead's, with the tablet's time, the channel, and no e-mail record.
        const response = await ctx.database.db.selectFrom('surveyResponses').selectAll().where('id', '=', row.responseId!).executeTakeFirstOrThrow();
        expect(response).toMatchObject({ leadId: lead.id, emailRecordId: null, campaignId: campaign, channelId: kioskChannel.id, language: 'hi' });
        expect(JSON.parse(response.answer)).toEqual({ who: 'Ravi', city: 'Delhi' });
        expect(new Date(response.createdAt).toISOString()).toBe('2027-01-09T09:30:00.000Z');
        expect(await ctx.database.db.selectFrom('emailRecords').select('id').where('leadId', '=', lead.id).execute()).toEqual([]);
        // The same id again changes nothing: still one response.
        expect((await send(device.deviceKey, one)).statusCode).toBe(200);
        expect(await ctx.database.db.selectFrom('surveyResponses').select('id').where('leadId', '=', lead.id).execute()).toHaveLength(1);

        // Staff read the answers: the lead's page, the campaign's answers, the person's data export.
        const detail = (await ctx.asStaff({ method: 'GET', url: `/api/leads/${lead.id}` })).json<{
          activities: Array<{ type: string; at: string; answers?: Array<{ question: string; answer: string }> }>;
        }>();
        const shown = detail.activities.filter((a) => a.type === 'response' || a.type === 'email');
        expect(shown).toEqual([
          expect.objectContaining({
            type: 'response',
            at: '2027-01-09T09:30:00.000Z',
            answers: [
              { question: 'Your name', answer: 'Ravi' },
              { question: 'Which city?', answer: 'Delhi' },
            ],
          }),
        ]);
        const answers = (await ctx.asStaff({ method: 'GET', url: `/api/campaign/answers/${campaign}?limit=500` })).json<
          Array<{ _id: string; email: string; result: string }>
        >();
        expect(answers.find((a) => a._id === row.responseId)).toMatchObject({ email: '' });
        expect(JSON.parse(answers.find((a) => a._id === row.responseId)!.result)).toEqual({ who: 'Ravi', city: 'Delhi' });
        const exported = (await ctx.asStaff({ method: 'GET', url: `/api/leads/${lead.id}/export` })).json<{
          responses: { responses: Array<{ id: string; emailRecordId: string | null; email: string | null; answer: unknown }> };
        }>();
        expect(exported.responses.responses).toEqual([
          expect.objectContaining({ id: row.responseId, emailRecordId: null, email: null, answer: { who: 'Ravi', city: 'Delhi' } }),
        ]);
        // Staff hear of the answers as of any completed survey: the webhook carries them.
        await drainNotifications(ctx);
        const hooks = await receiver.waitFor(1);
        const completed = hooks
          .map((h) => JSON.parse(h.body) as { type: string; data: { lead: { phone: string | null }; activity: { answers?: unknown } } })
          .find((h) => h.type === 'survey.completed')!;
        expect(completed.data.lead.phone).toBe('+919845011223');
        expect(completed.data.activity.answers).toEqual([
          { question: 'Your name', answer: 'Ravi' },
          { question: 'Which city?', answer: 'Delhi' },
        ]);
        // No visitor mail: there is no address.
        expect(mail.messages.filter((m) => m.to && !Array.isArray(m.to) && m.to.text.includes('@') && !m.subject?.startsWith('New'))).toEqual([]);

        const two = answer({ email: undefined, phone: '+91 98450 11223', answer: { who: 'Ravi', city: 'Noida' } });
        expect((await send(device.deviceKey, two)).statusCode).toBe(201);
        expect((await kioskRow(two.id))!.leadId).toBe(lead.id);
        expect(await ctx.database.db.selectFrom('surveyResponses').select('id').where('leadId', '=', lead.id).execute()).toHaveLength(2);

        // The funnel's "completed" kept on the lead (decision 0035) holds for answers without an e-mail
        // record, also when a merge and an unmerge read the steps again from the rows.
        const completedOf = async (id: string) =>
          Boolean((await ctx.database.db.selectFrom('leads').select('surveyCompleted').where('id', '=', id).executeTakeFirstOrThrow()).surveyCompleted);
        expect(await completedOf(lead.id)).toBe(true);
        const other = await ctx.asStaff({ method: 'POST', url: '/api/leads', payload: { name: 'Ravi K', email: 'ravi.other@example.com' } });
        expect(other.statusCode, other.body).toBe(201);
        const otherId = other.json<{ lead: { _id: string } }>().lead._id;
        expect(await completedOf(otherId)).toBe(false);
        const merged = await ctx.asStaff({ method: 'POST', url: `/api/leads/${lead.id}/merge`, payload: { intoId: otherId } });
        expect(merged.statusCode, merged.body).toBe(200);
        expect(await completedOf(otherId)).toBe(true);
        expect((await ctx.asStaff({ method: 'DELETE', url: `/api/leads/merges/${merged.json<{ mergeId: string }>().mergeId}` })).statusCode).toBe(200);
        expect(await completedOf(lead.id)).toBe(true);
        expect(await completedOf(otherId)).toBe(false);
        await ctx.asStaff({ method: 'DELETE', url: `${WEBHOOKS_API.create}/${hook.json<{ id: string }>().id}` });
      });

      it('accepts an answer under the campaign version it was given, after the channel moved to another campaign', async () => {
        const device = await pair();
        const config = (await ctx.app.inject({ method: 'GET', url: `/api/kiosk/config/${kioskChannel.code}` })).json<KioskConfig>();
        expect(config.campaign).toMatchObject({ id: campaign, name: 'Expo homes' });
        expect(config.notices.en.survey.version).toBe(noticeVersion);
        expect(config.notices.hi.survey.language).toBe('hi');
        const next = await createCampaign(ctx, { name: 'Expo homes 2', questions: surveyText(SURVEY) });
        expect((await ctx.asStaff({ method: 'PATCH', url: `/api/channels/${kioskChannel.id}`, payload: { campaignId: next } })).statusCode).toBe(200);
        const newer = (await ctx.app.inject({ method: 'GET', url: `/api/kiosk/config/${kioskChannel.code}` })).json<KioskConfig>();
        expect(newer.campaign.version).not.toBe(config.campaign.version);
        const old = answer({ campaignVersion: config.campaign.version });
        const fresh = answer({ campaignVersion: newer.campaign.version });
        expect((await send(device.deviceKey, old)).statusCode).toBe(201);
        expect((await send(device.deviceKey, fresh)).statusCode).toBe(201);
        const campaignOf = async (id: string) =>
          (
            await ctx.database.db
              .selectFrom('surveyResponses')
              .select('campaignId')
              .where('id', '=', (await kioskRow(id))!.responseId!)
              .executeTakeFirstOrThrow()
          ).campaignId;
        expect(await campaignOf(old.id)).toBe(campaign);
        expect(await campaignOf(fresh.id)).toBe(next);
        await ctx.asStaff({ method: 'PATCH', url: `/api/channels/${kioskChannel.id}`, payload: { campaignId: campaign } });
        expect((await ctx.app.inject({ method: 'GET', url: '/api/kiosk/config/zzzzzzz' })).statusCode).toBe(404);
      });

      it('takes a batch: one outcome per answer in order (stored, duplicate, conflict, refused)', async () => {
        const device = await pair();
        const a = answer();
        expect((await send(device.deviceKey, a)).statusCode).toBe(201);
        const b = answer();
        const res = await clocked.inject({
          method: 'POST',
          url: '/api/kiosk/responses/batch',
          headers: { authorization: `Bearer ${device.deviceKey}` },
          payload: { responses: [b, a, { ...a, answer: { who: 'Other' } }, { ...answer(), email: 'nope' }] },
        });
        expect(res.statusCode, res.body).toBe(200);
        const result = res.json<KioskBatchResult>();
        expect(result.results.map((r) => [r.outcome, r.status])).toEqual([
          ['stored', 201],
          ['duplicate', 200],
          ['conflict', 409],
          ['refused', 400],
        ]);
        expect(result.counts).toEqual({ stored: 1, duplicate: 1, conflict: 1, refused: 1 });
        expect((await clocked.inject({ method: 'POST', url: '/api/kiosk/responses/batch', payload: { responses: [b] } })).statusCode).toBe(401);
      });
    });

    describe('queue file upload', () => {
      // At the clock the test sets (the answers' times are checked against it).
      const upload = async (file: unknown, filename = 'kiosk-queue.json') => {
        const form = await multipart({}, { bytes: Buffer.from(typeof file === 'string' ? file : JSON.stringify(file)), filename, type: 'application/json' });
        return asPlainStaff({ method: 'POST', url: '/api/kiosk/uploads', payload: form.payload, headers: form.headers }, clocked);
      };

      it('stores the answers of a queue file under the same once-only rule, audited', async () => {
        const device = await pair();
        const sent = answer();
        expect((await send(device.deviceKey, sent)).statusCode).toBe(201);
        const fresh = answer();
        const file: KioskQueueFile = {
          format: KIOSK_QUEUE_FORMAT,
          version: KIOSK_QUEUE_VERSION,
          channel: kioskChannel.code,
          deviceId: device.id,
          responses: [sent, fresh, { ...sent, answer: { who: 'Changed' } }],
        };
        const res = await upload(file);
        expect(res.statusCode, res.body).toBe(200);
        const result = res.json<KioskUploadResult>();
        expect(result.channel).toBe(kioskChannel.code);
        expect(result.results.map((r) => r.outcome)).toEqual(['duplicate', 'stored', 'conflict']);
        expect(await kioskRow(fresh.id)).toMatchObject({ via: 'upload', deviceId: device.id });
        // Uploaded twice: nothing new.
        expect((await upload(file)).json<KioskUploadResult>().results.map((r) => r.outcome)).toEqual(['duplicate', 'duplicate', 'conflict']);
        const audit = await ctx.asStaff({ method: 'GET', url: '/api/audit?kind=kiosk.uploaded' });
        expect(audit.json<{ items: Array<{ recordId: string }> }>().items.map((e) => e.recordId)).toContain(kioskChannel.id);
      });

      it('refuses a file that is not a queue file, names no known channel, or comes without a login', async () => {
        for (const file of ['not json', { format: 'other', version: 1, channel: kioskChannel.code, responses: [] }]) {
          const res = await upload(file);
          expect(res.statusCode).toBe(400);
          expect(res.json()).toMatchObject({ message: KIOSK_MESSAGES.fileFormat });
        }
        const unknown = await upload({ format: KIOSK_QUEUE_FORMAT, version: 1, channel: 'zzzzzzz', responses: [] });
        expect(unknown.json()).toMatchObject({ message: KIOSK_MESSAGES.fileChannel });
        const form = await multipart({}, { bytes: Buffer.from('{}'), filename: 'q.json' });
        expect((await ctx.app.inject({ method: 'POST', url: '/api/kiosk/uploads', payload: form.payload, headers: form.headers })).statusCode).toBe(401);
      });
    });
  },
  {
    publicBaseUrl: BASE,
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
