import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { createDatabase, type DatabaseHandle } from '#server/db/database';
import { createStaff } from '#server/features/auth/auth.service';
import { type StaffMember } from '#shared/auth/auth.contract';
import { AUTH_API } from '#shared/auth/auth.api';
import { type LeadDetail, type LeadList } from '#shared/leads/leads.contract';
import { LEADS_API } from '#shared/leads/leads.api';
import type { AssignmentSettings } from '#shared/settings/settings.contract';
import { IMPORTS_API } from '#shared/imports/imports.api';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { multipart } from '../helpers/multipart';
import { startMailServer } from '../helpers/mail-server';
import { saveSettings } from '../factories/settings';

const mail = await startMailServer();
afterAll(async () => {
  await mail.close();
});

async function drain(app: FastifyInstance) {
  for (let i = 0; i < 50; i++) {
    const { fannedOut, attempted } = await app.notifications.runOnce();
    if (fannedOut + attempted === 0) return;
  }
  throw new Error('the dispatcher did not settle');
}

async function setAssignment(ctx: TestContext, assignment: AssignmentSettings) {
  expect((await saveSettings(ctx.asStaff, { assignment })).assignment).toEqual(assignment);
}

function contact(app: FastifyInstance, email: string, requestquotation = 'Homes') {
  return app.inject({
    method: 'POST',
    url: '/api/contactus/add',
    payload: { response: { firstname: 'Asha', lastname: 'Rao', email, requestquotation, message: 'A 3 BHK, please.' } },
  });
}

async function allLeads(ctx: TestContext): Promise<LeadList['items']> {
  const res = await ctx.asStaff({ method: 'GET', url: `${LEADS_API.list}?limit=200` });
  expect(res.statusCode).toBe(200);
  return res.json<LeadList>().items;
}

function countBy(ids: Array<string | null>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const id of ids) out[id ?? 'none'] = (out[id ?? 'none'] ?? 0) + 1;
  return out;
}

