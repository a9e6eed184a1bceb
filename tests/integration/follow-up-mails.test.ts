import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createStaff } from '#server/features/auth/auth.service';
import { followUpMails } from '#server/features/followup';
import { type StaffMember } from '#shared/auth/auth.contract';
import { AUTH_API } from '#shared/auth/auth.api';
import { type LeadList } from '#shared/leads/leads.contract';
import { LEADS_API } from '#shared/leads/leads.api';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { startMailServer } from '../helpers/mail-server';
import { saveSettings } from '../factories/settings';

const mail = await startMailServer();
afterAll(async () => {
  await mail.close();
});

const PEOPLE = [
  ['Kiran', 'One'],
  ['Lata', 'Two'],
  ['Mohan', 'Three'],
  ['Nisha', 'Four'],
] as const;

function contact(app: FastifyInstance, firstname: string, lastname: string) {
  return app.inject({
    method: 'POST',
    url: '/api/contactus/add',
    payload: { response: { firstname, lastname, email: `${firstname.toLowerCase()}@example.com`, requestquotation: 'Homes', message: 'A 3 BHK, please.' } },
  });
}

async function leadsByName(ctx: TestContext): Promise<Map<string, LeadList['items'][number]>> {
  const res = await ctx.asStaff({ method: 'GET', url: `${LEADS_API.list}?limit=200` });
  expect(res.statusCode).toBe(200);
  return new Map(res.json<LeadList>().items.map((lead) => [lead.name ?? '', lead]));
}

/** Counts the statements run through a Kysely instance it is plugged into. */
function statementCounter(): { plugin: KyselyPlugin; count: () => number } {
  let statements = 0;
  return {
    plugin: {
      transformQuery: (args) => {
        statements++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    },
    count: () => statements,
  };
}

// Decision 0081: a dispatcher pass builds its staff mails together, reading the leads, the staff they
// name and (for reminders) the active staff once for all of them, not a lead and a person a mail.
describeEachDatabase(
  'staff mails of one dispatcher pass',
  (ctx) => {
    const takers: StaffMember[] = [];

    beforeAll(async () => {
      await ctx.staffToken();
      const [owner] = (await ctx.asStaff({ method: 'GET', url: AUTH_API.staff })).json<StaffMember[]>();
      // Only the two below take leads, by turn.
      expect((await ctx.asStaff({ method: 'PATCH', url: `/api/staff/${owner!.id}`, payload: { takesLeads: false } })).statusCode).toBe(200);
      for (const name of ['Anil', 'Bela']) {
        const email = `${name.toLowerCase()}@abode.test`;
        await createStaff(ctx.database.db, { email, name, password: 'correct horse battery', role: 'staff' });
        const list = (await ctx.asStaff({ method: 'GET', url: AUTH_API.staff })).json<StaffMember[]>();
        takers.push(list.find((m) => m.email === email)!);
      }
      await saveSettings(ctx.asStaff, { assignment: { mode: 'round-robin', rules: [] } });
    });

    it('gives each mail of one pass its own lead and assignee; a lead handed on since gets no mail to its first assignee', async () => {
      for (const [first, last] of PEOPLE) expect((await contact(ctx.app, first, last)).statusCode).toBe(201);
      const leads = await leadsByName(ctx);
      const assigneeOf = (name: string) => takers.find((t) => t.id === leads.get(name)!.assigneeId)!;
      // By turn: the two takers alternate.
      expect(new Set(PEOPLE.map(([f, l]) => assigneeOf(`${f} ${l}`).id)).size).toBe(2);
      // Mohan Three is handed by hand to the other taker before any mail goes.
      const mohan = leads.get('Mohan Three')!;
      const handedTo = takers.find((t) => t.id !== mohan.assigneeId)!;
      const patched = await ctx.asStaff({ method: 'PATCH', url: LEADS_API.one(mohan._id), payload: { assigneeId: handedTo.id } });
      expect(patched.statusCode, patched.body).toBe(200);

      mail.messages.length = 0;
      // One pass: every event fanned out, then every delivery due sent together.
      const { fannedOut, attempted } = await ctx.app.notifications.runOnce();
      expect(fannedOut).toBeGreaterThanOrEqual(PEOPLE.length + 1);
      expect(attempted).toBeGreaterThanOrEqual(PEOPLE.length + 1);
      const assigned = (await mail.waitFor(PEOPLE.length)).filter((m) => m.subject?.startsWith('Assigned to you:'));
      const got = assigned.map((m) => `${m.subject} → ${(Array.isArray(m.to) ? m.to[0] : m.to)?.text}`).sort();
      expect(got).toEqual(
        [
          `Assigned to you: Kiran One → ${assigneeOf('Kiran One').email}`,
          `Assigned to you: Lata Two → ${assigneeOf('Lata Two').email}`,
          `Assigned to you: Mohan Three → ${handedTo.email}`,
          `Assigned to you: Nisha Four → ${assigneeOf('Nisha Four').email}`,
        ].sort(),
      );
      for (const m of assigned) {
        const name = m.subject!.replace('Assigned to you: ', '');
        expect(m.text).toContain(`Hello ${takers.find((t) => t.email === (Array.isArray(m.to) ? m.to[0] : m.to)?.text)!.name}, this lead is now yours.`);
        expect(m.text).toContain(`E-mail: ${name.split(' ')[0]!.toLowerCase()}@example.com`);
        expect(m.text).toContain(`/dashboard/leads/${leads.get(name)!._id}`);
      }
    });

    it('reads the leads, the staff they name and the active staff once for a whole batch of mails', async () => {
      const leads = await leadsByName(ctx);
      const at = new Date();
      const events = [
        ...PEOPLE.map(([f, l]) => {
          const lead = leads.get(`${f} ${l}`)!;
          return { type: 'lead.assigned' as const, subjectId: lead.assigneeId!, leadId: lead._id, createdAt: at };
        }),
        { type: 'lead.first_contact_due' as const, subjectId: leads.get('Kiran One')!._id, leadId: leads.get('Kiran One')!._id, createdAt: at },
        // A lead erased since (no row): no mail.
        { type: 'lead.assigned' as const, subjectId: takers[0]!.id, leadId: 'no-such-lead', createdAt: at },
      ];
      const counter = statementCounter();
      const mails = await followUpMails(ctx.database.db.withPlugin(counter.plugin), events, 'https://studio.example');
      expect(counter.count()).toBe(3);
      expect(mails.map((m) => m?.subject ?? null)).toEqual([
        'Assigned to you: Kiran One',
        'Assigned to you: Lata Two',
        'Assigned to you: Mohan Three',
        'Assigned to you: Nisha Four',
        'Reminder: please contact Kiran One',
        null,
      ]);
      expect(mails[4]!.to).toEqual([takers.find((t) => t.id === leads.get('Kiran One')!.assigneeId)!.email]);
      // Only assignments: no read of every active member.
      const only = statementCounter();
      await followUpMails(ctx.database.db.withPlugin(only.plugin), events.slice(0, 4), 'https://studio.example');
      expect(only.count()).toBe(2);
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
