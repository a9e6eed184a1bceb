import { afterEach, expect, it, vi } from 'vitest';
import { type LeadDetail, type LeadList } from '#shared/leads/leads.contract';
import { LEADS_API } from '#shared/leads/leads.api';
import { describeEachDatabase, STAFF, type TestContext } from '../helpers/app';

/** Decision 0036: staff merge two leads, the merged one's page answers 301, and a merge is undone within 30 days. */

interface Added {
  lead: { _id: string; email: string | null; phone: string | null; name: string | null };
}

async function add(ctx: TestContext, payload: Record<string, unknown>): Promise<string> {
  const res = await ctx.asStaff({ method: 'POST', url: LEADS_API.list, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Added>().lead._id;
}

async function contact(ctx: TestContext, email: string, phone: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/contactus/add',
    payload: { response: { firstname: 'Asha', lastname: 'Rao', email, phone, requestquotation: 'Homes', message: 'Please call me.' } },
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function detail(ctx: TestContext, id: string): Promise<LeadDetail> {
  const res = await ctx.asStaff({ method: 'GET', url: LEADS_API.one(id) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LeadDetail>();
}

/** A staff request with a token from a login at the (test-controlled) time now: a jump of weeks outlives the first token. */
async function asStaffNow(ctx: TestContext, options: { method: 'GET' | 'DELETE'; url: string }) {
  await ctx.staffToken();
  const login = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: STAFF.email, password: STAFF.password } });
  const token = login.json<{ token: string }>().token;
  return ctx.app.inject({ ...options, headers: { authorization: `Bearer ${token}` } });
}

const audits = (ctx: TestContext, kind: 'lead.merged' | 'lead.unmerged') =>
  ctx.database.db.selectFrom('auditLog').selectAll().where('kind', '=', kind).execute();

describeEachDatabase('merging leads', (ctx) => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('moves everything to the kept lead, answers 301 for the merged one, and unmerges within 30 days', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-02T06:00:00.000Z'));
    // The e-mail lead has a contact message; the phone lead a staff note.
    await contact(ctx, 'asha.merge@example.com', '');
    const byMail = (await ctx.asStaff({ method: 'GET', url: `${LEADS_API.list}?q=asha.merge` })).json<LeadList>().items[0]!._id;
    const byPhone = await add(ctx, { phone: '98450 12121', name: 'Asha R.', message: 'Met at the Whitefield site.' });

    const merged = await ctx.asStaff({ method: 'POST', url: LEADS_API.merge(byPhone), payload: { intoId: byMail } });
    expect(merged.statusCode, merged.body).toBe(200);
    const { mergeId, lead } = merged.json<{ mergeId: string; lead: { _id: string; email: string; phone: string; name: string } }>();
    expect(lead).toMatchObject({ _id: byMail, email: 'asha.merge@example.com', phone: '+919845012121', name: 'Asha Rao' });

    // The merged lead's page answers 301 to the kept one; the inbox shows one lead; both keys find it.
    const old = await ctx.asStaff({ method: 'GET', url: LEADS_API.one(byPhone) });
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(LEADS_API.one(byMail));
    for (const q of ['98450 12121', 'asha.merge']) {
      expect((await ctx.asStaff({ method: 'GET', url: `${LEADS_API.list}?q=${encodeURIComponent(q)}` })).json<LeadList>().items.map((i) => i._id)).toEqual([
        byMail,
      ]);
    }
    const kept = await detail(ctx, byMail);
    expect(kept.activities.map((a) => a.type)).toEqual(['contact']);
    expect(kept.timeline.map((t) => t.text)).toEqual(['Met at the Whitefield site.', 'Merged Asha R. into this lead.']);
    // An arrival by the merged lead's phone joins the kept lead.
    const again = await ctx.asStaff({ method: 'POST', url: LEADS_API.list, payload: { phone: '+919845012121' } });
    expect(again.json<Added>().lead._id).toBe(byMail);
    expect(await audits(ctx, 'lead.merged')).toHaveLength(1);

    // 29 days later: undone. What moved goes back; what was overwritten is restored.
    vi.setSystemTime(new Date('2026-12-31T05:00:00.000Z'));
    const undone = await asStaffNow(ctx, { method: 'DELETE', url: LEADS_API.unmerge(mergeId) });
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await asStaffNow(ctx, { method: 'GET', url: LEADS_API.one(byMail) })).json<LeadDetail>()).toMatchObject({ phone: null, name: 'Asha Rao' });
    const back = (await asStaffNow(ctx, { method: 'GET', url: LEADS_API.one(byPhone) })).json<LeadDetail>();
    expect(back).toMatchObject({ phone: '+919845012121', name: 'Asha R.', email: null });
    expect(back.timeline.map((t) => t.text)).toEqual(['Met at the Whitefield site.']);
    expect(
      (await asStaffNow(ctx, { method: 'GET', url: `${LEADS_API.list}?q=${encodeURIComponent('98450 12121')}` })).json<LeadList>().items.map((i) => i._id),
    ).toEqual([byPhone]);
    expect(await audits(ctx, 'lead.unmerged')).toHaveLength(1);
    // Once undone, it is gone.
    expect((await asStaffNow(ctx, { method: 'DELETE', url: LEADS_API.unmerge(mergeId) })).statusCode).toBe(404);
  });

  it('refuses to undo a merge after 30 days, and refuses merging a lead into itself or into none', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-02T06:00:00.000Z'));
    const a = await add(ctx, { email: 'late-a@example.com' });
    const b = await add(ctx, { phone: '98450 13131' });
    expect((await ctx.asStaff({ method: 'POST', url: LEADS_API.merge(a), payload: { intoId: a } })).json()).toMatchObject({
      errors: [{ field: 'intoId', message: 'A lead cannot be merged into itself.' }],
    });
    expect((await ctx.asStaff({ method: 'POST', url: LEADS_API.merge(a), payload: { intoId: 'nope' } })).statusCode).toBe(400);
    expect((await ctx.asStaff({ method: 'POST', url: LEADS_API.merge(a), payload: {} })).statusCode).toBe(400);
    const { mergeId } = (await ctx.asStaff({ method: 'POST', url: LEADS_API.merge(b), payload: { intoId: a } })).json<{ mergeId: string }>();
    vi.setSystemTime(new Date('2027-01-01T06:00:01.000Z'));
    const late = await asStaffNow(ctx, { method: 'DELETE', url: LEADS_API.unmerge(mergeId) });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: 'A merge can be undone within 30 days only.' });
    expect((await asStaffNow(ctx, { method: 'GET', url: LEADS_API.one(b) })).statusCode).toBe(301);
  });

  it('erases both when a merged person is erased, and an access request returns everything', async () => {
    const a = await add(ctx, { email: 'erase-a@example.com', name: 'Erase Me' });
    const b = await add(ctx, { phone: '98450 14141', message: 'Phone note' });
    expect((await ctx.asStaff({ method: 'POST', url: LEADS_API.merge(b), payload: { intoId: a } })).statusCode).toBe(200);
    const exported = await ctx.asStaff({ method: 'GET', url: `/api/leads/${a}/export` });
    expect(exported.statusCode).toBe(200);
    const data = exported.json<{ leads: { timeline: Array<{ text: string | null }>; mergedLeads: Array<{ id: string }> } }>();
    expect(data.leads.timeline.map((t) => t.text)).toContain('Phone note');
    expect(data.leads.mergedLeads.map((l) => l.id)).toEqual([b]);
    expect((await ctx.asStaff({ method: 'DELETE', url: `/api/leads/${a}` })).statusCode).toBe(200);
    const left = await ctx.database.db.selectFrom('leads').select('id').where('id', 'in', [a, b]).execute();
    expect(left).toEqual([]);
  });
});
