import { beforeAll, expect, it } from 'vitest';
import { seedDemoContent } from '#server/seed';
import { createStaff } from '#server/features/auth/auth.service';
import type { DemoCounts, DemoRemoved } from '#shared/demo/demo.contract';
import { CHANNEL_CODE_PATTERN, CHANNEL_KINDS, type Channel } from '#shared/channels/channels.contract';
import { describeEachDatabase } from '../helpers/app';

/**
 * Going live keeps the demo: an owner sees what is still demo and removes all of it in one step
 * (listings, the survey, the demo colleagues and the demo people), audited; real records stay.
 */
const DEMO_STAFF = ['neha.kulkarni@example.com', 'arjun.pillai@example.com'];
const DEMO_PEOPLE = [
  'priya.sharma@example.com',
  'rahul.menon@example.com',
  'karthik.iyer@example.com',
  'ananya.rao@example.com',
  'vikram.nair@example.com',
  'meera.k@example.com',
];
const REAL = 'real.buyer@example.org';

describeEachDatabase('removing the demo content', (ctx) => {
  let memberToken: string;

  beforeAll(async () => {
    await ctx.staffToken(); // the owner
    expect(await seedDemoContent(ctx.database.db, ctx.dialect)).toBe(true);
    await createStaff(ctx.database.db, { name: 'Member', email: 'member@abode.test', password: 'a long enough password', role: 'staff' });
    const login = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'member@abode.test', password: 'a long enough password' } });
    memberToken = login.json<{ token: string }>().token;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/contactus/add',
      payload: { response: { firstname: 'Real', lastname: 'Buyer', email: REAL, requestquotation: 'Homes', message: 'A 3 BHK, please.' } },
      remoteAddress: '10.15.0.1',
    });
    expect(res.statusCode, res.body).toBe(201);
  }, 180_000);

  it('is for owners only: staff get 403', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await ctx.app.inject({ method, url: '/api/demo', headers: { authorization: `Bearer ${memberToken}` } });
      expect(res.statusCode, `${method} ${res.body}`).toBe(403);
    }
  });

  it('seeds a demo channel of each kind for the demo survey, each with its short link', async () => {
    const res = await ctx.asStaff({ method: 'GET', url: '/api/channels' });
    expect(res.statusCode, res.body).toBe(200);
    const channels = res.json<Channel[]>();
    const campaign = await ctx.database.db.selectFrom('campaigns').select('id').executeTakeFirstOrThrow();
    expect(channels.map((c) => c.kind).sort()).toEqual([...CHANNEL_KINDS].sort());
    for (const channel of channels) {
      expect(channel).toMatchObject({ campaignId: campaign.id, status: 'open', completed: 0 });
      expect(channel.code).toMatch(CHANNEL_CODE_PATTERN);
      expect(channel.name).toMatch(/\(demo\)$/);
    }
    expect(channels.find((c) => c.kind === 'embed')!.allowedOrigins).toEqual(['https://partner.example']);
  });

  it('shows the owner what is demo, removes all of it, keeps what is real, and audits it once', async () => {
    const before = await ctx.asStaff({ method: 'GET', url: '/api/demo' });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json<DemoCounts>()).toEqual({ listings: 15, campaigns: 1, staff: 2, leads: DEMO_PEOPLE.length });

    // An owner who renamed a demo home has made it theirs: it is no longer demo.
    const db = ctx.database.db;
    const home = await db.selectFrom('projects').select('id').where('name', '=', 'Powai Crest').executeTakeFirstOrThrow();
    await db.updateTable('projects').set({ name: 'Our Powai Tower' }).where('id', '=', home.id).execute();
    expect((await ctx.asStaff({ method: 'GET', url: '/api/demo' })).json<DemoCounts>().listings).toBe(14);

    const res = await ctx.asStaff({ method: 'DELETE', url: '/api/demo' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<DemoRemoved>();
    expect(answer.removed).toEqual({ listings: 14, campaigns: 1, staff: 2, leads: DEMO_PEOPLE.length });
    expect(answer.kept).toEqual([]);
    expect(answer.message).toBe('The demo content has been removed.');

    expect((await ctx.asStaff({ method: 'GET', url: '/api/demo' })).json<DemoCounts>()).toEqual({ listings: 0, campaigns: 0, staff: 0, leads: 0 });
    expect(await db.selectFrom('leads').select('email').where('emailKey', 'in', DEMO_PEOPLE).execute()).toEqual([]);
    expect(await db.selectFrom('emailRecords').select('id').where('email', 'in', DEMO_PEOPLE).execute()).toEqual([]);
    expect(await db.selectFrom('contactMessages').select('id').where('email', 'in', DEMO_PEOPLE).execute()).toEqual([]);
    expect((await db.selectFrom('leads').select('email').where('emailKey', '=', REAL).execute()).length).toBe(1);
    expect((await db.selectFrom('projects').select('name').execute()).map((p) => p.name)).toEqual(['Our Powai Tower']);
    expect(await db.selectFrom('products').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('studios').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('campaigns').select('id').execute()).toEqual([]);
    // The demo survey's channels went with it.
    expect(await db.selectFrom('channels').select('id').execute()).toEqual([]);
    const demoStaff = await db.selectFrom('staffUsers').select(['email', 'active']).where('email', 'in', DEMO_STAFF).execute();
    expect(demoStaff.map((s) => Boolean(s.active))).toEqual([false, false]);

    const audit = (await ctx.asStaff({ method: 'GET', url: '/api/audit?kind=demo.removed' })).json<{ items: Array<{ fields: string[] }> }>();
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]!.fields).toEqual(['listings: 14', 'campaigns: 1', 'staff: 2', `leads: ${DEMO_PEOPLE.length}`]);

    // Twice is harmless: nothing left, nothing audited.
    const again = await ctx.asStaff({ method: 'DELETE', url: '/api/demo' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<DemoRemoved>()).toEqual({
      message: 'There is no demo content left.',
      removed: { listings: 0, campaigns: 0, staff: 0, leads: 0 },
      kept: [],
    });
    expect((await ctx.asStaff({ method: 'GET', url: '/api/audit?kind=demo.removed' })).json<{ items: unknown[] }>().items).toHaveLength(1);
  }, 120_000);
});

describeEachDatabase('removing the demo content when real visitors answered the demo survey', (ctx) => {
  it('keeps the survey (their records would go with it) and says so; everything else demo goes', async () => {
    await ctx.staffToken();
    expect(await seedDemoContent(ctx.database.db, ctx.dialect)).toBe(true);
    const campaign = await ctx.database.db.selectFrom('campaigns').select('id').executeTakeFirstOrThrow();
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/email/add',
      payload: { email: REAL, campaignid: campaign.id },
      remoteAddress: '10.15.0.2',
    });
    expect(started.statusCode, started.body).toBeLessThan(300);

    const res = await ctx.asStaff({ method: 'DELETE', url: '/api/demo' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<DemoRemoved>();
    expect(answer.removed).toEqual({ listings: 15, campaigns: 0, staff: 2, leads: DEMO_PEOPLE.length });
    expect(answer.kept).toEqual(['The survey "Find your dream home" stays: real visitors have answered it. Deactivate it on the Surveys page instead.']);
    expect((await ctx.database.db.selectFrom('emailRecords').select('email').where('campaignId', '=', campaign.id).execute()).map((r) => r.email)).toEqual([
      REAL,
    ]);
    expect((await ctx.asStaff({ method: 'GET', url: '/api/demo' })).json<DemoCounts>()).toEqual({ listings: 0, campaigns: 1, staff: 0, leads: 0 });
  }, 180_000);
});
