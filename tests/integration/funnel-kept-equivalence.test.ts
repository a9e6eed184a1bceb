import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { fillStatements } from '#server/db/migrations/2026-12-05T0100-funnel-kept-counts';
import { fillValueStatements } from '#server/db/migrations/2026-12-06T0100-funnel-contact-values';
import { funnel as keptFunnel, funnelFromRows } from '#server/features/funnel/funnel.service';
import { firstContactMedians } from '#server/features/leads';
import { keptFirstContactMedians } from '#server/features/leads/funnel-kept.repository';
import { RetentionJob } from '#server/features/privacy';
import { personalDataRegistry } from '#server/personal-data.registry';
import type { Funnel, FunnelQuery } from '#shared/funnel/funnel.contract';
import { IMPORTS_API } from '#shared/imports/imports.api';
import type { ImportResult } from '#shared/imports/imports.contract';
import { API_KEYS_API, INBOUND_API } from '#shared/inbound/inbound.contract';
import { LEADS_API } from '#shared/leads/leads.api';
import { PRIVACY_API } from '#shared/privacy/privacy.api';
import { describeEachDatabase } from '../helpers/app';
import { multipart } from '../helpers/multipart';
import { addLinkChannel, addVisitStudio, giveEmail } from '../factories/funnel';
import { createActiveCampaign, createCampaign, respond } from '../factories/campaigns';

/*
 * Decision 0063: the funnel from the counts the triggers keep equals, byte for byte, the funnel
 * counted from the leads, after every kind of write that moves a lead through a step (e-mails on
 * several UTC and studio days, completions, first contacts, statuses forward and back, won, visits
 * booked, done and cancelled, merges and an unmerge, an import and its undo, API leads, an erasure,
 * retention's deletion of idle leads), for every scope: none, each campaign, a channel, no channel,
 * a source, a studio day, ranges whose ends are not UTC midnight, open ranges, and three time zones.
 * The kept tables also equal the ones made again from the rows; raising every kept count by 1,000
 * changes the route's answer (it reads them) and not the rows'.
 */

const DAY = 86_400_000;
const ZONES = ['Asia/Kolkata', 'UTC', 'America/St_Johns'];

