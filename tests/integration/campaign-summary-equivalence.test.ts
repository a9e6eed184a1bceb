import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildApp } from '#server/app';
import { RetentionJob } from '#server/features/privacy';
import { campaignSummaryFromRows } from '#server/features/results/campaign-summary.service';
import { rebuildSummaryCounts } from '#server/features/responses/summary-counts';
import { summaryFunnelFill } from '#server/db/migrations/2026-12-05T0110-summary-funnel-counts';
import { SETTINGS_API, type StudioSettings } from '#shared/settings/settings.contract';
import { personalDataRegistry } from '#server/personal-data.registry';
import type { Channel } from '#shared/channels/channels.contract';
import { type LeadList } from '#shared/leads/leads.contract';
import { LEADS_API } from '#shared/leads/leads.api';
import type { CampaignSummaryResult } from '#shared/results/campaign-summary.contract';
import { describeEachDatabase, STAFF } from '../helpers/app';
import { createSummaryCampaign } from '../factories/campaigns';

/*
 * Decision 0056: GET summary answers byte for byte what the row-based fold answers,
 * after every kind of write that changes the rows: a response stored, unfinished answers saved and
 * replaced, unfinished answers finished, a lead erased, two leads merged, unfinished answers
 * expired by retention; for the default, each status, a channel and a from/to range.
 */

const DAY = 86_400_000;

