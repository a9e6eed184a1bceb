import { expect, it } from 'vitest';
import { createStaff } from '#server/features/auth/auth.service';
import { LEADS_API } from '#shared/leads/leads.api';
import type { LeadDetail } from '#shared/leads/leads.contract';
import { DEFAULT_SLOT_SETTINGS, type SlotSettings, type Visit, type VisitSlot } from '#shared/visits/visits.contract';
import { VISITS_API } from '#shared/visits/visits.api';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { multipart } from '../helpers/multipart';
import { testImage } from '../helpers/images';
import { addEmail, createActiveCampaign, respond } from '../factories/campaigns';

/*
 * A merge moves every row of the person to the kept lead (decision 0036): the survey response and its
 * e-mail record, the consent records, the site visit, the notes and the assignment (the timeline's
 * line and the assignee, when the kept lead had none); the unmerge moves each back and restores the
 * kept lead's own values; the access export of the kept lead holds every row, its erasure erases both.
 */

const ALL_WEEK: SlotSettings = {
  ...DEFAULT_SLOT_SETTINGS,
  enabled: true,
  weeklyHours: DEFAULT_SLOT_SETTINGS.weeklyHours.map(() => ({ open: true, from: '09:00', to: '18:00' })),
  seats: 2,
  daysAhead: 10,
};

