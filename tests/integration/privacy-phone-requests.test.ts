import { expect, it } from 'vitest';
import { createStaff } from '#server/features/auth/auth.service';
import { LEADS_API } from '#shared/leads/leads.api';
import { PRIVACY_API } from '#shared/privacy/privacy.api';
import { PRIVACY_REQUEST_MESSAGES, type PrivacyRequestItem } from '#shared/privacy/privacy-requests';
import { describeEachDatabase, STAFF, type TestContext } from '../helpers/app';

/**
 * Decision 0042: "access and erasure requests (a request by phone is confirmed by the staff, since no mail
 * can be sent)": an owner records the request of a lead known by phone only; it is open and
 * confirmed (by phone, by whom) in the privacy list, audited; the export and the erasure then work as
 * for any person, the leads merged into it included.
 */

const PLAIN = { email: 'privacy.plain@abode.test', name: 'Plain Staff', password: 'another horse battery', role: 'staff' as const };

async function add(ctx: TestContext, payload: Record<string, unknown>): Promise<string> {
  const res = await ctx.asStaff({ method: 'POST', url: LEADS_API.list, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ lead: { _id: string } }>().lead._id;
}

const record = (ctx: TestContext, leadId: string, kind: string) => ctx.asStaff({ method: 'POST', url: PRIVACY_API.byPhone.pattern, payload: { leadId, kind } });

describeEachDatabase('privacy requests by phone', (ctx) => {
  it('records a phone-only person’s request as confirmed by the owner who took the call; the export holds everything and the erasure erases the merged lead too', async () => {
    const kept = await add(ctx, { phone: '098765 43210', name: 'Suresh Patil', message: 'Called about the Baner project.' });
    const other = await add(ctx, { phone: '98450 31313', name: 'S. Patil', message: 'Walk-in at the site office.' });
    const merged = await ctx.asStaff({ method: 'POST', url: LEADS_API.merge(other), payload: { intoId: kept } });
    expect(merged.statusCode, merged.body).toBe(200);
    const byMail = await add(ctx, { email: 'has.mail@example.in', phone: '98450 42424', name: 'Has Mail' });

    // Owners only, as the other privacy calls.
    await createStaff(ctx.database.db, PLAIN);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: PLAIN.email, password: PLAIN.password } });
    const plain = login.json<{ token: string }>().token;
    const refused = await ctx.app.inject({
      method: 'POST',
      url: PRIVACY_API.byPhone.pattern,
      payload: { leadId: kept, kind: 'export' },
      headers: { authorization: `Bearer ${plain}` },
    });
    expect(refused.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: PRIVACY_API.byPhone.pattern, payload: { leadId: kept, kind: 'export' } })).statusCode).toBe(401);

    // A person with an e-mail confirms from the mailed link; an unknown lead; a bad kind.
    const withMail = await record(ctx, byMail, 'export');
    expect(withMail.statusCode).toBe(400);
    expect(withMail.json()).toMatchObject({ message: PRIVACY_REQUEST_MESSAGES.hasEmail });
    expect((await record(ctx, 'no-such-lead', 'export')).statusCode).toBe(404);
    const badKind = await record(ctx, kept, 'delete-everything');
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json()).toMatchObject({ errors: [{ field: 'kind', message: PRIVACY_REQUEST_MESSAGES.kind }] });

    const asked = await record(ctx, kept, 'export');
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({
      message: PRIVACY_REQUEST_MESSAGES.recorded,
      request: { leadId: kept, kind: 'export', status: 'open', confirmedVia: 'phone', confirmedBy: STAFF.name, ageDays: 0 },
    });
    const again = await record(ctx, kept, 'export');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      message: PRIVACY_REQUEST_MESSAGES.alreadyOpen,
      request: { _id: asked.json<{ request: PrivacyRequestItem }>().request._id },
    });

    const open = (await ctx.asStaff({ method: 'GET', url: PRIVACY_API.requests.pattern })).json<PrivacyRequestItem[]>();
    expect(open.filter((r) => r.leadId === kept)).toEqual([expect.objectContaining({ kind: 'export', confirmedVia: 'phone', confirmedBy: STAFF.name })]);
    const audit = await ctx.database.db
      .selectFrom('auditLog')
      .select(['kind', 'recordId', 'actorName'])
      .where('kind', '=', 'privacy-request.recorded')
      .execute();
    expect(audit).toEqual([{ kind: 'privacy-request.recorded', recordId: kept, actorName: STAFF.name }]);

    // The export: the person by phone, both leads' notes (the merged lead's moved here), the merged lead, the request.
    const exported = await ctx.asStaff({ method: 'GET', url: PRIVACY_API.export(kept) });
    expect(exported.statusCode, exported.body).toBe(200);
    const data = exported.json<{
      leads: { lead: { phone: string; email: string | null }; timeline: Array<{ text: string | null }>; mergedLeads: Array<{ id: string; phone: string }> };
      privacy: Array<{ kind: string }>;
    }>();
    expect(data.leads.lead).toMatchObject({ phone: '+919876543210', email: null });
    expect(data.leads.timeline.map((e) => e.text).join('\n')).toContain('Called about the Baner project.');
    expect(data.leads.timeline.map((e) => e.text).join('\n')).toContain('Walk-in at the site office.');
    expect(data.leads.mergedLeads).toEqual([expect.objectContaining({ id: other, phone: '+919845031313' })]);
    expect(data.privacy).toEqual([expect.objectContaining({ kind: 'export', status: 'open' })]);

    // Erasure: recorded the same way, then both leads go.
    expect((await record(ctx, kept, 'erase')).statusCode).toBe(201);
    const erased = await ctx.asStaff({ method: 'DELETE', url: PRIVACY_API.erase(kept) });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await ctx.database.db.selectFrom('leads').select('id').where('id', 'in', [kept, other]).execute()).toEqual([]);
    expect(await ctx.database.db.selectFrom('leads').select('id').where('phoneKey', 'in', ['+919876543210', '+919845031313']).execute()).toEqual([]);
    const after = (await ctx.asStaff({ method: 'GET', url: PRIVACY_API.requests.pattern })).json<PrivacyRequestItem[]>();
    expect(after.filter((r) => r.confirmedVia === 'phone')).toEqual([]);
    const closed = await ctx.database.db
      .selectFrom('privacyRequests')
      .select(['leadId', 'status', 'confirmedBy'])
      .where('confirmedBy', '=', STAFF.name)
      .execute();
    expect(closed).toHaveLength(2);
    for (const row of closed) expect(row).toMatchObject({ leadId: null, status: 'closed' });
  });
});