describeEachDatabase('the summary equals the row-based fold', (ctx) => {
  // The server's clock and Date alike (some writes stamp rows with Date itself).
  let now = new Date('2027-01-01T10:00:00Z');
  const setNow = (at: string) => {
    now = new Date(at);
    vi.setSystemTime(now);
  };
  let clocked: FastifyInstance;
  let campaignId = '';
  let channelId = '';
  let channelCode = '';
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    setNow('2027-01-01T10:00:00Z');
    clocked = await buildApp(ctx.config, { database: ctx.database, logger: process.env.EQ_LOG === '1', clock: () => now });
    await clocked.ready();
    campaignId = await createSummaryCampaign(ctx, { active: true });
    const res = await ctx.asStaff({ method: 'POST', url: '/api/channels', payload: { name: 'Expo stall', kind: 'link', campaignId } });
    expect(res.statusCode, res.body).toBe(201);
    ({ id: channelId, code: channelCode } = res.json<{ channel: Channel }>().channel);
  });
  afterAll(async () => {
    vi.useRealTimers();
    await clocked?.close();
  });

  const inject = (options: InjectOptions) => clocked.inject(options);
  async function visitor(email: string, viaChannel = false): Promise<string> {
    const res = await inject({
      method: 'POST',
      url: '/api/email/add',
      payload: { email, campaignid: campaignId, ...(viaChannel ? { channel: channelCode } : {}) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ emailID: string }>().emailID;
  }
  async function complete(email: string, emailId: string, answer: object) {
    const res = await inject({ method: 'POST', url: `/api/campaign/response/${campaignId}`, payload: { response: { email, emailId, answer } } });
    expect(res.statusCode, res.body).toBe(200);
  }
  async function save(email: string, emailId: string, answer: object, page: number) {
    const res = await inject({ method: 'POST', url: `/api/campaign/progress/${campaignId}`, payload: { response: { email, emailId, answer, page } } });
    expect(res.statusCode, res.body).toBe(200);
  }
  /** A staff request with a token from a login at the (faked) time now. */
  async function asStaff(options: InjectOptions) {
    await ctx.staffToken();
    const login = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: STAFF.email, password: STAFF.password } });
    return ctx.app.inject({ ...options, headers: { authorization: `Bearer ${login.json<{ token: string }>().token}` } } as InjectOptions);
  }
  async function leadId(email: string): Promise<string> {
    const list = await asStaff({ method: 'GET', url: `${LEADS_API.list}?q=${encodeURIComponent(email)}` });
    return list.json<LeadList>().items[0]!._id;
  }

  const QUERIES = (): Record<string, string>[] => [
    {},
    { status: 'completed' },
    { status: 'unfinished' },
    { status: 'all' },
    { channelId },
    { channelId, status: 'all' },
    { from: '2027-01-02', to: '2027-01-03' },
    { from: '2027-01-03', to: '2027-01-03', status: 'all' },
  ];

  /** Every query's answer, checked against the fold over the rows; returned by query for the figures. */
  async function summaries(): Promise<CampaignSummaryResult[]> {
    const timeZone = (await ctx.app.settings.current()).timeZone;
    const out: CampaignSummaryResult[] = [];
    for (const query of QUERIES()) {
      const res = await asStaff({ method: 'GET', url: `/api/campaign/summary/${campaignId}?${new URLSearchParams(query).toString()}` });
      expect(res.statusCode, res.body).toBe(200);
      const fromRows = await campaignSummaryFromRows(ctx.database.db, ctx.database.dialect, campaignId, query, timeZone);
      expect(res.body, JSON.stringify(query)).toBe(JSON.stringify(fromRows));
      out.push(res.json<CampaignSummaryResult>());
    }
    return out;
  }
  const totals = (all: CampaignSummaryResult[]) => all.map((s) => [s.total, s.completed, s.unfinished]);

  /**
   * Which queries the route answers from the kept counts: with every count of answers bumped by a
   * thousand, the counts' answer is no longer the rows' one, while the rows' answer stays as it was.
   */
  async function servedByCounts(queries: Record<string, string>[] = QUERIES()): Promise<boolean[]> {
    const db = ctx.database.db;
    const timeZone = (await ctx.app.settings.current()).timeZone;
    await sql`update summary_answer_counts set n = n + 1000 where question = '' and answer = ''`.execute(db);
    try {
      const out: boolean[] = [];
      for (const query of queries) {
        const res = await asStaff({ method: 'GET', url: `/api/campaign/summary/${campaignId}?${new URLSearchParams(query).toString()}` });
        expect(res.statusCode, res.body).toBe(200);
        out.push(res.body !== JSON.stringify(await campaignSummaryFromRows(db, ctx.database.dialect, campaignId, query, timeZone)));
      }
      return out;
    } finally {
      await sql`update summary_answer_counts set n = n - 1000 where question = '' and answer = ''`.execute(db);
    }
  }
  const everyQuery = () => QUERIES().map(() => true);

  /** The kept counts, in one order (to compare with the counts made again from the rows). */
  async function countRows() {
    const rows = await sql<
      Record<string, unknown>
    >`select campaign_id, finished, channel_id, day, question, answer, n from summary_answer_counts order by campaign_id, channel_id, day, finished, question, answer`.execute(
      ctx.database.db,
    );
    return rows.rows.map((r) => Object.values(r).map((v) => (typeof v === 'boolean' ? Number(v) : v)));
  }

  it('after responses, unfinished answers saved, replaced and finished, an erasure, a merge and retention', async () => {
    // Day one: two complete answers, one through the channel.
    const a = await visitor('eq-a@example.com');
    await complete('eq-a@example.com', a, { kind: 'a', amen: ['gym', 'pool'], stars: 5, loan: true, size: 100, notes: 'first', rooms: { kitchen: 1 } });
    const b = await visitor('eq-b@example.com', true);
    await complete('eq-b@example.com', b, { kind: 'v', amen: ['gym'], stars: 3, loan: false, size: 250, rooms: { kitchen: 2 } });

    // Day two, late evening UTC: 3 January, 01:30 on the studio's clock (Asia/Kolkata). Unfinished answers saved, then replaced.
    setNow('2027-01-02T20:00:00Z');
    const c = await visitor('eq-c@example.com', true);
    await save('eq-c@example.com', c, { kind: 'v', amen: ['pool'] }, 0);
    setNow('2027-01-02T20:05:00Z');
    await save('eq-c@example.com', c, { kind: 'a', amen: ['gym'], stars: 2, size: 80 }, 1);
    // Saved, then finished: counted once, as complete.
    const d = await visitor('eq-d@example.com');
    await save('eq-d@example.com', d, { kind: 'v' }, 0);
    await complete('eq-d@example.com', d, { kind: 'v', amen: [], stars: 4, loan: true, notes: 'second', rooms: { kitchen: 1 } });
    // Values the survey does not list (an old choice, a rating typed as text).
    const e = await visitor('eq-e@example.com');
    await complete('eq-e@example.com', e, { kind: 'x', stars: '4', size: '120' });

    let all = await summaries();
    expect(totals(all)).toEqual([
      [4, 4, 1],
      [4, 4, 1],
      [1, 4, 1],
      [5, 4, 1],
      [1, 1, 1],
      [2, 1, 1],
      [2, 2, 1],
      [3, 2, 1],
    ]);
    // The route answered each from the counts (the rows' answer was checked above).
    expect(await servedByCounts()).toEqual(everyQuery());

    // Day three: a person who answered is erased; another is merged into the first one.
    setNow('2027-01-03T09:00:00Z');
    const f = await visitor('eq-f@example.com');
    // A value only this person gave (a boolean question answered "maybe"): kept in the counts until erased.
    await complete('eq-f@example.com', f, { kind: 'a', stars: 1, loan: 'maybe', notes: 'gone' });
    const g = await visitor('eq-g@example.com', true);
    await complete('eq-g@example.com', g, { kind: 'a', amen: ['pool'], stars: 2, loan: false, notes: 'merged' });
    const h = await visitor('eq-h@example.com');
    await save('eq-h@example.com', h, { kind: 'a', amen: ['gym'] }, 1);
    all = await summaries();
    expect(all[0]!.completed).toBe(6);
    expect(all[0]!.questions.find((q) => q.name === 'loan')).toMatchObject({
      stats: { choices: expect.arrayContaining([{ value: 'maybe', text: 'maybe', count: 1 }]) },
    });
    expect(await servedByCounts()).toEqual(everyQuery());
    const heldValue = sql<{ n: number }>`select count(*) as n from summary_answer_counts where answer = '"maybe"'`;
    expect(Number((await heldValue.execute(ctx.database.db)).rows[0]!.n)).toBeGreaterThan(0);

    const erased = await asStaff({ method: 'DELETE', url: LEADS_API.one(await leadId('eq-f@example.com')) });
    expect(erased.statusCode, erased.body).toBe(200);
    const merged = await asStaff({
      method: 'POST',
      url: LEADS_API.merge(await leadId('eq-g@example.com')),
      payload: { intoId: await leadId('eq-a@example.com') },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    all = await summaries();
    expect(all[0]!.completed).toBe(5);
    expect(all[0]!.questions.find((q) => q.name === 'notes')).toMatchObject({ stats: { latest: ['merged', 'second', 'first'] } });
    expect(all[2]!.total).toBe(2);
    expect(await servedByCounts()).toEqual(everyQuery());
    // The erased person's own value is gone from the counts too (a count that reached zero goes with its value).
    expect(Number((await heldValue.execute(ctx.database.db)).rows[0]!.n)).toBe(0);

    // Half a year on, retention expires the unfinished answers; the complete ones stay.
    const job = new RetentionJob({
      database: ctx.database,
      registry: personalDataRegistry,
      mailDir: ctx.config.notify.mailDir,
      retention: async () => ({ retentionUnfinishedDays: 180, retentionLeadDays: null }),
      now: () => new Date(now.getTime() + 181 * DAY),
    });
    expect(await job.runIfDue()).toMatchObject({ unfinished: 2 });
    all = await summaries();
    expect(totals(all)[2]).toEqual([0, 5, 0]);
    expect(all[3]!.total).toBe(5);
    expect(await servedByCounts()).toEqual(everyQuery());
    // What was kept equals what the rows give when counted again.
    const kept = await countRows();
    await rebuildSummaryCounts(ctx.database.db, campaignId, (await ctx.app.settings.current()).timeZone);
    expect(kept).toEqual(await countRows());

    // Decision 0063: the summary's funnel is read from the counts the triggers keep. They equal the
    // ones made again from the records, and raising them changes the answer (the kept path answered).
    const funnelRows = async () =>
      (
        await sql<
          Record<string, unknown>
        >`select campaign_id, channel_id, day, state, n from summary_funnel_counts where n <> 0 order by campaign_id, channel_id, day, state`.execute(
          ctx.database.db,
        )
      ).rows.map((r) => ({ ...r, n: Number(r.n) }));
    const keptFunnel = await funnelRows();
    for (const s of summaryFunnelFill(ctx.database.dialect === 'sqlite' ? 'sqlite' : 'postgres')) await sql.raw(s).execute(ctx.database.db);
    expect(await funnelRows()).toEqual(keptFunnel);
    const completedStep = async () =>
      (await asStaff({ method: 'GET', url: `/api/campaign/summary/${campaignId}` })).json<CampaignSummaryResult>().funnel.find((f) => f.step === 'completed')!
        .count;
    const before = await completedStep();
    await sql`update summary_funnel_counts set n = n + 1000 where state = 'c'`.execute(ctx.database.db);
    try {
      expect(await completedStep()).toBeGreaterThanOrEqual(before + 1000);
    } finally {
      await sql`update summary_funnel_counts set n = n - 1000 where state = 'c'`.execute(ctx.database.db);
    }
  }, 240_000);

  it('answers from the rows where the counts cannot give the same answer', async () => {
    const timeZone = (await ctx.app.settings.current()).timeZone;
    const check = async (query: Record<string, string>) => {
      const res = await asStaff({ method: 'GET', url: `/api/campaign/summary/${campaignId}?${new URLSearchParams(query).toString()}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body, JSON.stringify(query)).toBe(
        JSON.stringify(await campaignSummaryFromRows(ctx.database.db, ctx.database.dialect, campaignId, query, timeZone)),
      );
    };
    // An answer filter crosses questions: the rows.
    const filtered = { kind: 'a', status: 'all' };
    await check(filtered);
    expect(await servedByCounts([filtered])).toEqual([false]);

    // Two values the survey does not list for one question (shown in the order the rows give): the rows, for the days they fall in.
    setNow('2027-01-05T09:00:00Z');
    const y = await visitor('eq-y@example.com');
    await complete('eq-y@example.com', y, { kind: 'y', stars: 3 });
    const x = await visitor('eq-x@example.com');
    await complete('eq-x@example.com', x, { kind: 'x' });
    // The same value spelled two ways (4 and "4", shown as the first one seen): the rows.
    setNow('2027-01-06T09:00:00Z');
    const four = await visitor('eq-four@example.com');
    await complete('eq-four@example.com', four, { kind: 'a', size: 90, loan: 4 });
    const four2 = await visitor('eq-four2@example.com');
    await complete('eq-four2@example.com', four2, { kind: 'a', loan: '4' });
    // A rating that is not a whole number (its average depends on the order of the sum): the rows.
    setNow('2027-01-07T09:00:00Z');
    const half = await visitor('eq-half@example.com');
    await complete('eq-half@example.com', half, { kind: 'a', stars: 4.5 });
    // A day with none of these: the counts.
    setNow('2027-01-08T09:00:00Z');
    const plain = await visitor('eq-plain@example.com');
    await complete('eq-plain@example.com', plain, { kind: 'v', stars: 2, notes: 'plain' });
    const days = ['2027-01-05', '2027-01-06', '2027-01-07', '2027-01-08'].map((d) => ({ from: d, to: d }));
    for (const query of [...days, {}]) await check(query);
    expect(await servedByCounts([...days, {}])).toEqual([false, false, false, true, false]);
    await summaries();

    // The studio's time zone changed since the days were counted: the rows.
    const { version: _v, updatedAt: _u, ...input } = (await asStaff({ method: 'GET', url: SETTINGS_API.settings })).json<StudioSettings>();
    const saved = await asStaff({
      method: 'PUT',
      url: SETTINGS_API.settings,
      payload: { ...input, phone: '020 2612 3456', whatsapp: '98450 77777', timeZone: 'Europe/London' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const plainDay = { from: '2027-01-08', to: '2027-01-08' };
    await check(plainDay);
    expect(await servedByCounts([plainDay])).toEqual([false]);
    const back = await asStaff({ method: 'PUT', url: SETTINGS_API.settings, payload: { ...input, phone: '020 2612 3456', whatsapp: '98450 77777' } });
    expect(back.statusCode, back.body).toBe(200);
    expect(await servedByCounts([plainDay])).toEqual([true]);
  }, 240_000);

  it('keeps the counts equal to the rows with twenty answers stored at once', async () => {
    setNow('2027-01-09T09:00:00Z');
    const people = Array.from({ length: 20 }, (_, i) => `eq-many-${i}@example.com`);
    const ids: string[] = [];
    for (const [i, email] of people.entries()) ids.push(await visitor(email, i % 2 === 0));
    // Half of them had unfinished answers first (removed from the counts as their response comes).
    await Promise.all(people.map((email, i) => (i % 4 < 2 ? save(email, ids[i]!, { kind: 'v', amen: ['pool'] }, 0) : Promise.resolve())));
    await Promise.all(
      people.map((email, i) =>
        complete(email, ids[i]!, { kind: i % 3 === 0 ? 'a' : 'v', amen: i % 2 === 0 ? ['gym'] : ['gym', 'pool'], stars: (i % 5) + 1, notes: `note ${i}` }),
      ),
    );
    const kept = await countRows();
    const timeZone = (await ctx.app.settings.current()).timeZone;
    await rebuildSummaryCounts(ctx.database.db, campaignId, timeZone);
    expect(kept).toEqual(await countRows());
    const day = { from: '2027-01-09', to: '2027-01-09', status: 'all' };
    const res = await asStaff({ method: 'GET', url: `/api/campaign/summary/${campaignId}?${new URLSearchParams(day).toString()}` });
    expect(res.json<CampaignSummaryResult>()).toMatchObject({ total: 20, completed: 20, unfinished: 0 });
    expect(res.body).toBe(JSON.stringify(await campaignSummaryFromRows(ctx.database.db, ctx.database.dialect, campaignId, day, timeZone)));
  }, 120_000);
});
