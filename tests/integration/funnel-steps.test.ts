import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import type { Channel } from '#shared/channels/channels.contract';
import { FUNNEL_STEPS, type Funnel } from '#shared/funnel/funnel.contract';
import { LEADS_API } from '#shared/leads/leads.api';
import { PRIVACY_API } from '#shared/privacy/privacy.api';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { addLinkChannel, addVisitStudio, giveEmail } from '../factories/funnel';
import { createActiveCampaign, createCampaign, respond } from '../factories/campaigns';

/*
 * Decision 0035 (amended): the funnel counts steps kept on the lead (survey_completed, visit_booked,
 * visit_done, lead_campaigns.completed), set in the transaction of the write that changes them. This
 * drives the real writes (a response completing, a visit booked, cancelled, done, a merge, an unmerge,
 * an erasure) and after each compares (1) every lead's kept steps with its rows and (2) every funnel
 * cell with the old row-based statement (the oracle below: EXISTS over the rows, as before).
 */

const NOW = new Date('2027-02-01T05:00:00Z');

const addStudio = (ctx: TestContext) => addVisitStudio(ctx, 'Steps Studio', '2 Lake Road, Bengaluru');

interface OracleRow {
  channelId: string | null;
  emails: number;
  completed: number;
  contacted: number;
  visitBooked: number;
  visitDone: number;
  won: number;
}

/** The funnel's counts from the rows (the statement the funnel ran before the steps were kept on the lead). */
async function oracle(ctx: TestContext, scope: { campaignId?: string; channelId?: string | null }): Promise<OracleRow[]> {
  const campaign = scope.campaignId;
  const completed = campaign
    ? sql`exists (select 1 from email_records e where e.lead_id = l.id and e.is_completed = true and e.campaign_id = ${campaign})`
    : sql`exists (select 1 from email_records e where e.lead_id = l.id and e.is_completed = true)`;
  const inCampaign = campaign ? sql`and exists (select 1 from lead_campaigns lc where lc.lead_id = l.id and lc.campaign_id = ${campaign})` : sql``;
  const ofChannel =
    scope.channelId === undefined ? sql`` : scope.channelId === null ? sql`and l.first_channel_id is null` : sql`and l.first_channel_id = ${scope.channelId}`;
  const rows = await sql<Record<keyof OracleRow, unknown>>`
    select l.first_channel_id as "channelId",
      count(*) as emails,
      sum(case when ${completed} then 1 else 0 end) as completed,
      sum(case when l.first_contacted_at is not null or l.status <> 'new' then 1 else 0 end) as contacted,
      sum(case when exists (select 1 from visits v where v.lead_id = l.id) then 1 else 0 end) as "visitBooked",
      sum(case when exists (select 1 from visits v where v.lead_id = l.id and v.status = 'done') then 1 else 0 end) as "visitDone",
      sum(case when l.status = 'won' then 1 else 0 end) as won
    from leads l
    where l.has_survey = true ${inCampaign} ${ofChannel}
    group by l.first_channel_id
  `.execute(ctx.database.db);
  return rows.rows.map((r) => ({
    channelId: (r.channelId as string | null) ?? null,
    emails: Number(r.emails),
    completed: Number(r.completed),
    contacted: Number(r.contacted),
    visitBooked: Number(r.visitBooked),
    visitDone: Number(r.visitDone),
    won: Number(r.won),
  }));
}

/** Every lead whose kept steps differ from its rows (none, when they are kept right). */
async function stepsAgainstRows(ctx: TestContext) {
  const leads = await sql<{ id: string; kept: string; rows: string }>`
    select l.id,
      (case when l.survey_completed = true then 'c' else '-' end) || (case when l.visit_booked = true then 'b' else '-' end) || (case when l.visit_done = true then 'd' else '-' end) as kept,
      (case when exists (select 1 from email_records e where e.lead_id = l.id and e.is_completed = true) then 'c' else '-' end)
        || (case when exists (select 1 from visits v where v.lead_id = l.id) then 'b' else '-' end)
        || (case when exists (select 1 from visits v where v.lead_id = l.id and v.status = 'done') then 'd' else '-' end) as rows
    from leads l
  `.execute(ctx.database.db);
  const campaigns = await sql<{ leadId: string; campaignId: string; kept: unknown; rows: unknown }>`
    select lc.lead_id as "leadId", lc.campaign_id as "campaignId", case when lc.completed = true then 1 else 0 end as kept,
      case when exists (select 1 from email_records e where e.lead_id = lc.lead_id and e.campaign_id = lc.campaign_id and e.is_completed = true) then 1 else 0 end as rows
    from lead_campaigns lc
  `.execute(ctx.database.db);
  return {
    leads: leads.rows.filter((r) => r.kept !== r.rows),
    campaigns: campaigns.rows.filter((r) => Number(r.kept) !== Number(r.rows)),
    stepsSeen: new Set(leads.rows.map((r) => r.rows)),
  };
}

