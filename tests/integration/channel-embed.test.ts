import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import type { Channel } from '#shared/channels/channels.contract';
import { describeEachDatabase } from '../helpers/app';
import { createCampaign, respond, visitorEmail } from '../factories/campaigns';

/*
 * A channel's survey embedded on another site (decision 0034, README "Embedding a survey on another
 * site"): `/embed/<code>` (and its journey's steps inside the frame) may be framed by the channel's
 * allowed origins only, every other page keeps frame-ancestors 'none'; `GET /embed.js` is the script
 * a partner pastes. The page is rendered through the SSR stand-in (tests/fixtures/ssr).
 */
const frameAncestors = (res: LightMyRequestResponse) => /frame-ancestors ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1];

describeEachDatabase(
  'embedding a channel on another site',
  (ctx) => {
    let campaign = '';
    /** An app on the same database whose clock the test sets (a channel's schedule is read at "now"). */
    let clocked: FastifyInstance;
    const now = new Date('2027-01-01T00:00:00Z');
    beforeAll(async () => {
      campaign = await createCampaign(ctx);
      clocked = await buildApp(ctx.config, { database: ctx.database, logger: false, clock: () => now });
      await clocked.ready();
    });
    afterAll(async () => {
      await clocked?.close();
    });

    async function channel(body: Record<string, unknown>): Promise<Channel> {
      const res = await ctx.asStaff({ method: 'POST', url: '/api/channels', payload: { name: 'Partner site', kind: 'embed', campaignId: campaign, ...body } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ channel: Channel }>().channel;
    }
    const get = (url: string, app: FastifyInstance = ctx.app) => app.inject({ method: 'GET', url });

    it("lets the channel's allowed origins frame /embed/<code>, /hi/embed/<code> and the journey's steps, and no one else", async () => {
      const embed = await channel({ allowedOrigins: ['https://partner.example', 'https://builder.example:8443'] });
      for (const url of [
        `/embed/${embed.code}`,
        `/hi/embed/${embed.code}`,
        `/embed/${embed.code}/survey`,
        `/embed/${embed.code}/result`,
        `/hi/embed/${embed.code}/result`,
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        expect(frameAncestors(res), url).toBe('https://partner.example https://builder.example:8443');
        // X-Frame-Options knows no list: it would refuse the partner's frame.
        expect(res.headers['x-frame-options'], url).toBeUndefined();
        expect(res.headers['cache-control'], url).toBe('no-store');
        // The rest of the page policy is the site's.
        expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
      }
    });

    it("keeps frame-ancestors 'none' (and X-Frame-Options DENY) on every other page, the short link included", async () => {
      const embed = await channel({ allowedOrigins: ['https://partner.example'] });
      for (const url of ['/', '/hi/', `/s/${embed.code}`, '/viewProjects', '/startsurvey?resume=x', '/dashboard', '/no-such-page', '/api/campagin/active']) {
        const res = await get(url);
        expect(frameAncestors(res), url).toBe("'none'");
        if (!url.startsWith('/api/')) expect(res.headers['x-frame-options'], url).toBe('DENY');
      }
    });

    it('answers 404 for a code no channel has (frame-ancestors none), the journey steps too', async () => {
      for (const url of ['/embed/zzzzzzz', '/hi/embed/zzzzzzz', '/embed/zzzzzzz/survey', '/embed/zzzzzzz/result']) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(frameAncestors(res), url).toBe("'none'");
        expect(res.headers['x-frame-options'], url).toBe('DENY');
      }
    });

    it('refuses framing everywhere for an embed channel without allowed origins, and for a channel of another kind (whatever its origins)', async () => {
      const bare = await channel({});
      const qr = await channel({ kind: 'qr', allowedOrigins: ['https://partner.example'] });
      for (const code of [bare.code, qr.code]) {
        const res = await get(`/embed/${code}`);
        // The page itself answers (staff may open it to see it), but no site may frame it.
        expect(res.statusCode).toBe(200);
        expect(frameAncestors(res)).toBe("'none'");
        expect(res.headers['x-frame-options']).toBe('DENY');
      }
    });

    it('follows a change of the allowed origins at once (nothing cached)', async () => {
      const embed = await channel({ allowedOrigins: ['https://partner.example'] });
      expect(frameAncestors(await get(`/embed/${embed.code}`))).toBe('https://partner.example');
      const patched = await ctx.asStaff({ method: 'PATCH', url: `/api/channels/${embed.id}`, payload: { allowedOrigins: ['https://other.example'] } });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(frameAncestors(await get(`/embed/${embed.code}`))).toBe('https://other.example');
      await ctx.asStaff({ method: 'PATCH', url: `/api/channels/${embed.id}`, payload: { allowedOrigins: [] } });
      expect(frameAncestors(await get(`/embed/${embed.code}`))).toBe("'none'");
    });

    it('shows a paused, closed, not-yet-open or full channel in the frame (still framed), with the sentence in the visitor’s language', async () => {
      const origins = ['https://partner.example'];
      const paused = await channel({ allowedOrigins: origins, paused: true });
      const closed = await channel({ allowedOrigins: origins, closesAt: '2026-12-31T00:00:00+05:30' });
      const later = await channel({ allowedOrigins: origins, opensAt: '2027-01-05T10:00:00+05:30' });
      const full = await channel({ allowedOrigins: origins, cap: 1 });
      const email = visitorEmail();
      const record = await clocked.inject({ method: 'POST', url: '/api/email/add', payload: { email, campaignid: campaign, channel: full.code } });
      expect(record.statusCode, record.body).toBe(201);
      expect((await respond(ctx, campaign, email, record.json<{ emailID: string }>().emailID, { propertyType: 'villa' })).statusCode).toBe(200);

      const expected: Array<[Channel, string, string, string]> = [
        [paused, 'paused', 'This survey is closed.', 'यह सर्वे बंद है।'],
        [closed, 'closed', 'This survey is closed.', 'यह सर्वे बंद है।'],
        [full, 'full', 'This survey is closed.', 'यह सर्वे बंद है।'],
        [later, 'scheduled', 'This survey opens on', 'यह सर्वे'],
      ];
      for (const [one, status, english, hindi] of expected) {
        const page = await get(`/hi/embed/${one.code}`, clocked);
        expect(page.statusCode).toBe(200);
        expect(frameAncestors(page)).toBe('https://partner.example');
        // What the frame's page shows (its loader's data).
        const en = await get(`/api/channels/link/${one.code}?lang=en`, clocked);
        expect(en.json()).toMatchObject({ status, campaign: { questions: '' } });
        expect(en.json<{ message: string }>().message).toContain(english);
        const hi = await get(`/api/channels/link/${one.code}?lang=hi`, clocked);
        expect(hi.json<{ message: string }>().message).toContain(hindi);
      }
      // A visitor the frame still had open is refused in their language (409).
      const refused = await clocked.inject({
        method: 'POST',
        url: '/api/email/add',
        payload: { email: visitorEmail(), campaignid: campaign, channel: paused.code, language: 'hi' },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'CHANNEL_UNAVAILABLE', message: 'यह सर्वे बंद है।' });
    });

    it("keeps an embedded visitor's channel and the partner site as referrer", async () => {
      const embed = await channel({ allowedOrigins: ['https://partner.example'], utmSource: 'partner', utmMedium: 'embed' });
      const email = visitorEmail();
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/email/add',
        payload: { email, campaignid: campaign, channel: embed.code, utm: { source: 'partner', medium: 'embed' }, referrer: 'partner.example' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const kept = await ctx.database.db
        .selectFrom('emailRecords')
        .selectAll()
        .where('id', '=', res.json<{ emailID: string }>().emailID)
        .executeTakeFirstOrThrow();
      expect(kept).toMatchObject({ channelId: embed.id, referrerHost: 'partner.example' });
    });

    it('serves /embed.js to other sites: JavaScript, compressed when asked, loadable cross-origin, cached an hour', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/embed.js', headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      expect(gunzipSync(res.rawPayload).toString()).toContain('abodeEmbedFixture');
    });
  },
  { ssrDir: path.resolve('tests/fixtures/ssr') },
);