// Assignment (decision 0023): round-robin among the staff who take leads, fair across instances; rules.
describeEachDatabase(
  'lead assignment',
  (ctx) => {
    const takers: StaffMember[] = [];
    const others: Record<'inactive' | 'away' | 'notTaking', StaffMember> = {} as never;

    async function addPerson(name: string, change?: Record<string, boolean>): Promise<StaffMember> {
      const email = `${name.toLowerCase()}@abode.test`;
      await createStaff(ctx.database.db, { email, name, password: 'correct horse battery', role: 'staff' });
      const list = (await ctx.asStaff({ method: 'GET', url: AUTH_API.staff })).json<StaffMember[]>();
      const member = list.find((m) => m.email === email)!;
      if (!change) return member;
      const res = await ctx.asStaff({ method: 'PATCH', url: `/api/staff/${member.id}`, payload: change });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<StaffMember>();
    }

    beforeAll(async () => {
      await ctx.staffToken();
      const list = (await ctx.asStaff({ method: 'GET', url: AUTH_API.staff })).json<StaffMember[]>();
      // The owner running the tests takes no leads.
      const owner = list[0]!;
      expect(owner.takesLeads).toBe(true);
      const off = await ctx.asStaff({ method: 'PATCH', url: `/api/staff/${owner.id}`, payload: { takesLeads: false } });
      expect(off.json<StaffMember>()).toMatchObject({ takesLeads: false, away: false });
      for (const name of ['Anil', 'Bela', 'Chitra', 'Dev']) takers.push(await addPerson(name));
      others.inactive = await addPerson('Esha', { active: false });
      others.away = await addPerson('Farid', { away: true });
      others.notTaking = await addPerson('Gita', { takesLeads: false });
    });

    it('assigns nobody while assignment is off (the default)', async () => {
      const res = await contact(ctx.app, 'off.mode@example.com');
      expect(res.statusCode).toBe(201);
      const lead = (await allLeads(ctx)).find((l) => l.email === 'off.mode@example.com')!;
      expect(lead.assigneeId).toBeNull();
      expect(lead.assignedAt).toBeNull();
    });

    it('gives 100 concurrent new leads to 4 takers, 25 each, skipping inactive, away and not-taking staff (two instances on PostgreSQL)', async () => {
      await setAssignment(ctx, { mode: 'round-robin', rules: [] });
      // On PostgreSQL a second instance on the same database, as in production. SQLite runs one
      // instance (two in one process would block each other's event loop on the file's lock).
      const second: DatabaseHandle = createDatabase(ctx.config.database);
      const other = ctx.dialect === 'postgres' ? await buildApp(ctx.config, { database: second, logger: false }) : ctx.app;
      await other.ready();
      try {
        const started = performance.now();
        const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => contact(i % 2 === 0 ? ctx.app : other, `rr.${i}@example.com`)));
        const elapsed = performance.now() - started;
        for (const a of answers) expect(a.statusCode, a.body).toBe(201);
        const leads = (await allLeads(ctx)).filter((l) => l.email?.startsWith('rr.'));
        expect(leads).toHaveLength(100);
        const counts = countBy(leads.map((l) => l.assigneeId));
        console.log(
          `[${ctx.dialect}] 100 concurrent leads over ${other === ctx.app ? 1 : 2} instance(s) in ${elapsed.toFixed(0)} ms: ${JSON.stringify(Object.values(counts))}`,
        );
        expect(counts).toEqual(Object.fromEntries(takers.map((t) => [t.id, 25])));
        for (const lead of leads) expect(lead.assignedAt).not.toBeNull();
      } finally {
        if (other !== ctx.app) await other.close();
        await second.close();
      }
    });

    it('e-mails the assignee at once: "Assigned to you:"', async () => {
      mail.messages.length = 0;
      await drain(ctx.app);
      const assigned = mail.messages.filter((m) => m.subject?.startsWith('Assigned to you:'));
      expect(assigned).toHaveLength(100);
      const to = countBy(assigned.map((m) => (Array.isArray(m.to) ? m.to[0] : m.to)?.text ?? null));
      expect(Object.keys(to).sort()).toEqual(takers.map((t) => t.email).sort());
      expect(Object.values(to)).toEqual([25, 25, 25, 25]);
      expect(assigned[0]!.subject).toBe('Assigned to you: Asha Rao');
      expect(assigned[0]!.text).toContain('/dashboard/leads/');
    });

    it('gives the people of an import their turns as new leads (written together): 8 rows over 4 takers, 2 each, each told', async () => {
      await setAssignment(ctx, { mode: 'round-robin', rules: [] });
      const rows = Array.from({ length: 8 }, (_, i) => `Imported ${i},imported.rr.${i}@example.com,98450 6${String(i).padStart(4, '0')}`).join('\n');
      const body = await multipart({ dryRun: 'false' }, { bytes: Buffer.from(`Name,Email,Mobile\n${rows}\n`), filename: 'rr.csv', type: 'text/csv' });
      const res = await ctx.asStaff({ method: 'POST', url: IMPORTS_API.imports, payload: body.payload, headers: body.headers });
      expect(res.statusCode, res.body).toBe(201);
      const leads = (await allLeads(ctx)).filter((l) => l.email?.startsWith('imported.rr.'));
      expect(leads).toHaveLength(8);
      expect(countBy(leads.map((l) => l.assigneeId))).toEqual(Object.fromEntries(takers.map((t) => [t.id, 2])));
      for (const lead of leads) expect(lead.firstContactDueAt).not.toBeNull();
      const lines = await ctx.database.db
        .selectFrom('leadEvents')
        .select(['leadId', 'byName'])
        .where('type', '=', 'assign')
        .where(
          'leadId',
          'in',
          leads.map((l) => l._id),
        )
        .execute();
      expect(lines.map((l) => l.byName)).toEqual(Array(8).fill('Automatic: Round-robin'));
      // Decision 0057: each taker is told once for the import, not once per lead.
      const perLead = await ctx.database.db
        .selectFrom('notificationEvents')
        .select('subjectId')
        .where('type', '=', 'lead.assigned')
        .where(
          'leadId',
          'in',
          leads.map((l) => l._id),
        )
        .execute();
      expect(perLead).toEqual([]);
      const told = await ctx.database.db
        .selectFrom('notificationEvents')
        .select(['subjectId', 'payload'])
        .where('type', '=', 'leads.import_assigned')
        .execute();
      expect(told.map((t) => t.subjectId).sort()).toEqual(takers.map((t) => t.id).sort());
      for (const t of told) expect(JSON.parse(t.payload!)).toMatchObject({ fileName: 'rr.csv', count: 2 });
      await drain(ctx.app);
    });

    it('follows a rule when its person takes leads, else falls back to round-robin', async () => {
      await setAssignment(ctx, {
        mode: 'rules',
        rules: [
          { kind: 'quotation', value: 'Carpet', staffId: takers[2]!.id },
          { kind: 'quotation', value: 'Budget', staffId: others.away.id },
        ],
      });
      expect((await contact(ctx.app, 'rule.hit@example.com', 'Carpet')).statusCode).toBe(201);
      expect((await contact(ctx.app, 'rule.away@example.com', 'Budget')).statusCode).toBe(201);
      const leads = await allLeads(ctx);
      expect(leads.find((l) => l.email === 'rule.hit@example.com')!.assigneeId).toBe(takers[2]!.id);
      const fallback = leads.find((l) => l.email === 'rule.away@example.com')!;
      expect(takers.map((t) => t.id)).toContain(fallback.assigneeId);
      const detail = (await ctx.asStaff({ method: 'GET', url: LEADS_API.one(fallback._id) })).json<LeadDetail>();
      expect(detail.timeline[0]).toMatchObject({ type: 'assign', by: 'Automatic: Round-robin', to: fallback.assigneeName });
    });

    it('lets staff reassign from the lead page: audited, dated, and the new assignee is told', async () => {
      const lead = (await allLeads(ctx)).find((l) => l.email === 'rule.hit@example.com')!;
      mail.messages.length = 0;
      await drain(ctx.app);
      mail.messages.length = 0;
      const res = await ctx.asStaff({ method: 'PATCH', url: LEADS_API.one(lead._id), payload: { assigneeId: takers[3]!.id } });
      expect(res.statusCode, res.body).toBe(200);
      const updated = res.json<{ lead: LeadDetail }>().lead;
      expect(updated.assigneeId).toBe(takers[3]!.id);
      expect(Date.parse(updated.assignedAt!)).toBeGreaterThan(Date.parse(lead.assignedAt!));
      await drain(ctx.app);
      expect(mail.messages.map((m) => [m.subject, (Array.isArray(m.to) ? m.to[0] : m.to)?.text])).toEqual([['Assigned to you: Asha Rao', takers[3]!.email]]);
      const audit = await ctx.asStaff({ method: 'GET', url: `/api/audit?kind=lead.updated&limit=1` });
      expect(audit.json<{ items: Array<{ recordId: string; fields: string[] }> }>().items[0]).toMatchObject({ recordId: lead._id, fields: ['assigneeId'] });
    });

    it('assigns a lead that comes by a survey e-mail too, by campaign rule', async () => {
      const { createActiveCampaign, addEmail } = await import('../factories/campaigns');
      const campaignId = await createActiveCampaign(ctx);
      await setAssignment(ctx, { mode: 'rules', rules: [{ kind: 'campaign', value: campaignId, staffId: takers[1]!.id }] });
      await addEmail(ctx, 'survey.person@example.com', campaignId);
      const lead = (await allLeads(ctx)).find((l) => l.email === 'survey.person@example.com')!;
      expect(lead.assigneeId).toBe(takers[1]!.id);
    });

    it('a locality rule moves a lead given out by turn once the survey names the locality; the new assignee is told', async () => {
      const { createActiveCampaign, addEmail, respond, surveyText } = await import('../factories/campaigns');
      const campaignId = await createActiveCampaign(ctx, {
        questions: surveyText({
          pages: [{ name: 'p1', elements: [{ type: 'checkbox', name: 'area', title: 'Where?', choices: ['Whitefield', 'Indiranagar'] }] }],
        }),
      });
      await setAssignment(ctx, { mode: 'rules', rules: [] });
      const emailId = await addEmail(ctx, 'locality.person@example.com', campaignId);
      const before = (await allLeads(ctx)).find((l) => l.email === 'locality.person@example.com')!;
      const target = takers.find((t) => t.id !== before.assigneeId)!;
      await setAssignment(ctx, { mode: 'rules', rules: [{ kind: 'locality', value: 'whitefield', staffId: target.id }] });
      await drain(ctx.app);
      mail.messages.length = 0;
      const res = await respond(ctx, campaignId, 'locality.person@example.com', emailId, { area: ['Whitefield'] });
      expect(res.statusCode, res.body).toBeLessThan(300);
      const after = (await allLeads(ctx)).find((l) => l.email === 'locality.person@example.com')!;
      expect(after.assigneeId).toBe(target.id);
      await drain(ctx.app);
      const assigned = mail.messages.filter((m) => m.subject?.startsWith('Assigned to you:'));
      expect(assigned.map((m) => (Array.isArray(m.to) ? m.to[0] : m.to)?.text)).toEqual([target.email]);
      // A lead a person assigned by hand stays where they put it.
      const manualId = await addEmail(ctx, 'manual.person@example.com', campaignId);
      const manual = (await allLeads(ctx)).find((l) => l.email === 'manual.person@example.com')!;
      const chosen = takers.find((t) => t.id !== target.id && t.id !== manual.assigneeId)!;
      await ctx.asStaff({ method: 'PATCH', url: LEADS_API.one(manual._id), payload: { assigneeId: chosen.id } });
      await respond(ctx, campaignId, 'manual.person@example.com', manualId, { area: ['Whitefield'] });
      expect((await allLeads(ctx)).find((l) => l.email === 'manual.person@example.com')!.assigneeId).toBe(chosen.id);
    });
  },
  {
    notify: {
      mailFrom: '"Test Studio" <studio@abode.test>',
      mailDir: '/nonexistent',
      notifyEmails: [],
      confirmVisitors: false,
      allowPrivateWebhooks: false,
      dispatch: false,
      smtpUrl: mail.url,
    },
  },
);
