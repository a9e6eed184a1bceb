import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql, SqliteAdapter } from 'kysely';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildApp } from '#server/app';
import { fillDropoffDayStatements } from '#server/db/migrations/2026-12-07T0100-dropoff-day-counts';
import { RetentionJob } from '#server/features/privacy';
import { dropoffFromRows } from '#server/features/funnel/funnel.service';
import { keptDropoff } from '#server/features/responses';
import { personalDataRegistry } from '#server/personal-data.registry';
import { instantOf } from '#shared/followup/working-hours';
import type { Channel } from '#shared/channels/channels.contract';
import type { Dropoff } from '#shared/funnel/funnel.contract';
import { type LeadList } from '#shared/leads/leads.contract';
import { LEADS_API } from '#shared/leads/leads.api';
import { describeEachDatabase, STAFF } from '../helpers/app';
import { createActiveCampaign } from '../factories/campaigns';

/*
 * Decision 0058: GET /api/funnel/dropoff sums the contributions kept as the answers are written, and
 * answers exactly what the drop-off computed from the rows answers, after every kind of write that
 * changes them: e-mails given (with and without a channel), unfinished answers saved, replaced and
 * taken back a page, unfinished answers finished, a lead erased, two leads merged, unfinished answers
 * expired by retention; with no scope, a channel, no channel and from/to ranges. Decision 0075: the
 * counts kept per UTC day (whole days of a range; the pieces at either end from the rows) equal the
 * same counts made again from the rows after every stage.
 */

const SURVEY = {
  pages: [
    {
      name: 'home',
      elements: [
        { type: 'radiogroup', name: 'kind', title: 'What kind of home?', choices: ['apartment', 'villa'] },
        { type: 'text', name: 'floor', title: 'Which floor?', visibleIf: "{kind} = 'apartment'" },
        { type: 'dropdown', name: 'rooms', title: 'Bedrooms', choices: ['1', '2', '3', '4'] },
        { type: 'html', name: 'note', html: '<p>Thanks</p>' },
      ],
    },
    {
      name: 'money',
      elements: [
        { type: 'text', name: 'budget', title: 'Budget' },
        { type: 'boolean', name: 'loan', title: 'A home loan?' },
      ],
    },
    {
      name: 'loan',
      visibleIf: '{loan} = true',
      elements: [
        { type: 'text', name: 'bank', title: 'Which bank?' },
        { type: 'comment', name: 'notes', title: 'Anything else?' },
      ],
    },
  ],
};

const DAY = 86_400_000;

