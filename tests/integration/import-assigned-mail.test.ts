import type { FastifyInstance } from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { createStaff } from '#server/features/auth/auth.service';
import { type StaffMember } from '#shared/auth/auth.contract';
import { AUTH_API } from '#shared/auth/auth.api';
import { IMPORTS_API } from '#shared/imports/imports.api';
import { describeEachDatabase } from '../helpers/app';
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

const recipient = (m: (typeof mail.messages)[number]) => (Array.isArray(m.to) ? m.to[0] : m.to)?.text ?? '';

// Decision 0057: an import tells each assignee once ("N new leads from ‹file› were assigned to you"); a lead from the site still gets its own mail.
describeEachDatabase(
  'one "assigned to you" mail per assignee per import',
  (ctx) => {
    it(
      'imports 9 rows over 3 takers: exactly 3 mails, each with its count, the first names and a link to the inbox; a new lead from the site is told as before',
      { timeout: 120_000 },
      async () => {
        await saveSettings(ctx.asStaff, { assignment: { mode: 'round-robin', rules: [] } });
        // The owner takes no leads; three people do.
        const owner = (await ctx.asStaff({ method: 'GET', url: AUTH_API.staff })).json<StaffMember[]>()[0]!;
        expect((await ctx.asStaff({ method: 'PATCH', url: `/api/staff/${owner.id}`, payload: { takesLeads: false } })).statusCode).toBe(200);
        for (const name of ['Ira', 'Jai', 'Kavya'])
          await createStaff(ctx.database.db, { email: `${name.toLowerCase()}@abode.test`, name, password: 'correct horse battery', role: 'staff' });
        const takers = (await ctx.asStaff({ method: 'GET', url: AUTH_API.staff })).json<StaffMember[]>().filter((m) => m.takesLeads && m.active);
        expect(takers.map((t) => t.name).sort()).toEqual(['Ira', 'Jai', 'Kavya']);
        await drain(ctx.app);
        mail.messages.length = 0;

        const rows = Array.from({ length: 9 }, (_, i) => `Buyer ${i + 1},buyer.${i + 1}@example.com`).join('\n');
        const body = await multipart({ dryRun: 'false' }, { bytes: Buffer.from(`Name,Email\n${rows}\n`), filename: 'expo-day.csv', type: 'text/csv' });
        const res = await ctx.asStaff({ method: 'POST', url: IMPORTS_API.imports, payload: body.payload, headers: body.headers });
        expect(res.statusCode, res.body).toBe(201);
        await drain(ctx.app);
        expect(mail.messages.map((m) => m.subject)).toEqual(Array(3).fill('3 new leads from expo-day.csv were assigned to you'));
        expect(mail.messages.map(recipient).sort()).toEqual(['ira@abode.test', 'jai@abode.test', 'kavya@abode.test']);
        for (const m of mail.messages) {
          expect(m.text).toMatch(/^Hello (Ira|Jai|Kavya), 3 new leads from expo-day\.csv were assigned to you: Buyer \d, Buyer \d, Buyer \d\. /);
          expect(m.text).toContain('/dashboard/leads?status=new');
        }

        // More leads than names shown: "and N more".
        mail.messages.length = 0;
        const many = Array.from({ length: 15 }, (_, i) => `Many ${i + 1},many.${i + 1}@example.com`).join('\n');
        const second = await multipart({ dryRun: 'false' }, { bytes: Buffer.from(`Name,Email\n${many}\n`), filename: 'portal.csv', type: 'text/csv' });
        expect((await ctx.asStaff({ method: 'POST', url: IMPORTS_API.imports, payload: second.payload, headers: second.headers })).statusCode).toBe(201);
        await drain(ctx.app);
        expect(mail.messages).toHaveLength(3);
        for (const m of mail.messages) expect(m.text).toMatch(/: Many \d+, Many \d+, Many \d+ and 2 more\./);

        // A single lead from the site: its own "Assigned to you" mail, as before.
        mail.messages.length = 0;
        const contact = await ctx.app.inject({
          method: 'POST',
          url: '/api/contactus/add',
          payload: {
            response: { firstname: 'Lone', lastname: 'Visitor', email: 'lone.visitor@example.com', requestquotation: 'Homes', message: 'A 3 BHK, please.' },
          },
        });
        expect(contact.statusCode, contact.body).toBe(201);
        await drain(ctx.app);
        const assigned = mail.messages.filter((m) => m.subject?.startsWith('Assigned to you:'));
        expect(assigned.map((m) => m.subject)).toEqual(['Assigned to you: Lone Visitor']);
      },
    );
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