async function detail(ctx: TestContext, id: string): Promise<LeadDetail> {
  const res = await ctx.asStaff({ method: 'GET', url: LEADS_API.one(id) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LeadDetail>();
}

async function bookVisit(ctx: TestContext, email: string): Promise<string> {
  const studio = await multipart(
    { title: 'Wakad Studio', address: '2 Wakad Road, Pune', gmaplink: 'https://maps.example/wakad' },
    { bytes: await testImage('png'), filename: 's.png', type: 'image/png' },
  );
  const added = await ctx.asStaff({ method: 'POST', url: '/api/studio/add', payload: studio.payload, headers: studio.headers });
  expect(added.statusCode, added.body).toBe(201);
  const studioId = added.json<{ _id: string }>()._id;
  expect((await ctx.asStaff({ method: 'PUT', url: VISITS_API.settings(studioId), payload: ALL_WEEK })).statusCode).toBe(200);
  const slot = (await ctx.app.inject({ method: 'GET', url: `${VISITS_API.slots}?studio=${studioId}` })).json<VisitSlot[]>().find((s) => s.free > 0);
  const booked = await ctx.app.inject({
    method: 'POST',
    url: VISITS_API.visits,
    payload: { slotStart: slot!.start, studioId, email, name: 'Neha' },
    remoteAddress: '10.38.1.1',
  });
  expect(booked.statusCode, booked.body).toBe(201);
  return booked.json<{ _id: string }>()._id;
}

/** Each person table's row ids of a lead. */
async function rowsOf(ctx: TestContext, leadId: string) {
  const db = ctx.database.db;
  const ids = async (table: 'surveyResponses' | 'emailRecords' | 'consents' | 'visits' | 'leadEvents') =>
    (await db.selectFrom(table).select('id').where('leadId', '=', leadId).execute()).map((r) => r.id).sort();
  return {
    responses: await ids('surveyResponses'),
    emailRecords: await ids('emailRecords'),
    consents: await ids('consents'),
    visits: await ids('visits'),
    events: await ids('leadEvents'),
  };
}

describeEachDatabase('a merge moves every row of the person', (ctx) => {
  it('moves the response, e-mail record, consents, visit, notes and assignment to the kept lead (all in its access export), back on unmerge; erasing the kept lead erases both', async () => {
    // The kept lead: known by phone, a walk-in's note, nobody assigned.
    const keptRes = await ctx.asStaff({ method: 'POST', url: LEADS_API.list, payload: { phone: '98450 91919', name: 'Neha Joshi', message: 'Walk-in.' } });
    expect(keptRes.statusCode, keptRes.body).toBe(201);
    const kept = keptRes.json<{ lead: { _id: string } }>().lead._id;

    // The merged lead: the same person online: a survey answered, a visit booked, assigned to Sunil.
    const campaignId = await createActiveCampaign(ctx);
    const emailId = await addEmail(ctx, 'neha.j@example.in', campaignId);
    expect((await respond(ctx, campaignId, 'neha.j@example.in', emailId, { propertyType: 'Villa' })).statusCode).toBe(200);
    const visitId = await bookVisit(ctx, 'neha.j@example.in');
    const merged = (await ctx.database.db.selectFrom('leads').select('id').where('emailKey', '=', 'neha.j@example.in').executeTakeFirstOrThrow()).id;
    const sunil = await createStaff(ctx.database.db, { email: 'sunil.merge@abode.test', name: 'Sunil', password: 'a long enough password', role: 'staff' });
    const assigned = await ctx.asStaff({ method: 'PATCH', url: LEADS_API.one(merged), payload: { assigneeId: sunil } });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const note = await ctx.asStaff({ method: 'POST', url: LEADS_API.notes(merged), payload: { text: 'Prefers Wakad.' } });
    expect(note.statusCode, note.body).toBe(201);
    // The kept lead is worked on too: its own status, which no merge touches.
    expect((await ctx.asStaff({ method: 'PATCH', url: LEADS_API.one(kept), payload: { status: 'contacted' } })).statusCode).toBe(200);

    const keptBefore = await rowsOf(ctx, kept);
    const mergedBefore = await rowsOf(ctx, merged);
    expect(mergedBefore.responses).toHaveLength(1);
    expect(mergedBefore.emailRecords).toEqual([emailId]);
    expect(mergedBefore.consents.length).toBeGreaterThan(0);
    expect(mergedBefore.visits).toEqual([visitId]);

    const res = await ctx.asStaff({ method: 'POST', url: LEADS_API.merge(merged), payload: { intoId: kept } });
    expect(res.statusCode, res.body).toBe(200);
    const { mergeId } = res.json<{ mergeId: string }>();

    // Every row is the kept lead's; the merged lead holds none.
    const keptAfter = await rowsOf(ctx, kept);
    expect(keptAfter.responses).toEqual(mergedBefore.responses);
    expect(keptAfter.emailRecords).toEqual([emailId]);
    expect(keptAfter.consents).toEqual([...keptBefore.consents, ...mergedBefore.consents].sort());
    expect(keptAfter.visits).toEqual([visitId]);
    expect(keptAfter.events).toEqual(expect.arrayContaining([...keptBefore.events, ...mergedBefore.events]));
    expect(await rowsOf(ctx, merged)).toEqual({ responses: [], emailRecords: [], consents: [], visits: [], events: [] });

    // Staff see it all on the kept lead: the answers, the visit, the notes, the assignment and its e-mail.
    const page = await detail(ctx, kept);
    expect(page).toMatchObject({ email: 'neha.j@example.in', phone: '+919845091919', name: 'Neha Joshi', status: 'contacted', assigneeId: sunil });
    expect(page.activities.map((a) => a.type)).toContain('response');
    expect(page.timeline.map((t) => t.text)).toEqual(expect.arrayContaining(['Walk-in.', 'Prefers Wakad.']));
    expect(page.timeline.some((t) => t.type === 'assign')).toBe(true);
    expect((await ctx.asStaff({ method: 'GET', url: VISITS_API.ofLead(kept) })).json<Visit[]>().map((v) => v._id)).toEqual([visitId]);

    // The person's access export (from the kept lead) holds every moved row.
    const exported = await ctx.asStaff({ method: 'GET', url: `/api/leads/${kept}/export` });
    expect(exported.statusCode, exported.body).toBe(200);
    for (const id of [...keptAfter.responses, emailId, visitId]) expect(exported.body).toContain(id);
    const exportedData = exported.json<{ consent: { consents: unknown[] }; leads: { timeline: Array<{ text: string | null }> } }>();
    expect(exportedData.consent.consents).toHaveLength(keptAfter.consents.length);
    expect(exportedData.leads.timeline.map((t) => t.text)).toEqual(expect.arrayContaining(['Walk-in.', 'Prefers Wakad.']));

    // Unmerged: each row back where it was; the kept lead's own values back (no e-mail, nobody assigned).
    const undone = await ctx.asStaff({ method: 'DELETE', url: LEADS_API.unmerge(mergeId) });
    expect(undone.statusCode, undone.body).toBe(200);
    const keptUndone = await rowsOf(ctx, kept);
    expect({ ...keptUndone, events: keptBefore.events }).toEqual(keptBefore);
    // The kept lead's timeline keeps its own lines, and says what happened: merged, then unmerged.
    const added = await ctx.database.db.selectFrom('leadEvents').select(['text']).where('leadId', '=', kept).where('id', 'not in', keptBefore.events).execute();
    expect(added.map((e) => e.text).sort()).toEqual(['Merged Neha into this lead.', 'Unmerged Neha.']);
    expect(await rowsOf(ctx, merged)).toEqual(mergedBefore);
    expect(await detail(ctx, kept)).toMatchObject({ email: null, phone: '+919845091919', status: 'contacted', assigneeId: null });
    expect(await detail(ctx, merged)).toMatchObject({ email: 'neha.j@example.in', assigneeId: sunil });
    expect((await ctx.asStaff({ method: 'GET', url: VISITS_API.ofLead(merged) })).json<Visit[]>().map((v) => v._id)).toEqual([visitId]);

    // Merged again and erased: both leads go, with every row of the person.
    expect((await ctx.asStaff({ method: 'POST', url: LEADS_API.merge(merged), payload: { intoId: kept } })).statusCode).toBe(200);
    const erased = await ctx.asStaff({ method: 'DELETE', url: `/api/leads/${kept}` });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await ctx.database.db.selectFrom('leads').select('id').where('id', 'in', [kept, merged]).execute()).toEqual([]);
    for (const lead of [kept, merged]) expect(await rowsOf(ctx, lead)).toEqual({ responses: [], emailRecords: [], consents: [], visits: [], events: [] });
    expect(await ctx.database.db.selectFrom('visits').select('id').where('id', '=', visitId).execute()).toEqual([]);
  });
});