describeEachDatabase('the drop-off from kept contributions equals the rows (decision 0058)', (ctx) => {
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
    clocked = await buildApp(ctx.config, { database: ctx.database, logger: false, clock: () => now });
    await clocked.ready();
    campaignId = await createActiveCampaign(ctx, { questions: JSON.stringify(SURVEY) });
    const res = await ctx.asStaff({ method: 'POST', url: '/api/channels', payload: { name: 'Hoarding', kind: 'qr', campaignId } });
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
  async function asStaff(options: InjectOptions) {
    await ctx.staffToken();
    const login = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: STAFF.email, password: STAFF.password } });
    return ctx.app.inject({ ...options, headers: { authorization: `Bearer ${login.json<{ token: string }>().token}` } } as InjectOptions);
  }
  async function leadId(email: string): Promise<string> {
    const list = await asStaff({ method: 'GET', url: `${LEADS_API.list}?q=${encodeURIComponent(email)}` });
    return list.json<LeadList>().items[0]!._id;
  }

  // The studio's days (Asia/Kolkata) start at 18:30 UTC: a range of them is whole UTC days and the
  // pieces of a UTC day at either end, or, within one UTC day, a piece alone.
  const SCOPES = (): Record<string, string>[] => [
    {},
    { channelId },
    { channelId: 'none' },
    { from: '2027-01-03', to: '2027-01-03' },
    { from: '2027-01-01', to: '2027-01-02', channelId },
    { from: '2027-01-01', to: '2027-01-03' },
    { from: '2027-01-02', to: '2027-01-04', channelId: 'none' },
  ];

  /** The counts kept per day (decision 0075), rows counting zero left out, in one order. */
  async function keptDays() {
    const db = ctx.database.db;
    const counts = await sql<{
      row: string;
    }>`select campaign_id || '/' || channel_key || '/' || day || '/' || survey_version || '/' || contribution || '=' || n as row from dropoff_day_counts where n <> 0`.execute(
      db,
    );
    const records = await sql<{
      row: string;
    }>`select campaign_id || '/' || channel_key || '/' || day || '=' || n as row from dropoff_record_days where n <> 0`.execute(db);
    return [...counts.rows, ...records.rows].map((r) => r.row).sort();
  }
  /** Both tables made again from the rows by the migration's fill. */
  async function fillDays() {
    const dialect = ctx.database.db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
    for (const statement of fillDropoffDayStatements(dialect)) await sql.raw(statement).execute(ctx.database.db);
  }
  /** The kept day counts equal the rows' (and are not empty). */
  async function expectDaysEqualRows() {
    const kept = await keptDays();
    expect(kept.length).toBeGreaterThan(0);
    await fillDays();
    expect(kept).toEqual(await keptDays());
  }

  /** Every scope's answer equals the drop-off from the rows, and came from the kept contributions. Returns the unscoped one. */
  async function dropoffs(): Promise<Dropoff> {
    const timeZone = (await ctx.app.settings.current()).timeZone;
    const out: Dropoff[] = [];
    for (const query of SCOPES()) {
      const res = await asStaff({ method: 'GET', url: `/api/funnel/dropoff?${new URLSearchParams({ campaignId, ...query }).toString()}` });
      expect(res.statusCode, res.body).toBe(200);
      const scope = {
        campaignId,
        channelId: query.channelId === undefined ? undefined : query.channelId === 'none' ? null : query.channelId,
        since: query.from ? instantOf(query.from, 0, timeZone) : undefined,
        until: query.to ? new Date(instantOf(query.to, 0, timeZone).getTime() + DAY) : undefined,
      };
      const fromRows = await dropoffFromRows(ctx.database.db, JSON.stringify(SURVEY), scope);
      expect(res.json<Dropoff>().questions, JSON.stringify(query)).toEqual(fromRows);
      // The answer is the kept one, not the rows' read again.
      expect(await keptDropoff(ctx.database.db, JSON.stringify(SURVEY), scope), JSON.stringify(query)).toEqual(fromRows);
      out.push(res.json<Dropoff>());
    }
    await expectDaysEqualRows();
    return out[0]!;
  }
  const figures = (d: Dropoff) => Object.fromEntries(d.questions.map((q) => [q.name, [q.shown, q.answered, q.stoppedHere]]));

  it('after e-mails, saves, replacements, completions, an erasure, a merge and retention', async () => {
    // Day one: an e-mail only; a complete answer through the channel; a save on the first page.
    await visitor('do-a@example.com');
    const b = await visitor('do-b@example.com', true);
    await complete('do-b@example.com', b, { kind: 'apartment', floor: '3', rooms: '2', budget: '80 lakh', loan: true, bank: 'SBI' });
    const c = await visitor('do-c@example.com', true);
    await save('do-c@example.com', c, { kind: 'villa' }, 0);
    let all = await dropoffs();
    expect(figures(all).kind).toEqual([3, 2, 1]);

    // Day two, late evening UTC (the studio's 3 January): saves replaced, moved on and taken back a page.
    setNow('2027-01-02T20:00:00Z');
    await save('do-c@example.com', c, { kind: 'villa', rooms: '4', budget: '2 cr', loan: true }, 2);
    await save('do-c@example.com', c, { kind: 'villa', rooms: '4', budget: '2 cr', loan: false }, 1);
    const d = await visitor('do-d@example.com');
    await save('do-d@example.com', d, { kind: 'apartment' }, 0);
    await save('do-d@example.com', d, { kind: 'apartment', floor: '1', rooms: '1' }, 1);
    // Saved, then finished.
    const e = await visitor('do-e@example.com', true);
    await save('do-e@example.com', e, { kind: 'villa', rooms: '3' }, 1);
    await complete('do-e@example.com', e, { kind: 'villa', rooms: '3', budget: '1 cr', loan: false });
    all = await dropoffs();
    expect(figures(all).budget).toEqual([4, 3, 1]);

    // Day three: a person who saved is erased; one who finished is merged into another.
    setNow('2027-01-03T09:00:00Z');
    const f = await visitor('do-f@example.com');
    await save('do-f@example.com', f, { kind: 'apartment', floor: '9' }, 0);
    const g = await visitor('do-g@example.com', true);
    await complete('do-g@example.com', g, { kind: 'apartment', rooms: '2', budget: '60 lakh', loan: true, notes: 'soon' });
    const h = await visitor('do-h@example.com');
    await save('do-h@example.com', h, { kind: 'villa', rooms: '2', budget: '3 cr', loan: true }, 2);
    all = await dropoffs();
    expect(figures(all).kind).toEqual([8, 7, 1]);

    const erased = await asStaff({ method: 'DELETE', url: LEADS_API.one(await leadId('do-f@example.com')) });
    expect(erased.statusCode, erased.body).toBe(200);
    const merged = await asStaff({
      method: 'POST',
      url: LEADS_API.merge(await leadId('do-g@example.com')),
      payload: { intoId: await leadId('do-b@example.com') },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    all = await dropoffs();
    expect(figures(all).kind).toEqual([7, 6, 1]);

    // Half a year on, retention expires the unfinished answers: those visitors count as e-mail only.
    const job = new RetentionJob({
      database: ctx.database,
      registry: personalDataRegistry,
      mailDir: ctx.config.notify.mailDir,
      retention: async () => ({ retentionUnfinishedDays: 180, retentionLeadDays: null }),
      now: () => new Date(now.getTime() + 181 * DAY),
    });
    expect(await job.runIfDue()).toMatchObject({ unfinished: 3 });
    all = await dropoffs();
    expect(figures(all).kind).toEqual([7, 3, 4]);
    expect(figures(all).bank).toEqual([2, 1, 0]);

    // The whole days are read from the kept counts: emptied, the kept drop-off no longer equals the
    // rows' (the route would give the wrong figures); made again from the rows, it does.
    const scope = { campaignId };
    const fromRows = await dropoffFromRows(ctx.database.db, JSON.stringify(SURVEY), scope);
    await sql`delete from dropoff_day_counts`.execute(ctx.database.db);
    expect(await keptDropoff(ctx.database.db, JSON.stringify(SURVEY), scope)).not.toEqual(fromRows);
    await fillDays();
    expect(await keptDropoff(ctx.database.db, JSON.stringify(SURVEY), scope)).toEqual(fromRows);
  });
});
