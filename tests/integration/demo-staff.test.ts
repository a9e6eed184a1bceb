import { beforeAll, describe, expect, it } from 'vitest';
import { demoContentLines, seedDemoContent } from '#server/seed';
import { DEMO_CAMPAIGN_NAME } from '#server/features/surveys/campaigns.seed';
import type { LeadDetail, LeadList } from '#shared/leads/leads.contract';
import { describeEachDatabase } from '../helpers/app';

/**
 * Going live keeps the demo: the demo colleagues (neha.kulkarni@…, arjun.pillai@…) share out the
 * demo leads, and then take no real visitor's lead, however many come.
 */
const DEMO_STAFF = ['neha.kulkarni@example.com', 'arjun.pillai@example.com'];

describeEachDatabase('demo colleagues take no real leads', (ctx) => {
  beforeAll(async () => {
    // A real owner signed in first, as on a live site (the staff user is created on first use).
    await ctx.staffToken();
    expect(await seedDemoContent(ctx.database.db, ctx.dialect)).toBe(true);
  }, 180_000);

  it('gives real visitors’ leads by turn to real staff only, never to a demo colleague', async () => {
    const demo = await ctx.database.db.selectFrom('staffUsers').select(['id', 'email', 'takesLeads']).where('email', 'in', DEMO_STAFF).execute();
    expect(demo.map((d) => d.email).sort()).toEqual([...DEMO_STAFF].sort());
    const demoIds = new Set(demo.map((d) => d.id));
    for (const d of demo) expect(Boolean(d.takesLeads)).toBe(false);

    for (let i = 0; i < 6; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/contactus/add',
        payload: {
          response: {
            firstname: 'Real',
            lastname: `Visitor ${i}`,
            email: `real.visitor${i}@example.org`,
            requestquotation: 'Homes',
            message: 'A 3 BHK, please.',
          },
        },
        remoteAddress: `10.14.0.${i + 1}`,
      });
      expect(res.statusCode, res.body).toBe(201);
      const list = (await ctx.asStaff({ method: 'GET', url: `/api/leads?q=${encodeURIComponent(`real.visitor${i}@example.org`)}` })).json<LeadList>();
      const lead = (await ctx.asStaff({ method: 'GET', url: `/api/leads/${list.items[0]!._id}` })).json<LeadDetail>();
      expect(lead.assigneeId, `lead ${i}`).not.toBeNull();
      expect(demoIds.has(lead.assigneeId!), `lead ${i} went to a demo colleague`).toBe(false);
    }
  });
});

describe('the start banner', () => {
  it('lists everything demo a first start adds: listings, the survey, the demo colleagues and the leads', () => {
    const text = demoContentLines().join('\n');
    for (const email of DEMO_STAFF) expect(text).toContain(email);
    expect(text).toContain(`"${DEMO_CAMPAIGN_NAME}"`);
    expect(text).toMatch(/listings/);
    expect(text).toMatch(/demo leads/);
    expect(text).toMatch(/take no new leads/);
  });
});
