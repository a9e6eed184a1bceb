import { afterAll, expect, it, vi } from 'vitest';
import type { Channel } from '#shared/channels/channels.contract';
import type { Funnel } from '#shared/funnel/funnel.contract';
import { describeEachDatabase } from '../helpers/app';
import { createActiveCampaign } from '../factories/campaigns';

/*
 * Decision 0035: a link visitor's keyed hash lives 2 days at most (the hashes of days before
 * yesterday, studio days, go), even when nobody visits any more: the retention job's poll sweeps
 * them on every instance, on the app's clock. The counts stay.
 */
describeEachDatabase(
  'link visitors’ hashes are swept by the scheduled jobs, visits or none (decision 0035)',
  (ctx) => {
    afterAll(() => {
      vi.useRealTimers();
    });

    it('keeps today’s and yesterday’s hashes, drops older ones without a new visit, and keeps the counts', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2027-03-01T05:00:00Z') }); // Mon 1 Mar, 10:30 IST
      const campaignId = await createActiveCampaign(ctx);
      const make = async (name: string) => {
        const res = await ctx.asStaff({ method: 'POST', url: '/api/channels', payload: { name, kind: 'link', campaignId } });
        expect(res.statusCode, res.body).toBe(201);
        return res.json<{ channel: Channel }>().channel;
      };
      const [poster, flyer] = [await make('Poster'), await make('Flyer')];
      const db = ctx.database.db;
      const hashes = async () =>
        (await db.selectFrom('linkVisitors').select(['channelId', 'day']).where('channelId', 'in', [poster.id, flyer.id]).orderBy('day').execute()).map(
          (r) => r.day,
        );

      // Monday: two visitors of the poster (a short-link load and the embed's door), one of the flyer.
      expect((await ctx.app.inject({ method: 'GET', url: `/s/${poster.code}`, remoteAddress: '203.0.113.21' })).statusCode).toBeLessThan(500);
      expect(await ctx.app.recordLinkVisit(poster.id, '203.0.113.22', new Date())).toBe(true);
      expect(await ctx.app.recordLinkVisit(flyer.id, '203.0.113.23', new Date())).toBe(true);
      // Tuesday 00:30 IST: one more flyer visitor (its own pruning leaves Monday's, yesterday's).
      vi.setSystemTime(new Date('2027-03-01T19:00:00Z'));
      expect(await ctx.app.recordLinkVisit(flyer.id, '203.0.113.24', new Date())).toBe(true);
      expect(await hashes()).toEqual(['2027-03-01', '2027-03-01', '2027-03-01', '2027-03-02']);

      // Tuesday evening: the sweep keeps yesterday's and today's.
      vi.setSystemTime(new Date('2027-03-02T15:00:00Z'));
      await ctx.app.retention.sweep();
      expect(await hashes()).toHaveLength(4);

      // Wednesday 00:10 IST (still Tuesday in UTC): Monday is before yesterday. Nobody visits; the sweep drops Monday's.
      vi.setSystemTime(new Date('2027-03-02T18:40:00Z'));
      await ctx.app.retention.sweep();
      expect(await hashes()).toEqual(['2027-03-02']);
      // Thursday: nothing left, and the counts stay.
      vi.setSystemTime(new Date('2027-03-04T05:00:00Z'));
      await ctx.app.retention.sweep();
      expect(await hashes()).toEqual([]);
      const res = await ctx.asStaff({ method: 'GET', url: `/api/funnel?campaignId=${campaignId}` });
      expect(res.statusCode, res.body).toBe(200);
      const f = res.json<Funnel>();
      expect(f.channels.find((c) => c.channelId === poster.id)?.visits).toBe(2);
      expect(f.channels.find((c) => c.channelId === flyer.id)?.visits).toBe(2);
    });
  },
  { tokenTtlSeconds: 60 * 24 * 60 * 60 },
);
