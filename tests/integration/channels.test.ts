import type { FastifyInstance, InjectOptions } from 'fastify';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { createStaff } from '#server/features/auth/auth.service';
import { findStaffByEmail } from '#server/features/auth/staff.repository';
import { secretKey, signToken } from '#server/features/auth/token';
import { CHANNEL_CODE_PATTERN, CHANNEL_MESSAGES, type Channel } from '#shared/channels/channels.contract';
import { describeEachDatabase } from '../helpers/app';
import { addEmail, createCampaign, createActiveCampaign, respond, visitorEmail } from '../factories/campaigns';

const PLAIN_STAFF = { email: 'channels.staff@abode.test', name: 'Channel Staff', password: 'another horse battery', role: 'staff' as const };
const UNKNOWN_ID = '0190f0f0-0000-7000-8000-000000000000';
const BASE = 'https://go.abode-studio.in';

describeEachDatabase(
  'channels API',
  (ctx) => {
    /** A second app on the same database whose clock the test sets (statuses are computed at "now"). */
    let clocked: FastifyInstance;
    let now = new Date('2027-01-01T00:00:00Z');
    beforeAll(async () => {
      clocked = await buildApp(ctx.config, { database: ctx.database, logger: false, clock: () => now });
      await clocked.ready();
    });
    afterAll(async () => {
      await clocked?.close();
    });

    async function tokenFor(email: string): Promise<string> {
      const user = (await findStaffByEmail(ctx.database.db, email))!;
      return (await signToken(secretKey(ctx.config.jwtSecret), { ...user, tokenVersion: Number(user.tokenVersion) }, 600)).token;
    }
    const asPlainStaff = async (options: InjectOptions) =>
      ctx.app.inject({ ...options, headers: { authorization: `Bearer ${await tokenFor(PLAIN_STAFF.email)}` } });
    const atClock = async (options: InjectOptions) => clocked.inject({ ...options, headers: { authorization: `Bearer ${await ctx.staffToken()}` } });

    async function create(body: Record<string, unknown>): Promise<Channel> {
      const res = await ctx.asStaff({ method: 'POST', url: '/api/channels', payload: body });
      expect(res.statusCode, res.body).toBe(201);
      const answer = res.json<{ channel: Channel; message: string }>();
      expect(answer.message).toBe(CHANNEL_MESSAGES.created);
      return answer.channel;
    }

    let campaign = '';
    let other = '';
    beforeAll(async () => {
      await ctx.staffToken();
      await createStaff(ctx.database.db, PLAIN_STAFF);
      campaign = await createActiveCampaign(ctx);
      other = await createCampaign(ctx); // not active: channels may point at it all the same
    });

    describe('CRUD', () => {
      it('creates a channel (201) with a generated code, its absolute short link, status and the fields as given', async () => {
        const channel = await create({
          name: 'Diwali flyer',
          campaignId: campaign,
          kind: 'qr',
          utmSource: '  flyer ',
          utmMedium: 'print',
          utmCampaign: 'diwali-2026',
          allowedOrigins: ['https://partner.example.com', 'https://embed.example:8443'],
        });
        expect(channel.code).toMatch(CHANNEL_CODE_PATTERN);
        expect(channel.url).toBe(`${BASE}/s/${channel.code}`);
        expect(channel.url.length).toBeLessThanOrEqual(40);
        expect(channel).toMatchObject({
          name: 'Diwali flyer',
          campaignId: campaign,
          kind: 'qr',
          utmSource: 'flyer',
          utmMedium: 'print',
          utmCampaign: 'diwali-2026',
          utmContent: null,
          opensAt: null,
          closesAt: null,
          cap: null,
          paused: false,
          status: 'open',
          completed: 0,
          allowedOrigins: ['https://partner.example.com', 'https://embed.example:8443'],
        });
        const read = await ctx.asStaff({ method: 'GET', url: `/api/channels/${channel.id}` });
        expect(read.statusCode).toBe(200);
        expect(read.json()).toEqual(channel);
      });

      it('points a channel at a campaign that is not the active one, and leaves /api/campagin/active as it was', async () => {
        const before = (await ctx.app.inject({ method: 'GET', url: '/api/campagin/active' })).json();
        const channel = await create({ name: 'Kiosk', campaignId: other, kind: 'kiosk' });
        expect(channel.campaignId).toBe(other);
        expect((await ctx.app.inject({ method: 'GET', url: '/api/campagin/active' })).json()).toEqual(before);
      });

      it('gives every channel its own code', async () => {
        const made = await Promise.all(Array.from({ length: 20 }, (_, i) => create({ name: `Ad ${i}`, campaignId: campaign, kind: 'ad' })));
        expect(new Set(made.map((c) => c.code)).size).toBe(20);
        const list = await ctx.asStaff({ method: 'GET', url: '/api/channels' });
        expect(list.statusCode).toBe(200);
        const codes = list.json<Channel[]>().map((c) => c.code);
        for (const c of made) expect(codes).toContain(c.code);
      });

      it('updates fields by PATCH (null clears), keeps the code, and answers 404 for an unknown id', async () => {
        const channel = await create({ name: 'WhatsApp group', campaignId: campaign, kind: 'whatsapp', utmSource: 'wa', cap: 10 });
        const res = await ctx.asStaff({
          method: 'PATCH',
          url: `/api/channels/${channel.id}`,
          payload: { name: 'WhatsApp broadcast', utmSource: null, cap: null, paused: true },
        });
        expect(res.statusCode, res.body).toBe(200);
        const { channel: updated, message } = res.json<{ channel: Channel; message: string }>();
        expect(message).toBe(CHANNEL_MESSAGES.updated);
        expect(updated).toMatchObject({
          id: channel.id,
          code: channel.code,
          name: 'WhatsApp broadcast',
          utmSource: null,
          cap: null,
          paused: true,
          status: 'paused',
          kind: 'whatsapp',
        });
        const missing = await ctx.asStaff({ method: 'PATCH', url: `/api/channels/${UNKNOWN_ID}`, payload: { name: 'x' } });
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message: CHANNEL_MESSAGES.notFound });
        expect((await ctx.asStaff({ method: 'GET', url: `/api/channels/${UNKNOWN_ID}` })).statusCode).toBe(404);
        // The audit log names the fields that changed, never their values.
        const audit = await ctx.asStaff({ method: 'GET', url: '/api/audit?kind=channel.updated' });
        const entry = audit.json<{ items: Array<{ recordId: string; fields: string[]; actorName: string }> }>().items.find((e) => e.recordId === channel.id);
        expect(entry).toMatchObject({ fields: ['name', 'utmSource', 'cap', 'paused'] });
        expect(JSON.stringify(entry)).not.toContain('WhatsApp broadcast');
      });

      it('lets staff list, create and edit, but only owners delete (403 for staff)', async () => {
        const channel = await create({ name: 'To delete', campaignId: campaign, kind: 'other' });
        expect((await asPlainStaff({ method: 'GET', url: '/api/channels' })).statusCode).toBe(200);
        expect((await asPlainStaff({ method: 'PATCH', url: `/api/channels/${channel.id}`, payload: { name: 'Renamed' } })).statusCode).toBe(200);
        const refused = await asPlainStaff({ method: 'DELETE', url: `/api/channels/${channel.id}` });
        expect(refused.statusCode).toBe(403);
        expect(refused.json<{ code: string }>().code).toBe('FORBIDDEN');
        expect((await ctx.app.inject({ method: 'GET', url: '/api/channels' })).statusCode).toBe(401);
        expect((await ctx.app.inject({ method: 'POST', url: '/api/channels', payload: { name: 'x', campaignId: campaign, kind: 'link' } })).statusCode).toBe(
          401,
        );
        const deleted = await ctx.asStaff({ method: 'DELETE', url: `/api/channels/${channel.id}` });
        expect(deleted.statusCode).toBe(200);
        expect(deleted.json()).toEqual({ message: CHANNEL_MESSAGES.deleted });
        expect((await ctx.asStaff({ method: 'GET', url: `/api/channels/${channel.id}` })).statusCode).toBe(404);
        expect((await ctx.asStaff({ method: 'DELETE', url: `/api/channels/${channel.id}` })).statusCode).toBe(404);
        const kinds = async (kind: string) =>
          (await ctx.asStaff({ method: 'GET', url: `/api/audit?kind=${kind}` })).json<{ items: Array<{ recordId: string }> }>().items.map((e) => e.recordId);
        expect(await kinds('channel.created')).toContain(channel.id);
        expect(await kinds('channel.deleted')).toEqual(expect.arrayContaining([channel.id]));
      });
    });

    describe('validation', () => {
      const valid = () => ({ name: 'Poster', campaignId: campaign, kind: 'link' });
      async function refused(body: Record<string, unknown>, field: string, message: string) {
        const res = await ctx.asStaff({ method: 'POST', url: '/api/channels', payload: body });
        expect(res.statusCode, res.body).toBe(400);
        const answer = res.json<{ code: string; errors: Array<{ field: string; message: string }> }>();
        expect(answer.code).toBe('VALIDATION');
        expect(answer.errors).toContainEqual({ field, message });
      }

      it('answers each bad field with its sentence', async () => {
        await refused({ ...valid(), campaignId: UNKNOWN_ID }, 'campaignId', CHANNEL_MESSAGES.campaignUnknown);
        await refused({ ...valid(), cap: 0 }, 'cap', CHANNEL_MESSAGES.cap);
        await refused({ ...valid(), cap: 2.5 }, 'cap', CHANNEL_MESSAGES.cap);
        await refused(
          { ...valid(), opensAt: '2027-01-05T10:00:00+05:30', closesAt: '2027-01-05T09:00:00+05:30' },
          'closesAt',
          CHANNEL_MESSAGES.closesBeforeOpens,
        );
        await refused({ ...valid(), opensAt: '5 Jan 2027' }, 'opensAt', CHANNEL_MESSAGES.time);
        for (const origin of [
          'http://partner.example.com',
          'https://partner.example.com/',
          'https://partner.example.com/page',
          'https://user@partner.example.com',
          'https://partner.example.com:99999',
          'partner.example.com',
          'https://*.example.com',
        ]) {
          await refused({ ...valid(), allowedOrigins: [origin] }, 'allowedOrigins.0', CHANNEL_MESSAGES.origin);
        }
        await refused({ ...valid(), kind: 'billboard' }, 'kind', CHANNEL_MESSAGES.kind);
        await refused({ ...valid(), name: '   ' }, 'name', CHANNEL_MESSAGES.name);
        await refused({ ...valid(), utmSource: 'x'.repeat(201) }, 'utmSource', CHANNEL_MESSAGES.utm);
        await refused({ name: 'Poster', kind: 'link' }, 'campaignId', CHANNEL_MESSAGES.campaignRequired);
      });

      it('checks a PATCHed time against the stored one, and an unknown campaign on PATCH', async () => {
        const channel = await create({ ...valid(), opensAt: '2027-01-05T10:00:00+05:30' });
        const early = await ctx.asStaff({ method: 'PATCH', url: `/api/channels/${channel.id}`, payload: { closesAt: '2027-01-04T10:00:00+05:30' } });
        expect(early.statusCode).toBe(400);
        expect(early.json()).toMatchObject({ code: 'VALIDATION', errors: [{ field: 'closesAt', message: CHANNEL_MESSAGES.closesBeforeOpens }] });
        const campaignGone = await ctx.asStaff({ method: 'PATCH', url: `/api/channels/${channel.id}`, payload: { campaignId: UNKNOWN_ID } });
        expect(campaignGone.statusCode).toBe(400);
        expect(campaignGone.json()).toMatchObject({ errors: [{ field: 'campaignId', message: CHANNEL_MESSAGES.campaignUnknown }] });
        const unchanged = (await ctx.asStaff({ method: 'GET', url: `/api/channels/${channel.id}` })).json<Channel>();
        expect(unchanged).toMatchObject({ closesAt: null, campaignId: campaign, opensAt: '2027-01-05T04:30:00.000Z' });
      });
    });

    describe('status on the app clock', () => {
      it('is scheduled before opening, open between, closed from the closing time, paused whenever paused', async () => {
        const channel = await create({
          name: 'Expo',
          campaignId: campaign,
          kind: 'kiosk',
          opensAt: '2027-01-05T10:00:00+05:30',
          closesAt: '2027-01-06T18:00:00+05:30',
        });
        const status = async () => (await atClock({ method: 'GET', url: `/api/channels/${channel.id}` })).json<Channel>().status;
        now = new Date('2027-01-05T04:29:59Z');
        expect(await status()).toBe('scheduled');
        now = new Date('2027-01-05T04:30:00Z');
        expect(await status()).toBe('open');
        now = new Date('2027-01-06T12:29:59Z');
        expect(await status()).toBe('open');
        await atClock({ method: 'PATCH', url: `/api/channels/${channel.id}`, payload: { paused: true } });
        expect(await status()).toBe('paused');
        await atClock({ method: 'PATCH', url: `/api/channels/${channel.id}`, payload: { paused: false } });
        expect(await status()).toBe('open');
        now = new Date('2027-01-06T12:30:00Z');
        expect(await status()).toBe('closed');
        // The list computes the same status.
        const listed = (await atClock({ method: 'GET', url: '/api/channels' })).json<Channel[]>().find((c) => c.id === channel.id);
        expect(listed?.status).toBe('closed');
      });

      it('is full once its completed responses reach the cap, counting completed ones only', async () => {
        now = new Date('2027-01-01T00:00:00Z');
        const channel = await create({ name: 'Capped', campaignId: campaign, kind: 'link', cap: 2 });
        const read = async () => (await atClock({ method: 'GET', url: `/api/channels/${channel.id}` })).json<Channel>();
        // Until e-mail/add takes a channel, the records are tied to it here.
        const record = async (finish: boolean) => {
          const email = visitorEmail();
          const emailId = await addEmail(ctx, email, campaign);
          await ctx.database.db.updateTable('emailRecords').set({ channelId: channel.id }).where('id', '=', emailId).execute();
          if (finish) expect((await respond(ctx, campaign, email, emailId, { propertyType: 'villa' })).statusCode).toBe(200);
        };
        await record(true);
        await record(false);
        expect(await read()).toMatchObject({ completed: 1, status: 'open' });
        await record(true);
        expect(await read()).toMatchObject({ completed: 2, status: 'full' });
        const raised = await atClock({ method: 'PATCH', url: `/api/channels/${channel.id}`, payload: { cap: 3 } });
        expect(raised.json<{ channel: Channel }>().channel).toMatchObject({ completed: 2, status: 'open' });
      });
    });

    describe('QR code', () => {
      /** The code a camera would read: the image decoded to pixels, read by jsQR (an independent decoder). */
      async function decode(image: Buffer): Promise<{ text: string | undefined; width: number; height: number }> {
        const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
        return { text: jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data, width: info.width, height: info.height };
      }

      it('encodes the short link with the UTM values, in PNG and SVG, at the size asked', async () => {
        const channel = await create({
          name: 'Print ad',
          campaignId: campaign,
          kind: 'qr',
          utmSource: 'times of india',
          utmMedium: 'print',
          utmContent: 'page 3 & 4',
        });
        const expected = `${channel.url}?utm_source=times+of+india&utm_medium=print&utm_content=page+3+%26+4`;
        const png = await ctx.asStaff({ method: 'GET', url: `/api/channels/${channel.id}/qr.png?size=300` });
        expect(png.statusCode, png.body).toBe(200);
        expect(png.headers['content-type']).toBe('image/png');
        expect(await decode(png.rawPayload)).toEqual({ text: expected, width: 300, height: 300 });
        const large = await ctx.asStaff({ method: 'GET', url: `/api/channels/${channel.id}/qr.png` });
        expect((await decode(large.rawPayload)).text).toBe(expected);
        const svg = await ctx.asStaff({ method: 'GET', url: `/api/channels/${channel.id}/qr.svg?size=2048` });
        expect(svg.statusCode).toBe(200);
        expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
        expect(svg.body).toContain('width="2048"');
        expect((await decode(Buffer.from(svg.body))).text).toBe(expected);
        // Without UTM values, the bare short link.
        const bare = await create({ name: 'Plain link', campaignId: campaign, kind: 'link' });
        const barePng = await ctx.asStaff({ method: 'GET', url: `/api/channels/${bare.id}/qr.png?size=256` });
        expect((await decode(barePng.rawPayload)).text).toBe(bare.url);
      });

      it('refuses sizes outside 256–2048 with a sentence, unknown channels with 404, and visitors with 401', async () => {
        const channel = await create({ name: 'Sizes', campaignId: campaign, kind: 'qr' });
        for (const size of ['255', '2049', '300.5', 'big', '']) {
          for (const kind of ['png', 'svg']) {
            const res = await ctx.asStaff({ method: 'GET', url: `/api/channels/${channel.id}/qr.${kind}?size=${size}` });
            expect(res.statusCode, `size=${size} ${kind}`).toBe(400);
            expect(res.json()).toMatchObject({ code: 'VALIDATION', message: CHANNEL_MESSAGES.qrSize });
          }
        }
        expect((await ctx.asStaff({ method: 'GET', url: `/api/channels/${UNKNOWN_ID}/qr.png` })).statusCode).toBe(404);
        expect((await ctx.app.inject({ method: 'GET', url: `/api/channels/${channel.id}/qr.png` })).statusCode).toBe(401);
      });
    });
  },
  { publicBaseUrl: BASE },
);
