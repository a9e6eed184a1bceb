import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { buildApp } from '#server/app';
import { createDatabase } from '#server/db/database';
import { createStaff } from '#server/features/auth/auth.service';
import { type StaffMember } from '#shared/auth/auth.contract';
import { AUTH_API } from '#shared/auth/auth.api';
import { type LeadList } from '#shared/leads/leads.contract';
import { LEADS_API } from '#shared/leads/leads.api';
import { type FirstContactFigures } from '#shared/followup/followup.contract';
import { FOLLOW_UP_API } from '#shared/followup/followup.api';
import { DEFAULT_FOLLOW_UP, SETTINGS_API, type FollowUpSettings, type StudioSettings } from '#shared/settings/settings.contract';
import { DEFAULT_SLOT_SETTINGS, type VisitSlot } from '#shared/visits/visits.contract';
import { describeEachDatabase } from '../helpers/app';
import { testImage } from '../helpers/images';
import { multipart } from '../helpers/multipart';
import { startMailServer } from '../helpers/mail-server';
import { saveSettings } from '../factories/settings';

const mail = await startMailServer();
afterAll(async () => {
  await mail.close();
});

const ist = (local: string) => new Date(`${local}+05:30`);

async function drain(app: FastifyInstance) {
  for (let i = 0; i < 50; i++) {
    const { fannedOut, attempted } = await app.notifications.runOnce();
    if (fannedOut + attempted === 0) return;
  }
  throw new Error('the dispatcher did not settle');
}

/** The follow-up mails that arrived since the last call, as [subject, recipients] (new-lead alerts aside). */
function takeMail(): Array<[string, string[]]> {
  const out = mail.messages
    .filter((m) => !m.subject?.startsWith('New lead'))
    .map(
      (m) =>
        [m.subject ?? '', (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) => a.value.map((v) => v.address ?? '')).sort()] as [string, string[]],
    );
  mail.messages.length = 0;
  return out;
}

const weekday = { start: '09:00', end: '19:00' };
/** Mon–Fri 09:00–19:00; the weekend closed; 1 December a holiday. */
const FOLLOW_UP: FollowUpSettings = {
  firstContactMinutes: 15,
  hours: { mon: weekday, tue: weekday, wed: weekday, thu: weekday, fri: weekday, sat: null, sun: null },
  holidays: ['2026-12-01'],
};