describeEachDatabase(
  'the funnel from kept counts equals the funnel from the leads (decision 0063)',
  (ctx) => {
    let now = new Date('2027-03-01T05:00:00Z');
    const setNow = (at: Date | string) => {
      now = new Date(at);
      vi.setSystemTime(now);
    };
    let studio = '';
    let slot = 0;

    beforeAll(async () => {
      vi.useFakeTimers({ toFake: ['Date'], now });
      studio = await addVisitStudio(ctx, 'Kept Studio', '3 Lake Road, Bengaluru');
    });
    afterAll(() => {
      vi.useRealTimers();
    });

    const leadId = async (email: string) => (await ctx.database.db.selectFrom('leads').select('id').where('emailKey', '=', email).executeTakeFirstOrThrow()).id;
    const setStatus = async (email: string, status: string) => {
      const res = await ctx.asStaff({ method: 'PATCH', url: `/api/leads/${await leadId(email)}`, payload: { status } });
      expect(res.statusCode, res.body).toBe(200);
    };
    async function book(email: string): Promise<string> {
      slot += 1;
      const day = Date.parse(`${now.toISOString().slice(0, 10)}T04:30:00Z`) + (2 + Math.floor(slot / 20)) * DAY;
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/visits',
        payload: { slotStart: new Date(day + (slot % 20) * 30 * 60_000).toISOString(), studioId: studio, email, name: 'Visitor' },
        remoteAddress: `10.79.${slot >> 8}.${slot & 255}`,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ _id: string }>()._id;
    }
    const visitAction = async (id: string, action: 'done' | 'cancel') => {
      expect((await ctx.asStaff({ method: 'POST', url: `/api/visits/${id}/action`, payload: { action } })).statusCode).toBe(200);
    };

    /** The kept tables, without rows that counted back to zero. */
    async function keptTables() {
      const counts = await sql<Record<string, unknown>>`select * from funnel_step_counts order by campaign_id, row_key, day`.execute(ctx.database.db);
      const minutes = await sql<
        Record<string, unknown>
      >`select * from funnel_contact_minutes where n <> 0 order by campaign_id, row_key, grain, period, bucket`.execute(ctx.database.db);
      // Decision 0068: the exact minutes of each row's leads per day.
      const values = await sql<Record<string, unknown>>`select * from funnel_contact_values where n <> 0 order by campaign_id, row_key, day, minutes`.execute(
        ctx.database.db,
      );
      const nonZero = (r: Record<string, unknown>) => Object.entries(r).some(([k, v]) => !['campaignId', 'rowKey', 'day'].includes(k) && Number(v) !== 0);
      return {
        counts: counts.rows.filter(nonZero).map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' ? v : Number(v)]))),
        minutes: minutes.rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' ? v : Number(v)]))),
        values: values.rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' ? v : Number(v)]))),
      };
    }

    let queries: FunnelQuery[] = [];
    let linkCode = '';

    /** After each write: kept tables = rebuilt from the rows; every scope's funnel from them = from the rows, byte for byte; the medians' kept path itself. */
    async function reconcile(stage: string) {
      const kept = await keptTables();
      await ctx.database.db.transaction().execute(async (trx) => {
        const dialect = ctx.database.dialect === 'sqlite' ? 'sqlite' : 'postgres';
        for (const s of [...fillStatements(dialect), ...fillValueStatements(dialect)]) await sql.raw(s).execute(trx);
      });
      const rebuilt = await keptTables();
      expect(rebuilt, `${stage}: kept tables against the rows`).toEqual(kept);
      for (const timeZone of ZONES) {
        for (const q of queries) {
          const fromRows = JSON.stringify(await funnelFromRows(ctx.database.db, q, timeZone));
          expect(JSON.stringify(await keptFunnel(ctx.database.db, q, timeZone)), `${stage} ${timeZone} ${JSON.stringify(q)}`).toBe(fromRows);
        }
      }
      // The route (the studio's zone) answers the same.
      for (const q of queries) {
        const res = await ctx.asStaff({ method: 'GET', url: `/api/funnel?${new URLSearchParams(q as Record<string, string>).toString()}` });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json<Funnel>(), `${stage} route ${JSON.stringify(q)}`).toEqual(
          JSON.parse(JSON.stringify(await funnelFromRows(ctx.database.db, q, 'Asia/Kolkata'))),
        );
      }
      // The medians from the kept buckets, without the route's fallback to the rows.
      const scopes = [
        [{}, {}],
        [
          { since: new Date('2027-03-01T18:30:00Z'), until: new Date('2027-03-03T18:30:00Z') },
          { since: new Date('2027-03-01T18:30:00Z'), until: new Date('2027-03-03T18:30:00Z') },
        ],
        [{ campaignId: queries[1]!.campaignId }, null],
        [null, { until: new Date('2027-03-02T12:00:00Z') }],
        [{ since: new Date('2027-03-02T03:00:00Z') }, null],
      ] as const;
      for (const [scope, sources] of scopes) {
        expect(await keptFirstContactMedians(ctx.database.db, scope, sources), `${stage} medians ${JSON.stringify([scope, sources])}`).toEqual(
          await firstContactMedians(ctx.database.db, scope, sources, 'rows'),
        );
      }
    }

    it('after every kind of write, for every scope', { timeout: 600_000 }, async () => {
      const c1 = await createActiveCampaign(ctx);
      const c2 = await createCampaign(ctx);
      const a = await addLinkChannel(ctx, c1, 'Kept A');
      const b = await addLinkChannel(ctx, c1, 'Kept B');
      const x = await addLinkChannel(ctx, c2, 'Kept X');
      linkCode = a.code;
      queries = [
        {},
        { campaignId: c1 },
        { campaignId: c2 },
        { channelId: a.id },
        { channelId: 'none' },
        { source: '99acres' },
        { from: '2027-03-02', to: '2027-03-02' },
        { from: '2027-03-01', to: '2027-03-03', campaignId: c1 },
        { from: '2027-03-02' },
        { to: '2027-03-02' },
        { from: '2027-02-01', to: '2027-04-30' },
      ];

      // E-mails over three days, some at 20:00 UTC (the next day in Kolkata), through channels and none.
      const people: { email: string; record: string; campaign: string }[] = [];
      const arrive = async (i: number, at: string, campaign: string, code?: string) => {
        setNow(at);
        const email = `kept${i}@example.com`;
        people[i] = { email, record: await giveEmail(ctx, email, campaign, code), campaign };
      };
      await arrive(0, '2027-03-01T05:00:00Z', c1, a.code);
      await arrive(1, '2027-03-01T20:00:00Z', c1, b.code);
      await arrive(2, '2027-03-02T01:00:00Z', c1, a.code);
      await arrive(3, '2027-03-02T10:00:00Z', c1);
      await arrive(4, '2027-03-02T19:00:00Z', c2, x.code);
      await arrive(5, '2027-03-02T23:59:00Z', c1, b.code);
      await arrive(6, '2027-03-03T04:00:00Z', c1, a.code);
      await arrive(7, '2027-03-03T18:00:00Z', c1);
      await arrive(8, '2027-03-03T18:45:00Z', c2, x.code);
      setNow('2027-03-03T19:00:00Z');
      const again = await giveEmail(ctx, people[0]!.email, c2, x.code);
      await reconcile('e-mails');

      for (const i of [0, 1, 4, 7])
        expect((await respond(ctx, people[i]!.campaign, people[i]!.email, people[i]!.record, { propertyType: 'villa' })).statusCode).toBe(200);
      expect((await respond(ctx, c2, people[0]!.email, again, { propertyType: 'villa' })).statusCode).toBe(200);
      await reconcile('completions');

      // First contacts after 10, 25.5, 70 and 3,000 minutes of the clock (the minutes since each lead's e-mail differ again).
      for (const [i, minutes] of [
        [0, 10],
        [2, 25.5],
        [3, 70],
        [5, 3000],
        [6, 0.05],
      ] as const) {
        setNow(new Date(now.getTime() + minutes * 60_000));
        await setStatus(people[i]!.email, 'contacted');
      }
      await setStatus(people[1]!.email, 'won');
      await reconcile('first contacts and a win');

      // Back: a contacted lead set to new again, a won one to contacted.
      await setStatus(people[3]!.email, 'new');
      await setStatus(people[1]!.email, 'contacted');
      await reconcile('statuses back');

      const v0 = await book(people[0]!.email);
      await visitAction(v0, 'done');
      const v2 = await book(people[2]!.email);
      await visitAction(v2, 'cancel');
      const v6 = await book(people[6]!.email);
      await visitAction(v6, 'done');
      await visitAction(v6, 'cancel');
      await reconcile('visits');

      const merge = async (from: number, into: number) => {
        const res = await ctx.asStaff({
          method: 'POST',
          url: LEADS_API.merge(await leadId(people[from]!.email)),
          payload: { intoId: await leadId(people[into]!.email) },
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json<{ mergeId: string }>().mergeId;
      };
      const m1 = await merge(1, 3);
      await merge(4, 2);
      await reconcile('merges');
      expect((await ctx.asStaff({ method: 'DELETE', url: LEADS_API.unmerge(m1) })).statusCode).toBe(200);
      await reconcile('unmerge');

      // Imported and API leads under their sources; some worked; then the import undone.
      const sheet = [
        'Name,Email,Phone,Source',
        'Asha,asha@kept.example,,99acres',
        'Bala,bala@kept.example,,99ACRES',
        'Chetan,,+91 98450 71001,MagicBricks',
      ].join('\n');
      const body = await multipart({ dryRun: 'false' }, { bytes: Buffer.from(sheet, 'utf8'), filename: 'expo.csv', type: 'text/csv' });
      const imported = await ctx.asStaff({ method: 'POST', url: IMPORTS_API.imports, payload: body.payload, headers: body.headers });
      expect(imported.statusCode, imported.body).toBe(201);
      const key = await ctx.asStaff({ method: 'POST', url: API_KEYS_API.keys, payload: { name: 'Housing' } });
      const bearer = { authorization: `Bearer ${key.json<{ key: string }>().key}` };
      const api = await ctx.app.inject({
        method: 'POST',
        url: INBOUND_API.leads,
        payload: { source: 'Housing.com', externalId: 'K-1', name: 'Farah', email: 'farah@kept.example' },
        headers: bearer,
      });
      expect(api.statusCode, api.body).toBe(201);
      setNow(new Date(now.getTime() + 42 * 60_000));
      await setStatus('asha@kept.example', 'contacted');
      await setStatus('farah@kept.example', 'won');
      await reconcile('import and API');
      const mergedSource = await ctx.asStaff({
        method: 'POST',
        url: LEADS_API.merge(await leadId('bala@kept.example')),
        payload: { intoId: await leadId('asha@kept.example') },
      });
      expect(mergedSource.statusCode, mergedSource.body).toBe(200);
      await reconcile('a source lead merged');
      expect((await ctx.asStaff({ method: 'DELETE', url: IMPORTS_API.one(imported.json<ImportResult>().importId) })).statusCode).toBe(200);
      await reconcile('import undone');

      const erased = await ctx.asStaff({ method: 'DELETE', url: PRIVACY_API.erase(await leadId(people[0]!.email)) });
      expect(erased.statusCode, erased.body).toBe(200);
      await reconcile('erasure');

      // Retention: a year on, every idle lead is deleted.
      const job = new RetentionJob({
        database: ctx.database,
        registry: personalDataRegistry,
        mailDir: ctx.config.notify.mailDir,
        retention: async () => ({ retentionUnfinishedDays: 180, retentionLeadDays: 30 }),
        now: () => new Date(now.getTime() + 365 * DAY),
      });
      const swept = await job.runIfDue();
      expect(swept?.leads ?? 0).toBeGreaterThan(0);
      await reconcile('retention');
    });

    it('the route reads the kept counts: raising each by 1,000 changes its answer, not the rows’', async () => {
      // Retention took every lead: two new ones, through a channel of the campaign.
      await giveEmail(ctx, 'raised1@example.com', queries[1]!.campaignId!, linkCode);
      await giveEmail(ctx, 'raised2@example.com', queries[1]!.campaignId!);
      const q = `campaignId=${queries[1]!.campaignId!}`;
      const before = (await ctx.asStaff({ method: 'GET', url: `/api/funnel?${q}` })).json<Funnel>();
      await sql`update funnel_step_counts set leads = leads + 1000, emails = emails + 1000, won = won + 1000`.execute(ctx.database.db);
      try {
        const raised = (await ctx.asStaff({ method: 'GET', url: `/api/funnel?${q}` })).json<Funnel>();
        const fromRows = await funnelFromRows(ctx.database.db, { campaignId: queries[1]!.campaignId }, 'Asia/Kolkata');
        expect(before.total.emails).toBe(2);
        expect(fromRows.total.emails).toBe(2);
        expect(raised.total.emails).toBeGreaterThanOrEqual(before.total.emails + 1000);
        expect(raised.total.won).toBeGreaterThanOrEqual(before.total.won + 1000);
      } finally {
        await sql`update funnel_step_counts set leads = leads - 1000, emails = emails - 1000, won = won - 1000`.execute(ctx.database.db);
      }
    });

    it('the medians are read from the kept minutes (decision 0068), not from the leads', async () => {
      const campaignId = queries[1]!.campaignId!;
      setNow(new Date(now.getTime() + 7 * 60_000));
      await setStatus('raised1@example.com', 'contacted');
      const scope = { campaignId };
      const fromRows = await firstContactMedians(ctx.database.db, scope, null, 'rows');
      expect(fromRows.total).not.toBeNull();
      expect(await keptFirstContactMedians(ctx.database.db, scope, null)).toEqual(fromRows);
      await sql`delete from funnel_contact_values`.execute(ctx.database.db);
      await expect(keptFirstContactMedians(ctx.database.db, scope, null)).rejects.toThrow('the kept counts and values differ');
      for (const s of fillValueStatements(ctx.database.dialect === 'sqlite' ? 'sqlite' : 'postgres')) await sql.raw(s).execute(ctx.database.db);
      expect(await keptFirstContactMedians(ctx.database.db, scope, null)).toEqual(fromRows);
    });
  },
  { tokenTtlSeconds: 60 * 24 * 60 * 60 },
);
