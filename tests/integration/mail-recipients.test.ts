import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { DEFAULT_SLOT_SETTINGS, type SlotSettings, type VisitSlot } from '#shared/visits/visits.contract';
import type { StaffMember } from '#shared/auth/auth.contract';
import { describeEachDatabase, drainNotifications, type TestContext } from '../helpers/app';
import { multipart } from '../helpers/multipart';
import { testImage } from '../helpers/images';
import { startMailServer, type MailServer } from '../helpers/mail-server';
import { saveSettings } from '../factories/settings';

/* Who gets staff mail about people: only active staff, whatever the settings' list says. */

let mail: MailServer;
beforeAll(async () => {
  mail = await startMailServer();
});
afterAll(async () => {
  await mail?.close();
});

const recipients = (m: ParsedMail) => JSON.stringify(m.to ?? '').toLowerCase();
const ALL_WEEK: SlotSettings = {
  ...DEFAULT_SLOT_SETTINGS,
  enabled: true,
  weeklyHours: DEFAULT_SLOT_SETTINGS.weeklyHours.map(() => ({ open: true, from: '09:00', to: '18:00' })),
  seats: 3,
  daysAhead: 10,
};

async function addStudio(ctx: TestContext, title: string): Promise<string> {
  const body = await multipart(
    { title, address: '1 Lake Road, Bengaluru', gmaplink: 'https://maps.example/lake' },
    { bytes: await testImage('png'), filename: 's.png', type: 'image/png' },
  );
  const res = await ctx.asStaff({ method: 'POST', url: '/api/studio/add', payload: body.payload, headers: body.headers });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ _id: string }>()._id;
  expect((await ctx.asStaff({ method: 'PUT', url: `/api/visits/settings/${id}`, payload: ALL_WEEK })).statusCode).toBe(200);
  return id;
}

async function slots(ctx: TestContext, studioId: string): Promise<VisitSlot[]> {
  return (await ctx.app.inject({ method: 'GET', url: `/api/visits/slots?studio=${studioId}` })).json<VisitSlot[]>();
}

/** What arrives while `work` runs and the mail jobs are drained. */
async function mailsOf(ctx: TestContext, work: () => Promise<unknown>): Promise<ParsedMail[]> {
  const before = mail.messages.length;
  await work();
  await drainNotifications(ctx);
  await ctx.app.visitJobs.runOnce();
  // SMTP delivery is awaited by the jobs: what was sent has arrived.
  return mail.messages.slice(before);
}

async function setNotify(ctx: TestContext, notifyEmails: string[]) {
  await saveSettings(ctx.asStaff, { notifyEmails });
}

describeEachDatabase(
  'staff mail goes to active staff only',
  (ctx) => {
    let studio = '';
    beforeAll(async () => {
      await ctx.staffToken();
      const added = await ctx.asStaff({
        method: 'POST',
        url: '/api/staff',
        payload: { name: 'Leaver', email: 'leaver@abode.test', role: 'staff', password: 'generate' },
      });
      expect(added.statusCode, added.body).toBe(201);
      studio = await addStudio(ctx, 'Recipient Studio');
      const leaver = (await ctx.asStaff({ method: 'GET', url: '/api/staff' })).json<StaffMember[]>().find((m) => m.email === 'leaver@abode.test')!;
      const off = await ctx.asStaff({ method: 'PATCH', url: `/api/staff/${leaver.id}`, payload: { active: false } });
      expect(off.statusCode, off.body).toBe(200);
    });

    it('with no notify list, a deactivated person gets no "New lead" and no "Site visit booked" mail; active staff do', async () => {
      const sent = await mailsOf(ctx, async () => {
        const contact = {
          firstname: 'Kiran',
          lastname: 'Rao',
          email: 'kiran.rao@example.com',
          requestquotation: 'Homes',
          message: 'A home near the lake, please.',
        };
        expect(
          (await ctx.app.inject({ method: 'POST', url: '/api/contactus/add', payload: { response: contact }, remoteAddress: '10.40.0.1' })).statusCode,
        ).toBe(201);
        const slot = (await slots(ctx, studio))[1]!;
        const booked = await ctx.app.inject({
          method: 'POST',
          url: '/api/visits',
          payload: { slotStart: slot.start, studioId: studio, email: 'visit.person@example.com', name: 'Visit Person', phone: '9845012345' },
          remoteAddress: '10.40.0.2',
        });
        expect(booked.statusCode, booked.body).toBe(201);
      });
      const toStaff = sent.filter((m) => /New lead|Site visit booked/.test(m.subject ?? '') && !recipients(m).includes('@example.com'));
      expect(toStaff.map((m) => m.subject?.split(':')[0]).sort()).toEqual(expect.arrayContaining(['New lead', 'Site visit booked']));
      for (const m of toStaff) {
        expect(recipients(m), m.subject).toContain('staff@abode.test');
        expect(recipients(m), m.subject).not.toContain('leaver@abode.test');
      }
      expect(sent.filter((m) => recipients(m).includes('leaver@abode.test'))).toEqual([]);
    });

    it('skips a deactivated person the settings still name, and keeps the others of the list', async () => {
      await setNotify(ctx, ['Leaver@abode.test', 'desk@abode.test']);
      try {
        const sent = await mailsOf(ctx, async () => {
          const contact = {
            firstname: 'Meera',
            lastname: 'Iyer',
            email: 'meera.iyer@example.com',
            requestquotation: 'Homes',
            message: 'Looking for decor ideas.',
          };
          expect(
            (await ctx.app.inject({ method: 'POST', url: '/api/contactus/add', payload: { response: contact }, remoteAddress: '10.40.0.3' })).statusCode,
          ).toBe(201);
          const slot = (await slots(ctx, studio))[2]!;
          const booked = await ctx.app.inject({
            method: 'POST',
            url: '/api/visits',
            payload: { slotStart: slot.start, studioId: studio, email: 'visit.two@example.com', name: 'Visit Two' },
            remoteAddress: '10.40.0.4',
          });
          expect(booked.statusCode, booked.body).toBe(201);
        });
        const toStaff = sent.filter((m) => /New lead|Site visit booked/.test(m.subject ?? '') && !recipients(m).includes('@example.com'));
        expect(toStaff).toHaveLength(2);
        for (const m of toStaff) {
          expect(recipients(m), m.subject).toContain('desk@abode.test');
          expect(recipients(m), m.subject).not.toContain('leaver@abode.test');
        }
        expect(sent.filter((m) => recipients(m).includes('leaver@abode.test'))).toEqual([]);
      } finally {
        await setNotify(ctx, []);
      }
    });
  },
  () => ({
    notify: {
      mailFrom: '"Test Studio" <studio@abode.test>',
      mailDir: '/nonexistent',
      smtpUrl: mail.url,
      notifyEmails: [],
      confirmVisitors: true,
      allowPrivateWebhooks: false,
      dispatch: false,
    },
  }),
);
