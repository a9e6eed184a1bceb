import { expect, it } from 'vitest';
import { RetentionJob } from '#server/features/privacy';
import { personalDataRegistry } from '#server/personal-data.registry';
import { LEADS_API } from '#shared/leads/leads.api';
import type { LeadDetail, LeadList } from '#shared/leads/leads.contract';
import { DEFAULT_SLOT_SETTINGS, type SlotSettings, type Visit, type VisitSlot } from '#shared/visits/visits.contract';
import { VISITS_API } from '#shared/visits/visits.api';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { multipart } from '../helpers/multipart';
import { testImage } from '../helpers/images';

/*
 * One person is one lead through HTTP too: 20 parallel POST /api/leads by phone, e-mail or both
 * make one lead. A lead known by phone only keeps the features the other leads have (decision 0036): a site visit
 * booked by the person (with an e-mail and the phone in another spelling) joins their lead and shows
 * on it; the retention run erases them when idle; they are never a newsletter lead.
 */

const DAY = 86_400_000;

/** Every day open 09:00–18:00 (studio time), hour slots. */
const ALL_WEEK: SlotSettings = {
  ...DEFAULT_SLOT_SETTINGS,
  enabled: true,
  weeklyHours: DEFAULT_SLOT_SETTINGS.weeklyHours.map(() => ({ open: true, from: '09:00', to: '18:00' })),
  seats: 2,
  daysAhead: 10,
};

async function addLead(ctx: TestContext, payload: Record<string, unknown>): Promise<string> {
  const res = await ctx.asStaff({ method: 'POST', url: LEADS_API.list, payload });
  expect(res.statusCode, res.body).toBe(201);
  const { lead } = res.json<{ lead: { _id: string; email: string | null } }>();
  expect(lead.email).toBeNull();
  return lead._id;
}

