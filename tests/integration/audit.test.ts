import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { recordAudit } from '#server/features/audit';
import { AUDIT_MESSAGES, type AuditEntry, type AuditList } from '#shared/audit/audit.contract';
import { AUDIT_API } from '#shared/audit/audit.api';
import { type LeadList } from '#shared/leads/leads.contract';
import { LEADS_API } from '#shared/leads/leads.api';
import { describeEachDatabase, STAFF, type TestContext } from '../helpers/app';
import { testImage } from '../helpers/images';
import { multipart } from '../helpers/multipart';
import { activateCampaign, addEmail, createCampaign, surveyText } from '../factories/campaigns';

const PERSON = { firstname: 'Meera', lastname: 'Venkataraman', email: 'meera.audit@example.com' };
const NOTE = 'Prefers a call after 6 pm about the Koramangala flat';

async function send(ctx: TestContext, url: string, fields: Record<string, string>, withImage: boolean) {
  const body = await multipart(
    fields,
    withImage ? { bytes: await testImage('png', { color: '#335577' }), filename: 'photo.png', type: 'image/png' } : undefined,
  );
  return ctx.asStaff({ method: 'POST', url, payload: body.payload, headers: body.headers });
}

async function audit(ctx: TestContext, query = ''): Promise<AuditList> {
  const res = await ctx.asStaff({ method: 'GET', url: `${AUDIT_API.list}${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditList>();
}

/** The newest entry of a kind. */
async function latest(ctx: TestContext, kind: string): Promise<AuditEntry> {
  const { items } = await audit(ctx, `?kind=${kind}&limit=1`);
  expect(items, kind).toHaveLength(1);
  return items[0]!;
}

const rowCount = async (ctx: TestContext) =>
  Number(
    (
      await ctx.database.db
        .selectFrom('auditLog')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function staffId(ctx: TestContext): Promise<string> {
  await ctx.staffToken();
  const row = await ctx.database.db.selectFrom('staffUsers').select('id').where('email', '=', STAFF.email).executeTakeFirstOrThrow();
  return row.id;
}

const PROJECT = {
  name: 'Lake View',
  area: 'Whitefield, Bengaluru',
  squareft: '1450',
  dateofcomplition: '15-08-2027',
  sizeofunit: '3 BHK',
  gmaplink: 'https://www.google.com/maps/search/?api=1&query=Whitefield',
};

describeEachDatabase(
  'audit log',
  (ctx) => {
    it('records settings saves and staff changes with the changed field names, never their values', async () => {
      const actor = await staffId(ctx);
      const current = await ctx.asStaff({ method: 'GET', url: '/api/settings' });
      expect(current.statusCode, current.body).toBe(200);
      const { version: _v, updatedAt: _u, ...values } = current.json<Record<string, unknown>>();
      const saved = await ctx.asStaff({
        method: 'PUT',
        url: '/api/settings',
        payload: { ...values, phone: '+91 80 4999 1234', whatsapp: '+91 98450 12345', address: '7 Lavelle Road, Bengaluru 560001' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const settings = await latest(ctx, 'settings.updated');
      expect(settings).toMatchObject({ actorId: actor, recordType: 'settings', recordId: null });
      expect(settings.fields.sort()).toEqual(['address', 'phone', 'whatsapp']);
      expect(JSON.stringify(settings)).not.toContain('Lavelle');

      const added = await ctx.asStaff({
        method: 'POST',
        url: '/api/staff',
        payload: { name: 'Kavya Rao', email: 'kavya.audit@example.com', role: 'staff', password: 'generate' },
      });
      expect(added.statusCode, added.body).toBe(201);
      const memberId = added.json<{ member: { id?: string; _id?: string } }>().member;
      const id = memberId.id ?? memberId._id;
      expect(await latest(ctx, 'staff.created')).toMatchObject({ actorId: actor, recordType: 'staff', recordId: id });
      const changed = await ctx.asStaff({ method: 'PATCH', url: `/api/staff/${id}`, payload: { role: 'owner' } });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(await latest(ctx, 'staff.updated')).toMatchObject({ recordId: id, fields: ['role'] });
      const reset = await ctx.asStaff({ method: 'POST', url: `/api/staff/${id}/reset` });
      expect(reset.statusCode, reset.body).toBe(200);
      expect(await latest(ctx, 'staff.reset')).toMatchObject({ recordId: id });
      expect(JSON.stringify(await audit(ctx))).not.toContain('kavya.audit@example.com');
    });

    it('records listing add, edit (changed field names only) and delete with who did it', async () => {
      const actor = await staffId(ctx);
      const added = await send(ctx, '/api/project/add', PROJECT, true);
      expect(added.statusCode, added.body).toBe(201);
      const id = added.json<{ _id: string }>()._id;
      const created = await latest(ctx, 'listing.created');
      expect(created).toMatchObject({ actorId: actor, actorName: STAFF.name, kind: 'listing.created', recordType: 'project', recordId: id });

      const edited = await send(ctx, '/api/project/update', { ...PROJECT, projectId: id, name: 'Lake View II', squareft: '1500' }, false);
      expect(edited.statusCode, edited.body).toBe(200);
      const updated = await latest(ctx, 'listing.updated');
      expect(updated).toMatchObject({ actorId: actor, recordType: 'project', recordId: id });
      expect(updated.fields.sort()).toEqual(['name', 'squareft']);
      expect(JSON.stringify(updated)).not.toContain('Lake View II');

      const removed = await ctx.asStaff({ method: 'DELETE', url: `/api/project/delete/${id}` });
      expect(removed.statusCode).toBe(200);
      expect(await latest(ctx, 'listing.deleted')).toMatchObject({ actorId: actor, recordType: 'project', recordId: id });
    });

    it('records campaign create, edit, activate, deactivate and the responses download', async () => {
      const actor = await staffId(ctx);
      const id = await createCampaign(ctx, { name: 'Audit campaign' });
      expect(await latest(ctx, 'campaign.created')).toMatchObject({ actorId: actor, recordType: 'campaign', recordId: id });

      const edit = await ctx.asStaff({
        method: 'POST',
        url: `/api/campaign/update/${id}`,
        payload: { name: 'Audit campaign, renamed', questions: surveyText() },
      });
      expect(edit.statusCode, edit.body).toBe(201);
      expect(await latest(ctx, 'campaign.updated')).toMatchObject({ actorId: actor, recordId: id, fields: ['name'] });

      await activateCampaign(ctx, id);
      expect(await latest(ctx, 'campaign.activated')).toMatchObject({ actorId: actor, recordId: id, fields: ['isActive'] });
      await activateCampaign(ctx, id, false);
      expect(await latest(ctx, 'campaign.deactivated')).toMatchObject({ actorId: actor, recordId: id, fields: ['isActive'] });

      const download = await ctx.asStaff({ method: 'GET', url: `/api/campaign/download/${id}` });
      expect(download.statusCode).toBe(200);
      expect(await latest(ctx, 'responses.exported')).toMatchObject({ actorId: actor, recordType: 'campaign', recordId: id });
    });

    it('records lead status, assignee and note changes and the leads download, never the person or the note', async () => {
      const actor = await staffId(ctx);
      const contact = await ctx.app.inject({
        method: 'POST',
        url: '/api/contactus/add',
        payload: { response: { ...PERSON, requestquotation: 'Homes', message: 'Please call me.' } },
      });
      expect(contact.statusCode, contact.body).toBe(201);
      const list = (await ctx.asStaff({ method: 'GET', url: `${LEADS_API.list}?q=${encodeURIComponent(PERSON.email)}` })).json<LeadList>();
      const leadId = list.items[0]!._id;

      const patch = await ctx.asStaff({ method: 'PATCH', url: LEADS_API.one(leadId), payload: { status: 'contacted', assigneeId: actor } });
      expect(patch.statusCode, patch.body).toBe(200);
      const updated = await latest(ctx, 'lead.updated');
      expect(updated).toMatchObject({ actorId: actor, actorName: STAFF.name, recordType: 'lead', recordId: leadId });
      expect(updated.fields.sort()).toEqual(['assigneeId', 'status']);

      const note = await ctx.asStaff({ method: 'POST', url: LEADS_API.notes(leadId), payload: { text: NOTE } });
      expect(note.statusCode, note.body).toBe(201);
      expect(await latest(ctx, 'lead.updated')).toMatchObject({ recordId: leadId, fields: ['notes'] });

      const download = await ctx.asStaff({ method: 'GET', url: `${LEADS_API.export}?status=contacted` });
      expect(download.statusCode).toBe(200);
      expect(await latest(ctx, 'lead.exported')).toMatchObject({ actorId: actor, recordType: 'leads', recordId: null, fields: ['status'] });

      // Nothing personal anywhere in the log, as stored.
      const rows = JSON.stringify(await ctx.database.db.selectFrom('auditLog').selectAll().execute());
      for (const value of [PERSON.email, PERSON.firstname, PERSON.lastname, NOTE, 'Koramangala', 'contacted']) {
        expect(rows).not.toContain(value);
      }
    });

    it('records webhook create and delete', async () => {
      const actor = await staffId(ctx);
      const created = await ctx.asStaff({ method: 'POST', url: '/api/webhooks', payload: { url: 'http://127.0.0.1:9/hook', events: ['lead.created'] } });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json<{ _id: string }>()._id;
      const entry = await latest(ctx, 'webhook.created');
      expect(entry).toMatchObject({ actorId: actor, recordType: 'webhook', recordId: id });
      expect(JSON.stringify(entry)).not.toContain('127.0.0.1');
      expect((await ctx.asStaff({ method: 'DELETE', url: `/api/webhooks/${id}` })).statusCode).toBe(200);
      expect(await latest(ctx, 'webhook.deleted')).toMatchObject({ actorId: actor, recordId: id });
    });

    it('writes no entry for a change that is refused', async () => {
      const id = await createCampaign(ctx);
      const before = await rowCount(ctx);
      const badEdit = await ctx.asStaff({ method: 'POST', url: `/api/campaign/update/${id}`, payload: { name: 'x', questions: '{"pages":[]}' } });
      expect(badEdit.statusCode).toBe(400);
      const badAssignee = await ctx.asStaff({ method: 'POST', url: '/api/project/update', payload: {} });
      expect(badAssignee.statusCode).toBeGreaterThanOrEqual(400);
      const missing = await ctx.asStaff({ method: 'DELETE', url: '/api/project/delete/no-such-id' });
      expect(missing.statusCode).toBe(404);
      const missingLead = await ctx.asStaff({ method: 'PATCH', url: LEADS_API.one('no-such-lead'), payload: { status: 'won' } });
      expect(missingLead.statusCode).toBe(404);
      expect(await rowCount(ctx)).toBe(before);
    });

    it('undoes the change when its audit entry cannot be written (one transaction)', async () => {
      const added = await send(ctx, '/api/project/add', { ...PROJECT, name: 'Atomic Towers' }, true);
      const id = added.json<{ _id: string }>()._id;
      const campaignId = await createCampaign(ctx, { name: 'Atomic campaign' });
      const before = await rowCount(ctx);
      await sql`alter table audit_log rename to audit_log_away`.execute(ctx.database.db);
      try {
        const edit = await send(ctx, '/api/project/update', { ...PROJECT, projectId: id, name: 'Never stored' }, false);
        expect(edit.statusCode).toBe(500);
        expect(edit.body).not.toMatch(/audit_log|select|insert/i);
        const del = await ctx.asStaff({ method: 'DELETE', url: `/api/project/delete/${id}` });
        expect(del.statusCode).toBe(500);
        const activate = await ctx.asStaff({ method: 'POST', url: `/api/campaign/activate/${campaignId}`, payload: { isActivated: true } });
        expect(activate.statusCode).toBe(500);
        const add = await send(ctx, '/api/project/add', { ...PROJECT, name: 'Never added' }, true);
        expect(add.statusCode).toBe(500);
      } finally {
        await sql`alter table audit_log_away rename to audit_log`.execute(ctx.database.db);
      }
      const projects = (await ctx.app.inject({ method: 'GET', url: '/api/project/get' })).json<Array<{ _id: string; name: string }>>();
      expect(projects.find((p) => p._id === id)?.name).toBe('Atomic Towers');
      expect(projects.some((p) => p.name === 'Never added')).toBe(false);
      const campaign = await ctx.asStaff({ method: 'GET', url: `/api/campagin/edit/${campaignId}` });
      expect(campaign.json<{ isActive: boolean }>().isActive).toBe(false);
      expect(await rowCount(ctx)).toBe(before);
    });

    it('is undone with a grouped write (group commit: a savepoint per job on SQLite) that fails, kept with one that succeeds', async () => {
      const before = await rowCount(ctx);
      const failing = ctx.app.writes.run(async (trx) => {
        await recordAudit(trx, { actor: null, kind: 'settings.updated', recordType: 'settings', recordId: null, fields: ['studioName'] });
        throw new Error('refused after the entry');
      });
      const passing = ctx.app.writes.run((trx) =>
        recordAudit(trx, { actor: null, kind: 'settings.updated', recordType: 'settings', recordId: null, fields: ['phone'] }),
      );
      await expect(failing).rejects.toThrow('refused after the entry');
      await passing;
      expect(await rowCount(ctx)).toBe(before + 1);
      expect(await latest(ctx, 'settings.updated')).toMatchObject({ actorId: null, actorName: 'System', fields: ['phone'] });
    });

    it('filters by person, kind and date (days in Asia/Kolkata), newest first, with paging', async () => {
      const actor = await staffId(ctx);
      const all = await audit(ctx, '?limit=200');
      expect(all.total).toBeGreaterThan(5);
      const times = all.items.map((i) => i.at);
      expect([...times].sort().reverse()).toEqual(times);

      const page1 = await audit(ctx, '?limit=2&offset=0');
      const page2 = await audit(ctx, '?limit=2&offset=2');
      expect(page1.items).toHaveLength(2);
      expect(page1.total).toBe(all.total);
      expect(page2.items.map((i) => i._id)).toEqual(all.items.slice(2, 4).map((i) => i._id));

      const mine = await audit(ctx, `?actor=${actor}&limit=200`);
      expect(mine.total).toBe(all.items.filter((i) => i.actorId === actor).length);
      expect(mine.total).toBeLessThan(all.total);
      expect(mine.items.every((i) => i.actorId === actor)).toBe(true);
      expect((await audit(ctx, '?actor=someone-else')).total).toBe(0);

      const kinds = await audit(ctx, '?kind=listing.created&limit=200');
      expect(kinds.items.every((i) => i.kind === 'listing.created')).toBe(true);
      expect(kinds.total).toBeGreaterThanOrEqual(2);

      // Move one entry to 23:30 IST on 1 Oct 2026 (18:00 UTC): it belongs to 1 Oct in India.
      const moved = all.items.at(-1)!;
      await ctx.database.db
        .updateTable('auditLog')
        .set({ at: new Date('2026-10-01T18:00:00Z') })
        .where('id', '=', moved._id)
        .execute();
      const day = await audit(ctx, '?from=2026-10-01&to=2026-10-01');
      expect(day.items.map((i) => i._id)).toEqual([moved._id]);
      expect((await audit(ctx, '?from=2026-10-02&to=2026-10-02')).total).toBe(0);
      expect((await audit(ctx, '?from=2026-10-01T18:00:00Z&to=2026-10-01T18:00:00Z')).total).toBe(1);
      expect((await audit(ctx, '?to=2026-10-01T17:59:59Z')).total).toBe(0);
    });

    it('refuses bad filters with a clear 400', async () => {
      const cases: Array<[string, string]> = [
        ['?limit=500', AUDIT_MESSAGES.limitInvalid],
        ['?limit=0', AUDIT_MESSAGES.limitInvalid],
        ['?limit=abc', AUDIT_MESSAGES.limitInvalid],
        ['?offset=-1', AUDIT_MESSAGES.offsetInvalid],
        ['?kind=listing.burned', AUDIT_MESSAGES.kindInvalid],
        ['?from=2026-13-01', AUDIT_MESSAGES.dateInvalid],
        ['?to=yesterday', AUDIT_MESSAGES.dateInvalid],
        ['?from=2026-11-02&to=2026-11-01', AUDIT_MESSAGES.rangeInvalid],
      ];
      for (const [query, message] of cases) {
        const res = await ctx.asStaff({ method: 'GET', url: `${AUDIT_API.list}${query}` });
        expect(res.statusCode, query).toBe(400);
        expect(res.json<{ message: string }>().message, query).toContain(message);
      }
      expect((await ctx.app.inject({ method: 'GET', url: AUDIT_API.list })).statusCode).toBe(401);
    });

    it('keeps the audit entry out of a newsletter sign-up (visitors do not act as staff)', async () => {
      const before = await rowCount(ctx);
      await addEmail(ctx, 'visitor.audit@example.com', null);
      expect(await rowCount(ctx)).toBe(before);
    });
  },
  {
    notify: {
      mailFrom: '"Test Studio" <studio@abode.test>',
      mailDir: '/nonexistent',
      notifyEmails: [],
      confirmVisitors: false,
      allowPrivateWebhooks: true,
      dispatch: false,
    },
  },
);