// Follow-up (decision 0023): reminders in working hours, each once (also after a restart), the digest.
describeEachDatabase(
  'lead follow-up',
  (ctx) => {
    let taker: StaffMember;
    let ownerEmail: string;

    const put = (change: Partial<StudioSettings>) => saveSettings(ctx.asStaff, change);

    async function contact(email: string) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/contactus/add',
        payload: { response: { firstname: 'Kiran', lastname: 'Das', email, requestquotation: 'Homes', message: 'Please call.' } },
      });
      expect(res.statusCode, res.body).toBe(201);
      const list = (await ctx.asStaff({ method: 'GET', url: `${LEADS_API.list}?q=${encodeURIComponent(email)}` })).json<LeadList>();
      return list.items[0]!;
    }

    beforeAll(async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(ist('2026-11-26T10:00:00'));
      await ctx.staffToken();
      const list = (await ctx.asStaff({ method: 'GET', url: AUTH_API.staff })).json<StaffMember[]>();
      ownerEmail = list[0]!.email;
      await ctx.asStaff({ method: 'PATCH', url: `/api/staff/${list[0]!.id}`, payload: { takesLeads: false } });
      await createStaff(ctx.database.db, { email: 'taker@abode.test', name: 'Tara', password: 'correct horse battery', role: 'staff' });
      taker = (await ctx.asStaff({ method: 'GET', url: AUTH_API.staff })).json<StaffMember[]>().find((m) => m.email === 'taker@abode.test')!;
      await put({ assignment: { mode: 'round-robin', rules: [] }, followUp: FOLLOW_UP });
      await drain(ctx.app);
      takeMail();
    });
    afterEach(async () => {
      await drain(ctx.app);
      takeMail();
    });
    afterAll(() => {
      vi.useRealTimers();
    });

    it('saves the follow-up settings, with the defaults for a studio that never set them', async () => {
      const settings = (await ctx.asStaff({ method: 'GET', url: SETTINGS_API.settings })).json<StudioSettings>();
      expect(settings.followUp).toEqual(FOLLOW_UP);
      expect(DEFAULT_FOLLOW_UP.firstContactMinutes).toBe(15);
      expect(DEFAULT_FOLLOW_UP.hours.sun).toBeNull();
    });

    it('inside working hours: reminds the assignee at the target, and the owners too at twice it; each once, even after a restart', async () => {
      vi.setSystemTime(ist('2026-11-26T10:00:00'));
      const lead = await contact('inside@example.com');
      expect(lead.assigneeId).toBe(taker.id);
      await drain(ctx.app);
      expect(takeMail()).toEqual([['Assigned to you: Kiran Das', ['taker@abode.test']]]);

      vi.setSystemTime(ist('2026-11-26T10:14:59'));
      expect((await ctx.app.followUp.runOnce()).reminders.first_contact_due).toBe(0);
      vi.setSystemTime(ist('2026-11-26T10:15:00'));
      expect((await ctx.app.followUp.runOnce()).reminders).toEqual({ first_contact_due: 1, first_contact_overdue: 0, next_action_due: 0 });
      expect((await ctx.app.followUp.runOnce()).reminders.first_contact_due).toBe(0);
      // A restart: a new instance on the same database finds nothing left to send.
      const database = createDatabase(ctx.config.database);
      const restarted = await buildApp(ctx.config, { database, logger: false });
      try {
        expect((await restarted.followUp.runOnce()).reminders.first_contact_due).toBe(0);
        await drain(ctx.app);
        expect(takeMail()).toEqual([['Reminder: please contact Kiran Das', ['taker@abode.test']]]);

        vi.setSystemTime(ist('2026-11-26T10:30:00'));
        // Both instances at once on PostgreSQL; on SQLite (one instance in production: two in one
        // process would block each other's event loop on the file lock) one after the other.
        const both = () => [ctx.app.followUp.runOnce(), restarted.followUp.runOnce()] as const;
        const [a, b] = ctx.dialect === 'postgres' ? await Promise.all(both()) : [await ctx.app.followUp.runOnce(), await restarted.followUp.runOnce()];
        expect(a.reminders.first_contact_overdue + b.reminders.first_contact_overdue).toBe(1);
        await drain(restarted);
        expect(takeMail()).toEqual([['Overdue: Kiran Das is still waiting for a first contact', [ownerEmail, 'taker@abode.test'].sort()]]);
        expect((await restarted.followUp.runOnce()).reminders.first_contact_overdue).toBe(0);
      } finally {
        await restarted.close();
        await database.close();
      }
    });

    it('outside working hours: Friday 18:55 falls due on Monday 09:10 (weekend closed); a holiday is skipped', async () => {
      vi.setSystemTime(ist('2026-11-27T18:55:00'));
      await contact('friday@example.com');
      vi.setSystemTime(ist('2026-11-28T12:00:00'));
      expect((await ctx.app.followUp.runOnce()).reminders.first_contact_due).toBe(0);
      vi.setSystemTime(ist('2026-11-30T09:09:59'));
      expect((await ctx.app.followUp.runOnce()).reminders.first_contact_due).toBe(0);
      vi.setSystemTime(ist('2026-11-30T09:10:00'));
      expect((await ctx.app.followUp.runOnce()).reminders.first_contact_due).toBe(1);
      // Monday 18:55: due Wednesday 09:10 (Tuesday 1 December is a holiday).
      vi.setSystemTime(ist('2026-11-30T18:55:00'));
      await contact('holiday@example.com');
      vi.setSystemTime(ist('2026-12-01T18:00:00'));
      expect((await ctx.app.followUp.runOnce()).reminders.first_contact_due).toBe(0);
      vi.setSystemTime(ist('2026-12-02T09:10:00'));
      expect((await ctx.app.followUp.runOnce()).reminders.first_contact_due).toBe(1);
    });

    it('a lead contacted in time is never reminded', async () => {
      vi.setSystemTime(ist('2026-12-03T11:00:00'));
      await ctx.app.followUp.runOnce();
      const lead = await contact('quick@example.com');
      vi.setSystemTime(ist('2026-12-03T11:05:00'));
      const res = await ctx.asStaff({ method: 'PATCH', url: LEADS_API.one(lead._id), payload: { status: 'contacted' } });
      expect(res.statusCode).toBe(200);
      vi.setSystemTime(ist('2026-12-03T12:00:00'));
      expect((await ctx.app.followUp.runOnce()).reminders).toEqual({ first_contact_due: 0, first_contact_overdue: 0, next_action_due: 0 });
    });

    it('a next action: set on the lead, reminded to the assignee once when due, overdue in the inbox (filter and sort)', async () => {
      vi.setSystemTime(ist('2026-12-04T10:00:00'));
      await ctx.app.followUp.runOnce();
      const lead = await contact('next.action@example.com');
      const other = await contact('later.action@example.com');
      await ctx.asStaff({ method: 'PATCH', url: LEADS_API.one(lead._id), payload: { status: 'contacted' } });
      await ctx.asStaff({ method: 'PATCH', url: LEADS_API.one(other._id), payload: { status: 'contacted' } });
      const bad = await ctx.asStaff({ method: 'PUT', url: LEADS_API.nextAction(lead._id), payload: { text: '', dueAt: 'tomorrow' } });
      expect(bad.statusCode).toBe(400);
      const set = await ctx.asStaff({
        method: 'PUT',
        url: LEADS_API.nextAction(lead._id),
        payload: { text: 'Call back about the villa', dueAt: '2026-12-04T11:00:00+05:30' },
      });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json<{ lead: LeadList['items'][number] }>().lead).toMatchObject({
        nextAction: { text: 'Call back about the villa', dueAt: ist('2026-12-04T11:00:00').toISOString() },
        overdue: false,
      });
      await ctx.asStaff({ method: 'PUT', url: LEADS_API.nextAction(other._id), payload: { text: 'Send the brochure', dueAt: '2026-12-05T11:00:00+05:30' } });
      await drain(ctx.app);
      takeMail();

      vi.setSystemTime(ist('2026-12-04T10:59:00'));
      expect((await ctx.app.followUp.runOnce()).reminders.next_action_due).toBe(0);
      vi.setSystemTime(ist('2026-12-04T11:00:00'));
      expect((await ctx.app.followUp.runOnce()).reminders.next_action_due).toBe(1);
      expect((await ctx.app.followUp.runOnce()).reminders.next_action_due).toBe(0);
      await drain(ctx.app);
      expect(takeMail()).toEqual([['Next action due: Call back about the villa (Kiran Das)', ['taker@abode.test']]]);

      const overdue = (await ctx.asStaff({ method: 'GET', url: `${LEADS_API.list}?overdue=true&limit=200` })).json<LeadList>();
      expect(overdue.items.map((l) => l.email)).toContain('next.action@example.com');
      expect(overdue.items.map((l) => l.email)).not.toContain('later.action@example.com');
      expect(overdue.items.every((l) => l.overdue)).toBe(true);
      const sorted = (await ctx.asStaff({ method: 'GET', url: `${LEADS_API.list}?sort=next-action&limit=3` })).json<LeadList>();
      expect(sorted.items.slice(0, 2).map((l) => l.email)).toEqual(['next.action@example.com', 'later.action@example.com']);
      // Without the new parameters the list is as before: newest activity first.
      const plain = (await ctx.asStaff({ method: 'GET', url: `${LEADS_API.list}?limit=1` })).json<LeadList>();
      expect(plain.items[0]!.email).toBe('later.action@example.com');

      // A new next action is reminded again; clearing it leaves nothing to remind.
      await ctx.asStaff({ method: 'PUT', url: LEADS_API.nextAction(lead._id), payload: { text: 'Second call', dueAt: '2026-12-04T12:00:00+05:30' } });
      const cleared = await ctx.asStaff({ method: 'DELETE', url: LEADS_API.nextAction(other._id) });
      expect(cleared.json<{ lead: LeadList['items'][number] }>().lead.nextAction).toBeNull();
      vi.setSystemTime(ist('2026-12-05T12:00:00'));
      expect((await ctx.app.followUp.runOnce()).reminders.next_action_due).toBe(1);
    });

    it('the morning digest at the start of working hours: overdue leads, site visits and next actions due today, once; none when empty', async () => {
      // Monday 7 December, before opening: nothing yet.
      vi.setSystemTime(ist('2026-12-07T08:59:00'));
      // A site visit at 11:00 today, booked by a new person (round-robin gives the lead to the taker).
      const studio = await multipart(
        { title: 'Digest Studio', address: '1 Lake Road, Bengaluru', gmaplink: 'https://maps.example/lake' },
        { bytes: await testImage('png'), filename: 's.png', type: 'image/png' },
      );
      const added = await ctx.asStaff({ method: 'POST', url: '/api/studio/add', payload: studio.payload, headers: studio.headers });
      expect(added.statusCode, added.body).toBe(201);
      const studioId = added.json<{ _id: string }>()._id;
      const everyDay = {
        ...DEFAULT_SLOT_SETTINGS,
        enabled: true,
        weeklyHours: DEFAULT_SLOT_SETTINGS.weeklyHours.map(() => ({ open: true, from: '09:00', to: '18:00' })),
      };
      expect((await ctx.asStaff({ method: 'PUT', url: `/api/visits/settings/${studioId}`, payload: everyDay })).statusCode).toBe(200);
      const slots = (await ctx.app.inject({ method: 'GET', url: `/api/visits/slots?studio=${studioId}` })).json<VisitSlot[]>();
      const eleven = slots.find((slot) => slot.start === ist('2026-12-07T11:00:00').toISOString());
      expect(eleven).toBeDefined();
      const booked = await ctx.app.inject({
        method: 'POST',
        url: '/api/visits',
        payload: { slotStart: eleven!.start, studioId, email: 'visit.today@example.com', name: 'Meera Visit' },
      });
      expect(booked.statusCode, booked.body).toBe(201);
      await ctx.app.followUp.runOnce();
      await drain(ctx.app);
      takeMail();
      const lead = (await ctx.asStaff({ method: 'GET', url: `${LEADS_API.list}?q=quick%40example.com` })).json<LeadList>().items[0]!;
      await ctx.asStaff({ method: 'PUT', url: LEADS_API.nextAction(lead._id), payload: { text: 'Show the 3 BHK plans', dueAt: '2026-12-07T15:00:00+05:30' } });
      expect(mail.messages).toHaveLength(0);
      vi.setSystemTime(ist('2026-12-07T09:00:00'));
      expect((await ctx.app.followUp.runOnce()).digests).toBe(1);
      expect((await ctx.app.followUp.runOnce()).digests).toBe(0);
      const [digest] = mail.messages.filter((m) => m.subject?.startsWith('Your day'));
      expect(mail.messages.filter((m) => m.subject?.startsWith('Your day'))).toHaveLength(1);
      expect(digest!.to).toMatchObject({ text: 'taker@abode.test' });
      expect(digest!.text).toContain('Overdue leads');
      expect(digest!.text).toContain('Kiran Das');
      expect(digest!.text).toContain('Show the 3 BHK plans');
      expect(digest!.subject).toMatch(/^Your day: \d+ overdue, \d+ next actions, 1 site visits$/);
      expect(digest!.text).toMatch(/Site visits today \(1\)\n- 11:00\s?am at Digest Studio: Meera Visit — http\S+\/dashboard\/leads\//i);
      // The owner has no leads: no digest for them.
      expect(mail.messages.some((m) => (m.to as { text: string }).text === ownerEmail)).toBe(false);
      mail.messages.length = 0;
      // A restart the same morning sends nothing again.
      const database = createDatabase(ctx.config.database);
      const restarted = await buildApp(ctx.config, { database, logger: false });
      try {
        expect((await restarted.followUp.runOnce()).digests).toBe(0);
      } finally {
        await restarted.close();
        await database.close();
      }
      expect(mail.messages).toHaveLength(0);
    });

    it('the dashboard figures: median working minutes to first contact and the share within target, per person and per week', async () => {
      vi.setSystemTime(ist('2026-12-07T12:00:00'));
      const res = await ctx.asStaff({ method: 'GET', url: `${FOLLOW_UP_API.firstContact}?weeks=8` });
      expect(res.statusCode, res.body).toBe(200);
      const figures = res.json<FirstContactFigures>();
      expect(figures.targetMinutes).toBe(15);
      // Seven leads of Tara's: three never contacted (past target), three contacted in 5, 0 and 0 working
      // minutes, and the digest's visitor, who booked a visit but was not called by anyone.
      expect(figures.byPerson).toEqual([
        { staffId: taker.id, name: 'Tara', leads: 7, waiting: 0, contacted: 3, withinTarget: 3, shareWithinTarget: 3 / 7, medianMinutes: 0 },
      ]);
      expect(figures.byWeek).toEqual([
        { week: '2026-11-23', leads: 2, waiting: 0, contacted: 0, withinTarget: 0, shareWithinTarget: 0, medianMinutes: null },
        { week: '2026-11-30', leads: 4, waiting: 0, contacted: 3, withinTarget: 3, shareWithinTarget: 0.75, medianMinutes: 0 },
        { week: '2026-12-07', leads: 1, waiting: 0, contacted: 0, withinTarget: 0, shareWithinTarget: 0, medianMinutes: null },
      ]);
      expect((await ctx.app.inject({ method: 'GET', url: FOLLOW_UP_API.firstContact })).statusCode).toBe(401);
    });

    it('counts every lead of a week: those whose first-contact time has not come yet are waiting, not left out', async () => {
      // Sunday (closed): two new leads fall due on Monday morning; the week already had one.
      vi.setSystemTime(ist('2026-12-13T11:00:00'));
      await contact('sunday-one@example.com');
      await contact('sunday-two@example.com');
      vi.setSystemTime(ist('2026-12-13T12:00:00'));
      const figures = (await ctx.asStaff({ method: 'GET', url: `${FOLLOW_UP_API.firstContact}?weeks=8` })).json<FirstContactFigures>();
      expect(figures.byWeek.at(-1)).toEqual({
        week: '2026-12-07',
        leads: 3,
        waiting: 2,
        contacted: 0,
        withinTarget: 0,
        shareWithinTarget: 0,
        medianMinutes: null,
      });
      expect(figures.byPerson).toEqual([
        { staffId: taker.id, name: 'Tara', leads: 9, waiting: 2, contacted: 3, withinTarget: 3, shareWithinTarget: 3 / 7, medianMinutes: 0 },
      ]);
    });
  },
  // The clock moves on by days: the test's staff token must outlive it.
  {
    tokenTtlSeconds: 60 * 24 * 60 * 60,
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