async function search(ctx: TestContext, query: string): Promise<LeadList> {
  const res = await ctx.asStaff({ method: 'GET', url: `${LEADS_API.list}?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LeadList>();
}

describeEachDatabase('a lead known by phone only', (ctx) => {
  it('makes one lead of 20 parallel HTTP arrivals of one person, by phone alone, e-mail alone and both, in any spelling: one 201, nineteen 200', async () => {
    const token = await ctx.staffToken();
    const bodies = Array.from(
      { length: 20 },
      (_, i) =>
        [
          { phone: '98450 50505' },
          { phone: '+91 98450-50505', email: 'Parallel.Person@example.in' },
          { email: ' parallel.person@example.in', phone: '098450 50505' },
          { phone: '+919845050505', name: 'Parallel Person' },
        ][i % 4],
    );
    const started = performance.now();
    const answers = await Promise.all(
      bodies.map((payload) => ctx.app.inject({ method: 'POST', url: LEADS_API.list, payload, headers: { authorization: `Bearer ${token}` } })),
    );
    console.log(`[${ctx.dialect}] 20 parallel POST /api/leads → one lead in ${(performance.now() - started).toFixed(0)} ms`);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array<number>(19).fill(200), 201]);
    const ids = new Set(answers.map((a) => a.json<{ lead: { _id: string } }>().lead._id));
    expect(ids.size).toBe(1);
    const leads = await ctx.database.db
      .selectFrom('leads')
      .select(['id', 'emailKey', 'phoneKey'])
      .where((eb) => eb.or([eb('phoneKey', '=', '+919845050505'), eb('emailKey', '=', 'parallel.person@example.in')]))
      .execute();
    expect(leads).toEqual([{ id: [...ids][0], emailKey: 'parallel.person@example.in', phoneKey: '+919845050505' }]);
  });

  it('books a site visit: the visit joins the phone’s lead (found by another spelling), staff see it on the lead, and mark it done', async () => {
    const leadId = await addLead(ctx, { name: 'Farhan Qureshi', phone: '98450 60606', message: 'Called from the hoarding.' });

    const studio = await multipart(
      { title: 'Baner Studio', address: '1 Baner Road, Pune', gmaplink: 'https://maps.example/baner' },
      { bytes: await testImage('png'), filename: 's.png', type: 'image/png' },
    );
    const added = await ctx.asStaff({ method: 'POST', url: '/api/studio/add', payload: studio.payload, headers: studio.headers });
    expect(added.statusCode, added.body).toBe(201);
    const studioId = added.json<{ _id: string }>()._id;
    const configured = await ctx.asStaff({ method: 'PUT', url: VISITS_API.settings(studioId), payload: ALL_WEEK });
    expect(configured.statusCode, configured.body).toBe(200);
    const slots = await ctx.app.inject({ method: 'GET', url: `${VISITS_API.slots}?studio=${studioId}` });
    expect(slots.statusCode, slots.body).toBe(200);
    const slot = slots.json<VisitSlot[]>().find((s) => s.free > 0);
    expect(slot).toBeDefined();

    // The person books on the site, giving an e-mail and the phone as "+91-98450-60606".
    const booked = await ctx.app.inject({
      method: 'POST',
      url: VISITS_API.visits,
      payload: { slotStart: slot!.start, studioId, email: 'farhan.q@example.in', name: 'Farhan', phone: '+91-98450-60606' },
      remoteAddress: '10.38.0.1',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const visitId = booked.json<{ _id: string }>()._id;

    // One person, one lead: the phone's lead, which now has the e-mail too.
    const found = await search(ctx, `q=${encodeURIComponent('9845060606')}`);
    expect(found.items.map((i) => i._id)).toEqual([leadId]);
    const detail = (await ctx.asStaff({ method: 'GET', url: LEADS_API.one(leadId) })).json<LeadDetail>();
    expect(detail).toMatchObject({ name: 'Farhan Qureshi', phone: '+919845060606', email: 'farhan.q@example.in' });

    const ofLead = await ctx.asStaff({ method: 'GET', url: VISITS_API.ofLead(leadId) });
    expect(ofLead.statusCode, ofLead.body).toBe(200);
    expect(ofLead.json<Visit[]>()).toEqual([
      expect.objectContaining({ _id: visitId, leadId, status: 'booked', phone: '+919845060606', studioName: 'Baner Studio' }),
    ]);
    const done = await ctx.asStaff({ method: 'POST', url: VISITS_API.staffAction(visitId), payload: { action: 'done' } });
    expect(done.statusCode, done.body).toBe(200);
    expect((await ctx.asStaff({ method: 'GET', url: VISITS_API.ofLead(leadId) })).json<Visit[]>()).toEqual([
      expect.objectContaining({ _id: visitId, status: 'done' }),
    ]);
  });

  it('is never a newsletter lead: not among the newsletter’s leads, no newsletter among its sources', async () => {
    const leadId = await addLead(ctx, { name: 'Lata', phone: '098450 70707' });
    const detail = (await ctx.asStaff({ method: 'GET', url: LEADS_API.one(leadId) })).json<LeadDetail>();
    expect(detail.sources).not.toContain('newsletter');
    expect((await search(ctx, 'source=newsletter')).items.map((i) => i._id)).not.toContain(leadId);
    expect((await search(ctx, `q=${encodeURIComponent('98450 70707')}`)).items.map((i) => i._id)).toEqual([leadId]);
  });

  it('is erased by the retention run once idle for retentionLeadDays, and kept before', async () => {
    const leadId = await addLead(ctx, { name: 'Idle Caller', phone: '+91 98450 80808', message: 'Asked about plots.' });
    const db = ctx.database.db;
    const job = (now: Date) =>
      new RetentionJob({
        database: ctx.database,
        registry: personalDataRegistry,
        mailDir: ctx.config.notify.mailDir,
        retention: async () => ({ retentionUnfinishedDays: 180, retentionLeadDays: 365 }),
        now: () => now,
      });
    const lead = () => db.selectFrom('leads').select('id').where('phoneKey', '=', '+919845080808').executeTakeFirst();

    expect(await job(new Date(Date.now() + 300 * DAY)).runIfDue()).toMatchObject({ leads: 0 });
    expect(await lead()).toEqual({ id: leadId });

    const result = await job(new Date(Date.now() + 367 * DAY)).runIfDue();
    expect(result!.leads).toBeGreaterThanOrEqual(1);
    expect(await lead()).toBeUndefined();
    expect(await db.selectFrom('leadEvents').select('id').where('leadId', '=', leadId).execute()).toEqual([]);
    expect((await ctx.asStaff({ method: 'GET', url: LEADS_API.one(leadId) })).statusCode).toBe(404);
  });
});