let emails = 0;
const nextEmail = (prefix: string) => `${prefix}${++emails}@example.com`;

describeEachDatabase(
  'the funnel’s steps kept on the lead equal its rows (decision 0035)',
  (ctx) => {
    let studio = '';
    let slot = 0;

    beforeAll(async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: NOW });
      studio = await addStudio(ctx);
    });
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    });
    afterAll(() => {
      vi.useRealTimers();
    });

    const channel = (campaignId: string, name: string): Promise<Channel> => addLinkChannel(ctx, campaignId, name);

    const arrive = (email: string, campaignId: string, code?: string): Promise<string> => giveEmail(ctx, email, campaignId, code);

    async function leadId(email: string): Promise<string> {
      const row = await ctx.database.db.selectFrom('leads').select('id').where('emailKey', '=', email).executeTakeFirstOrThrow();
      return row.id;
    }

    async function book(email: string): Promise<string> {
      slot += 1;
      const day = Date.parse(`${NOW.toISOString().slice(0, 10)}T04:30:00Z`) + (1 + Math.floor(slot / 20)) * 86_400_000;
      const slotStart = new Date(day + (slot % 20) * 30 * 60_000).toISOString();
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/visits',
        payload: { slotStart, studioId: studio, email, name: 'Visitor' },
        remoteAddress: `10.78.${slot >> 8}.${slot & 255}`,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ _id: string }>()._id;
    }

    async function visitAction(id: string, action: 'done' | 'cancel' | 'confirm') {
      const res = await ctx.asStaff({ method: 'POST', url: `/api/visits/${id}/action`, payload: { action } });
      expect(res.statusCode, res.body).toBe(200);
    }

    async function funnel(query: string): Promise<Funnel> {
      const res = await ctx.asStaff({ method: 'GET', url: `/api/funnel?${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Funnel>();
    }

    /** After each write: the kept steps equal the rows, lead by lead, and each funnel's cells equal the oracle's. */
    async function reconcile(step: string, scopes: Array<{ campaignId?: string; channelId?: string | null }>) {
      const differing = await stepsAgainstRows(ctx);
      expect(differing.leads, `${step}: leads whose kept steps differ from their rows`).toEqual([]);
      expect(differing.campaigns, `${step}: lead campaigns whose completed flag differs from the rows`).toEqual([]);
      for (const scope of scopes) {
        const query = [scope.campaignId ? `campaignId=${scope.campaignId}` : '', scope.channelId !== undefined ? `channelId=${scope.channelId ?? 'none'}` : '']
          .filter(Boolean)
          .join('&');
        const f = await funnel(query);
        const expected = await oracle(ctx, scope);
        for (const row of expected) {
          const cells = f.channels.find((c) => c.channelId === row.channelId);
          expect(cells, `${step} ${query}: a row for ${row.channelId}`).toBeDefined();
          expect(cells, `${step} ${query}`).toMatchObject(row);
        }
        // Rows the oracle has not are empty, and the total is the oracle's sum.
        for (const cells of f.channels.filter((c) => !expected.some((e) => e.channelId === c.channelId))) {
          for (const s of FUNNEL_STEPS) if (s !== 'visits') expect(cells[s], `${step} ${query}: ${cells.name} ${s}`).toBe(0);
        }
        for (const s of FUNNEL_STEPS)
          if (s !== 'visits') expect(f.total[s], `${step} ${query}: total ${s}`).toBe(expected.reduce((sum, r) => sum + r[s as keyof OracleRow & typeof s], 0));
      }
    }

    it('after completions, bookings, cancellations, visits done, merges, an unmerge and an erasure', { timeout: 300_000 }, async () => {
      const c1 = await createActiveCampaign(ctx);
      const c2 = await createCampaign(ctx);
      const a = await channel(c1, 'Steps A');
      const b = await channel(c1, 'Steps B');
      const x = await channel(c2, 'Steps X (second campaign)');
      const scopes = [{}, { campaignId: c1 }, { campaignId: c2 }, { campaignId: c1, channelId: a.id }, { channelId: null }];

      const v = Array.from({ length: 9 }, (_, i) => nextEmail(`step${i}-`));
      const records = [
        await arrive(v[0]!, c1, a.code),
        await arrive(v[1]!, c1, b.code),
        await arrive(v[2]!, c1, a.code),
        await arrive(v[3]!, c1),
        await arrive(v[4]!, c2, x.code),
        await arrive(v[5]!, c1, b.code),
        await arrive(v[6]!, c1, a.code),
        await arrive(v[7]!, c1),
        await arrive(v[8]!, c2, x.code),
      ];
      // The same person again on the second campaign through its channel (a second campaign of one lead).
      const v0OnC2 = await arrive(v[0]!, c2, x.code);
      await reconcile('arrivals', scopes);

      // Completions.
      for (const [i, campaign] of [
        [0, c1],
        [1, c1],
        [4, c2],
        [7, c1],
      ] as const)
        expect((await respond(ctx, campaign, v[i]!, records[i]!, { propertyType: 'villa' })).statusCode).toBe(200);
      expect((await respond(ctx, c2, v[0]!, v0OnC2, { propertyType: 'villa' })).statusCode).toBe(200);
      await reconcile('completions', scopes);

      // Visits: booked, done, cancelled (stays booked), done then cancelled (no longer done), confirmed.
      const v0Visit = await book(v[0]!);
      await visitAction(v0Visit, 'done');
      const v2Visit = await book(v[2]!);
      await visitAction(v2Visit, 'cancel');
      const v3Visit = await book(v[3]!);
      await visitAction(v3Visit, 'done');
      await visitAction(v3Visit, 'cancel');
      const v5Visit = await book(v[5]!);
      await visitAction(v5Visit, 'confirm');
      await book(v[6]!);
      await reconcile('visits', scopes);
      const f = await funnel('');
      expect(f.total.visitBooked).toBeGreaterThanOrEqual(5);
      expect(f.total.visitDone).toBeGreaterThanOrEqual(1);

      // Merges: v1 (completed) into v3 (a cancelled visit that was done); v4 (completed, second campaign) into v2; v6 into v7.
      const merge = async (from: string, into: string) => {
        const res = await ctx.asStaff({ method: 'POST', url: LEADS_API.merge(await leadId(from)), payload: { intoId: await leadId(into) } });
        expect(res.statusCode, res.body).toBe(200);
        return res.json<{ mergeId: string }>().mergeId;
      };
      const m1 = await merge(v[1]!, v[3]!);
      await merge(v[4]!, v[2]!);
      const m3 = await merge(v[6]!, v[7]!);
      await reconcile('merges', scopes);
      const merged = await stepsAgainstRows(ctx);
      // The kept lead now has the merged one's completion (and it is seen on the rows as such).
      expect(merged.stepsSeen.has('cb-')).toBe(true);

      // A later visit done on a merged person's visit lands on the kept lead.
      await visitAction(v5Visit, 'done');
      const unmerged = await ctx.asStaff({ method: 'DELETE', url: LEADS_API.unmerge(m1) });
      expect(unmerged.statusCode, unmerged.body).toBe(200);
      await reconcile('unmerge', scopes);
      // A response on the kept lead after a merge, and an unmerge that takes the visit back.
      expect((await respond(ctx, c1, v[2]!, records[2]!, { propertyType: 'villa' })).statusCode).toBe(200);
      expect((await ctx.asStaff({ method: 'DELETE', url: LEADS_API.unmerge(m3) })).statusCode).toBe(200);
      await reconcile('response after a merge, second unmerge', scopes);

      // Erasure: the person and their rows go; the kept steps go with the lead.
      const erased = await ctx.asStaff({ method: 'DELETE', url: PRIVACY_API.erase(await leadId(v[0]!)) });
      expect(erased.statusCode, erased.body).toBe(200);
      await reconcile('erasure', scopes);
      const after = await funnel(`campaignId=${c1}`);
      expect(after.total.emails).toBeGreaterThan(0);
      expect(after.total.completed).toBeGreaterThan(0);
    });
  },
  { tokenTtlSeconds: 60 * 24 * 60 * 60 },
);
