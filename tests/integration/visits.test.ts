import { afterAll, beforeAll, expect, it } from 'vitest';
import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import { DEFAULT_SLOT_SETTINGS, type BookedVisit, type SlotSettings, VISIT_MESSAGES, type VisitSlot } from '#shared/visits/visits.contract';
import { VisitJobs, type VisitMail } from '#server/features/visits/visit-jobs';
import { type StaffMember } from '#shared/auth/auth.contract';
import { AUTH_API } from '#shared/auth/auth.api';
import type { LeadList } from '#shared/leads/leads.contract';
import { SETTINGS_API, type StudioSettings } from '#shared/settings/settings.contract';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { multipart } from '../helpers/multipart';
import { testImage } from '../helpers/images';
import { startMailServer, type MailServer } from '../helpers/mail-server';

const HOUR = 3600_000;
let mail: MailServer;
beforeAll(async () => {
  mail = await startMailServer();
});
afterAll(async () => {
  await mail?.close();
});

async function addStudio(ctx: TestContext, title: string): Promise<string> {
  const body = await multipart(
    { title, address: '1 Lake Road, Bengaluru', gmaplink: 'https://maps.example/lake' },
    { bytes: await testImage('png'), filename: 's.png', type: 'image/png' },
  );
  const res = await ctx.asStaff({ method: 'POST', url: '/api/studio/add', payload: body.payload, headers: body.headers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ _id: string }>()._id;
}

/** Every day open 09:00–18:00 (studio time), hour slots. */
const ALL_WEEK: SlotSettings = {
  ...DEFAULT_SLOT_SETTINGS,
  enabled: true,
  weeklyHours: DEFAULT_SLOT_SETTINGS.weeklyHours.map(() => ({ open: true, from: '09:00', to: '18:00' })),
  seats: 2,
  daysAhead: 10,
};

async function configure(ctx: TestContext, studioId: string, settings: Partial<SlotSettings> = {}) {
  const res = await ctx.asStaff({ method: 'PUT', url: `/api/visits/settings/${studioId}`, payload: { ...ALL_WEEK, ...settings } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function slots(ctx: TestContext, studioId: string, query = ''): Promise<VisitSlot[]> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/visits/slots?studio=${studioId}${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<VisitSlot[]>();
}

// Each booking from its own address unless one is given: one address may book only a few a day (decision 0014).
let lastAddress = 0;
const book = (ctx: TestContext, body: Record<string, unknown>, remoteAddress = `10.26.0.${++lastAddress}`) =>
  ctx.app.inject({ method: 'POST', url: '/api/visits', payload: body, remoteAddress });

function tokenOf(manageUrl: string) {
  return new URL(manageUrl).searchParams.get('token')!;
}

/** The calendar part of a mail, parsed by ical.js (an independent parser). */
function calendarOf(message: ParsedMail) {
  const part = message.attachments.find((a) => a.contentType.startsWith('text/calendar') || a.contentType === 'application/ics');
  expect(part, `calendar in "${message.subject}"`).toBeDefined();
  return readCalendar(part!.content.toString('utf8'));
}

/** An .ics as ical.js reads it. */
function readCalendar(text: string) {
  const component = new ICAL.Component(ICAL.parse(text));
  const event = component.getFirstSubcomponent('vevent')!;
  return {
    method: component.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: Number(event.getFirstPropertyValue('sequence') ?? 0),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    end: (event.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString(),
    organizer: String(event.getFirstPropertyValue('organizer')),
    attendees: event.getAllProperties('attendee').map((p) => String(p.getFirstValue())),
    summary: String(event.getFirstPropertyValue('summary')),
    location: String(event.getFirstPropertyValue('location')),
    description: String(event.getFirstPropertyValue('description')),
  };
}

describeEachDatabase(
  'site visits',
  (ctx) => {
    let studio = '';
    beforeAll(async () => {
      studio = await addStudio(ctx, 'Lake Studio');
    });

    it('keeps slot settings per studio for owners, validated, and offers no slots until enabled', async () => {
      const fresh = await ctx.asStaff({ method: 'GET', url: `/api/visits/settings/${studio}` });
      expect(fresh.statusCode).toBe(200);
      expect(fresh.json()).toMatchObject({ studioId: studio, studioName: 'Lake Studio', timeZone: 'Asia/Kolkata', enabled: false });
      const closed = await ctx.app.inject({ method: 'GET', url: `/api/visits/slots?studio=${studio}` });
      expect(closed.statusCode).toBe(400);
      const anonymous = await ctx.app.inject({ method: 'PUT', url: `/api/visits/settings/${studio}`, payload: ALL_WEEK });
      expect(anonymous.statusCode).toBe(401);
      const bad = await ctx.asStaff({
        method: 'PUT',
        url: `/api/visits/settings/${studio}`,
        payload: { ...ALL_WEEK, weeklyHours: ALL_WEEK.weeklyHours.map(() => ({ open: true, from: '18:00', to: '09:00' })) },
      });
      expect(bad.statusCode).toBe(400);
      const unknown = await ctx.asStaff({ method: 'PUT', url: '/api/visits/settings/no-such-studio', payload: ALL_WEEK });
      expect(unknown.statusCode).toBe(404);
      expect(await configure(ctx, studio)).toMatchObject({ enabled: true, seats: 2, slotMinutes: 60 });
      const studios = await ctx.app.inject({ method: 'GET', url: '/api/visits/studios' });
      expect(studios.json()).toEqual([{ studioId: studio, studioName: 'Lake Studio', timeZone: 'Asia/Kolkata', daysAhead: 10 }]);
    });

    it('offers hour slots in the studio time zone, within days ahead, without blackout dates', async () => {
      const all = await slots(ctx, studio);
      expect(all.length).toBeGreaterThan(50);
      for (const s of all) {
        expect(s).toEqual({ start: expect.any(String), end: expect.any(String), studioId: studio, free: 2 });
        expect(Date.parse(s.end) - Date.parse(s.start)).toBe(HOUR);
        // 09:00 … 17:00 in Asia/Kolkata (UTC+05:30): 03:30 … 11:30 UTC.
        expect(s.start.slice(11, 16)).toMatch(/^(0[3-9]|1[01]):30$/);
        expect(Date.parse(s.start)).toBeGreaterThan(Date.now());
        expect(Date.parse(s.start)).toBeLessThan(Date.now() + 11 * 24 * HOUR);
      }
      const day = new Date(Date.now() + 3 * 24 * HOUR).toISOString().slice(0, 10);
      await configure(ctx, studio, { blackoutDates: [day] });
      expect((await slots(ctx, studio)).some((s) => s.start.startsWith(day))).toBe(false);
      await configure(ctx, studio);
      const from = all[5]!.start;
      const to = all[8]!.start;
      expect((await slots(ctx, studio, `&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`)).map((s) => s.start)).toEqual(
        all.slice(5, 8).map((s) => s.start),
      );
      const backwards = await ctx.app.inject({
        method: 'GET',
        url: `/api/visits/slots?studio=${studio}&from=${encodeURIComponent(to)}&to=${encodeURIComponent(from)}`,
      });
      expect(backwards.statusCode).toBe(400);
    });

    it('books a slot: 201, the lead moves to visit and shows the visit; a full slot answers 409 with the next free ones', async () => {
      const [slot] = await slots(ctx, studio);
      const first = await book(ctx, { slotStart: slot!.start, studioId: studio, email: 'Asha.Visit@example.com', name: 'Asha', phone: '98450 12345' });
      expect(first.statusCode, first.body).toBe(201);
      const booked = first.json();
      expect(booked).toEqual({
        _id: expect.any(String),
        start: slot!.start,
        end: slot!.end,
        manageUrl: expect.stringMatching(/\/visit\?id=.+&token=/),
        calendarPath: expect.stringMatching(new RegExp(`^/api/visits/${booked._id}/calendar\\?token=.+`)),
      });
      expect((await slots(ctx, studio)).find((s) => s.start === slot!.start)?.free).toBe(1);
      expect((await book(ctx, { slotStart: slot!.start, studioId: studio, email: 'ravi.visit@example.com' })).statusCode).toBe(201);
      const full = await book(ctx, { slotStart: slot!.start, studioId: studio, email: 'late.visit@example.com' });
      expect(full.statusCode).toBe(409);
      // With its message's key, as every error answer (docs/decisions/0059): a Hindi page says it by it.
      expect(full.json()).toMatchObject({ code: 'SLOT_TAKEN', message: VISIT_MESSAGES.slotGone, key: 'msg.visit.slotGone' });
      expect(full.json().nextSlots.length).toBeGreaterThan(0);
      expect(full.json().nextSlots.every((s: VisitSlot) => s.free > 0 && s.start !== slot!.start)).toBe(true);

      const visits = await ctx.asStaff({
        method: 'GET',
        url: `/api/visits?day=${new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(slot!.start))}`,
      });
      const mine = visits.json().find((v: { _id: string }) => v._id === booked._id);
      expect(mine).toMatchObject({ status: 'booked', email: 'Asha.Visit@example.com', name: 'Asha', phone: '+919845012345', studioName: 'Lake Studio' });
      const lead = await ctx.asStaff({ method: 'GET', url: `/api/leads/${mine.leadId}` });
      expect(lead.json()).toMatchObject({ status: 'visit' });
      const ofLead = await ctx.asStaff({ method: 'GET', url: `/api/visits/lead/${mine.leadId}` });
      expect(ofLead.json().map((v: { _id: string }) => v._id)).toEqual([booked._id]);
    });

    it('refuses what is not an offered slot, a bad e-mail and an unknown studio', async () => {
      const [slot] = await slots(ctx, studio);
      const off = new Date(Date.parse(slot!.start) + 60_000).toISOString();
      expect((await book(ctx, { slotStart: off, studioId: studio, email: 'a@example.com' })).statusCode).toBe(400);
      expect((await book(ctx, { slotStart: slot!.start, studioId: studio, email: 'not-an-email' })).statusCode).toBe(400);
      expect((await book(ctx, { slotStart: slot!.start, studioId: studio, email: 'a@example.com', name: 'x'.repeat(121) })).statusCode).toBe(400);
      expect((await book(ctx, { slotStart: slot!.start, studioId: studio, email: 'a@example.com', phone: 'call me maybe' })).statusCode).toBe(400);
      const missing = await book(ctx, { studioId: studio, email: 'a@example.com' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ code: 'VALIDATION', errors: [expect.objectContaining({ field: expect.stringContaining('slotStart') })] });
      expect((await book(ctx, { slotStart: 'tomorrow', studioId: studio, email: 'a@example.com' })).statusCode).toBe(400);
      expect((await book(ctx, { slotStart: slot!.start, studioId: 'nope', email: 'a@example.com' })).statusCode).toBe(404);
      const past = new Date(Date.now() - 24 * HOUR).toISOString();
      expect((await book(ctx, { slotStart: past, studioId: studio, email: 'a@example.com' })).statusCode).toBe(400);
    });

    it('never double-books: 20 concurrent bookings of the last seat, exactly one 201 and nineteen 409', async () => {
      const raceStudio = await addStudio(ctx, 'Race Studio');
      await configure(ctx, raceStudio, { seats: 1 });
      const [slot] = await slots(ctx, raceStudio);
      const started = performance.now();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => book(ctx, { slotStart: slot!.start, studioId: raceStudio, email: `racer${i}@example.com` }, `10.26.1.${i + 1}`)),
      );
      const ms = performance.now() - started;
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 201)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(19);
      for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().nextSlots[0].start).not.toBe(slot!.start);
      expect((await slots(ctx, raceStudio)).find((s) => s.start === slot!.start)?.free).toBe(0);
      console.log(
        `[visits race] ${ctx.dialect}: 20 concurrent bookings of 1 seat → ${codes.filter((c) => c === 201).length} × 201, ${codes.filter((c) => c === 409).length} × 409 in ${ms.toFixed(0)} ms`,
      );
    });

    it('mails the visitor and staff a calendar invitation; a move keeps the UID with SEQUENCE+1, a cancellation sends METHOD:CANCEL', async () => {
      await ctx.app.visitJobs.runOnce(); // the earlier tests' mails
      const icsStudio = await addStudio(ctx, 'Invite Studio');
      await configure(ctx, icsStudio);
      const offered = await slots(ctx, icsStudio);
      const slot = offered[10]!;
      const res = await book(ctx, { slotStart: slot.start, studioId: icsStudio, email: 'invitee@example.com', name: 'Nila Invitee' });
      expect(res.statusCode).toBe(201);
      const booked = res.json();
      const before = mail.messages.length;
      expect(await ctx.app.visitJobs.runOnce()).toMatchObject({ sent: 1, failed: 0 });
      const sent = (await mail.waitFor(before + 2)).slice(before);
      expect(sent).toHaveLength(2);
      const visitorMail = sent.find((m) => m.to && JSON.stringify(m.to).includes('invitee@example.com'))!;
      const staffMail = sent.find((m) => m !== visitorMail)!;
      expect(visitorMail.subject).toMatch(/^Site visit booked: Invite Studio/);
      expect(visitorMail.text).toContain(`/visit?id=${booked._id}&token=`);
      for (const message of [visitorMail, staffMail]) {
        const cal = calendarOf(message);
        expect(cal).toMatchObject({ method: 'REQUEST', uid: `visit-${booked._id}@abode`, sequence: 0, start: slot.start, end: slot.end });
        expect(cal.organizer.toLowerCase()).toBe('mailto:studio@abode.test');
        expect(cal.attendees.map((a) => a.toLowerCase())).toEqual(['mailto:invitee@example.com']);
      }
      expect(staffMail.subject).toContain('Nila Invitee');

      const token = tokenOf(booked.manageUrl);
      const shown = await ctx.app.inject({ method: 'GET', url: `/api/visits/${booked._id}?token=${token}` });
      expect(shown.json()).toEqual({
        _id: booked._id,
        studioId: icsStudio,
        studioName: 'Invite Studio',
        timeZone: 'Asia/Kolkata',
        start: slot.start,
        end: slot.end,
        status: 'booked',
      });
      expect((await ctx.app.inject({ method: 'GET', url: `/api/visits/${booked._id}?token=nope` })).statusCode).toBe(403);
      const forged = await ctx.app.inject({
        method: 'POST',
        url: `/api/visits/${booked._id}/reschedule`,
        payload: { token: `${token}x`, slotStart: offered[12]!.start },
      });
      expect(forged.statusCode).toBe(403);
      const moved = await ctx.app.inject({ method: 'POST', url: `/api/visits/${booked._id}/reschedule`, payload: { token, slotStart: offered[12]!.start } });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({ _id: booked._id, start: offered[12]!.start });
      expect((await slots(ctx, icsStudio)).find((s) => s.start === slot.start)?.free).toBe(2);
      await ctx.app.visitJobs.runOnce();
      const movedMails = (await mail.waitFor(before + 4)).slice(before + 2);
      expect(calendarOf(movedMails[0]!)).toMatchObject({ method: 'REQUEST', uid: `visit-${booked._id}@abode`, sequence: 1, start: offered[12]!.start });

      const cancelled = await ctx.app.inject({ method: 'POST', url: `/api/visits/${booked._id}/cancel`, payload: { token } });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect((await ctx.app.inject({ method: 'POST', url: `/api/visits/${booked._id}/cancel`, payload: { token } })).statusCode).toBe(409);
      await ctx.app.visitJobs.runOnce();
      const cancelMails = (await mail.waitFor(before + 6)).slice(before + 4);
      expect(calendarOf(cancelMails[0]!)).toMatchObject({ method: 'CANCEL', uid: `visit-${booked._id}@abode`, sequence: 2 });
      expect((await slots(ctx, icsStudio)).find((s) => s.start === offered[12]!.start)?.free).toBe(2);
      // The cancellation's mail says what its attachment does: it takes the visit off the calendar.
      const visitorCancel = cancelMails.find((m) => JSON.stringify(m.to).includes('invitee@example.com'))!;
      expect(visitorCancel.text).not.toContain('adds it');
      expect(visitorCancel.text).toContain('The attached cancellation removes it from Google Calendar, Outlook or Apple Calendar.');
      // The lead no longer waits for a visit: back to where it was before the booking.
      const lead = (await ctx.asStaff({ method: 'GET', url: `/api/leads?q=${encodeURIComponent('invitee@example.com')}` })).json<LeadList>().items[0]!;
      expect(lead.status).toBe('new');
    });

    it('serves the visitor the calendar its invitation attaches (.ics, ical.js reads it) on the signed link the booking answers', async () => {
      await ctx.app.visitJobs.runOnce(); // the earlier tests' mails
      const calStudio = await addStudio(ctx, 'Calendar Studio');
      await configure(ctx, calStudio);
      const offered = await slots(ctx, calStudio);
      const res = await book(ctx, { slotStart: offered[2]!.start, studioId: calStudio, email: 'calendar.visit@example.com', name: 'Kavya' });
      expect(res.statusCode, res.body).toBe(201);
      const booked = res.json<BookedVisit>();
      const served = new URL(booked.calendarPath, 'http://localhost');
      expect(served.pathname).toBe(`/api/visits/${booked._id}/calendar`);
      // Into the next second of the wall clock: the links made from now on must still be the one
      // the booking answered (they once carried their time of issue, and differed on a busy machine).
      await new Promise((resolve) => setTimeout(resolve, 1005 - (Date.now() % 1000)));
      const download = await ctx.app.inject({ method: 'GET', url: `${served.pathname}${served.search}` });
      expect(download.statusCode, download.body).toBe(200);
      expect(download.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(String(download.headers['content-disposition'])).toMatch(/^attachment; filename="site-visit\.ics"/);
      expect(download.headers['cache-control']).toBe('no-store');
      const calendar = readCalendar(download.body);
      expect(calendar).toMatchObject({
        method: 'REQUEST',
        uid: `visit-${booked._id}@abode`,
        sequence: 0,
        start: offered[2]!.start,
        end: offered[2]!.end,
        summary: 'Site visit at Calendar Studio',
      });
      expect(calendar.description).toContain(booked.manageUrl);

      // The same event as the invitation mail's attachment.
      const before = mail.messages.length;
      await ctx.app.visitJobs.runOnce();
      const invitation = (await mail.waitFor(before + 2)).slice(before).find((m) => JSON.stringify(m.to).includes('calendar.visit@example.com'))!;
      expect(calendar).toEqual(calendarOf(invitation));

      // A move: the link serves the moved event, one sequence on.
      const token = served.searchParams.get('token')!;
      expect(
        (await ctx.app.inject({ method: 'POST', url: `/api/visits/${booked._id}/reschedule`, payload: { token, slotStart: offered[5]!.start } })).statusCode,
      ).toBe(200);
      const moved = readCalendar((await ctx.app.inject({ method: 'GET', url: `${served.pathname}${served.search}` })).body);
      expect(moved).toMatchObject({ uid: `visit-${booked._id}@abode`, sequence: 1, start: offered[5]!.start });

      // Only for the holder of that visit's token.
      expect((await ctx.app.inject({ method: 'GET', url: `${served.pathname}?token=${token}x` })).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'GET', url: served.pathname })).statusCode).toBe(400);
      const other = (await book(ctx, { slotStart: offered[3]!.start, studioId: calStudio, email: 'other.calendar@example.com' })).json<BookedVisit>();
      expect((await ctx.app.inject({ method: 'GET', url: `/api/visits/${other._id}/calendar?token=${token}` })).statusCode).toBe(403);
    });

    it('a cancelled visit leaves the lead at visit while another visit of theirs stands, and a contacted lead goes back to contacted', async () => {
      const twoStudio = await addStudio(ctx, 'Two Visits Studio');
      await configure(ctx, twoStudio);
      const offered = await slots(ctx, twoStudio);
      const email = 'two.visits@example.com';
      const first = (await book(ctx, { slotStart: offered[1]!.start, studioId: twoStudio, email })).json();
      const second = (await book(ctx, { slotStart: offered[4]!.start, studioId: twoStudio, email })).json();
      const leadOf = async () => (await ctx.asStaff({ method: 'GET', url: `/api/leads?q=${encodeURIComponent(email)}` })).json<LeadList>().items[0]!;
      expect((await leadOf()).status).toBe('visit');
      expect((await ctx.app.inject({ method: 'POST', url: `/api/visits/${first._id}/cancel`, payload: { token: tokenOf(first.manageUrl) } })).statusCode).toBe(
        200,
      );
      expect((await leadOf()).status).toBe('visit');
      expect(
        (await ctx.app.inject({ method: 'POST', url: `/api/visits/${second._id}/cancel`, payload: { token: tokenOf(second.manageUrl) } })).statusCode,
      ).toBe(200);
      expect((await leadOf()).status).toBe('new');

      // Contacted by staff, then booked and cancelled: contacted again.
      const lead = await leadOf();
      expect((await ctx.asStaff({ method: 'PATCH', url: `/api/leads/${lead._id}`, payload: { status: 'contacted' } })).statusCode).toBe(200);
      const third = (await book(ctx, { slotStart: offered[6]!.start, studioId: twoStudio, email })).json();
      expect((await leadOf()).status).toBe('visit');
      expect((await ctx.app.inject({ method: 'POST', url: `/api/visits/${third._id}/cancel`, payload: { token: tokenOf(third.manageUrl) } })).statusCode).toBe(
        200,
      );
      expect((await leadOf()).status).toBe('contacted');
    });

    it('reminds 24 hours and 2 hours before, each once, across a restart (controlled clock)', async () => {
      const remindStudio = await addStudio(ctx, 'Reminder Studio');
      await configure(ctx, remindStudio);
      const slot = (await slots(ctx, remindStudio)).find((s) => Date.parse(s.start) > Date.now() + 3 * 24 * HOUR)!;
      const res = await book(ctx, { slotStart: slot.start, studioId: remindStudio, email: 'remind.me@example.com' });
      expect(res.statusCode).toBe(201);
      await ctx.app.visitJobs.runOnce(); // the invitation
      const start = Date.parse(slot.start);
      let now = new Date(start - 25 * HOUR);
      const sent: VisitMail[] = [];
      const jobs = () =>
        new VisitJobs({
          db: ctx.database.db,
          send: async (m) => void sent.push(m),
          studio: async () => ({ name: 'Test Studio', email: 'studio@abode.test', address: '1 Test Street', timeZone: 'Asia/Kolkata' }),
          staffRecipients: async () => ['owner@abode.test'],
          siteUrl: 'http://localhost',
          secret: ctx.config.jwtSecret,
          now: () => now,
        });
      const a = jobs();
      const b = jobs();
      expect((await a.runOnce()).reminders).toBe(0);
      now = new Date(start - 23 * HOUR);
      const [ra, rb] = await Promise.all([a.runOnce(), b.runOnce()]);
      expect(ra.reminders + rb.reminders).toBe(1);
      const dayMails = sent.filter((m) => m.subject.startsWith('Reminder: site visit tomorrow') && m.to.includes('remind.me@example.com'));
      expect(dayMails).toHaveLength(1);
      now = new Date(start - 3 * HOUR);
      expect((await jobs().runOnce()).reminders).toBe(0); // a restart: nothing again
      now = new Date(start - 2 * HOUR + 60_000);
      expect((await jobs().runOnce()).reminders).toBe(1);
      expect((await jobs().runOnce()).reminders).toBe(0);
      now = new Date(start - 30 * 60_000);
      expect((await jobs().runOnce()).reminders).toBe(0);
      const mine = sent.filter((m) => m.to.includes('remind.me@example.com')).map((m) => m.subject.split(':')[0]);
      expect(mine).toEqual(['Reminder', 'Reminder']);
      expect(sent.filter((m) => m.to.includes('remind.me@example.com'))[1]!.subject).toMatch(/in 2 hours/);
    });

    it('staff confirm, move, cancel and mark done; done keeps the lead at visit', async () => {
      const staffStudio = await addStudio(ctx, 'Staff Studio');
      await configure(ctx, staffStudio);
      const offered = await slots(ctx, staffStudio);
      const booked = (await book(ctx, { slotStart: offered[0]!.start, studioId: staffStudio, email: 'staff.flow@example.com' })).json();
      const act = (body: object) => ctx.asStaff({ method: 'POST', url: `/api/visits/${booked._id}/action`, payload: body });
      expect((await act({ action: 'confirm' })).json()).toMatchObject({ status: 'confirmed' });
      expect((await act({ action: 'move', slotStart: offered[3]!.start })).json()).toMatchObject({ start: offered[3]!.start, status: 'confirmed' });
      const done = (await act({ action: 'done' })).json();
      expect(done).toMatchObject({ status: 'done' });
      expect((await ctx.asStaff({ method: 'GET', url: `/api/leads/${done.leadId}` })).json()).toMatchObject({ status: 'visit' });
      expect((await ctx.app.inject({ method: 'POST', url: `/api/visits/${booked._id}/action`, payload: { action: 'confirm' } })).statusCode).toBe(401);
      expect((await act({ action: 'cancel' })).json()).toMatchObject({ status: 'cancelled' });
      expect((await act({ action: 'bogus' })).statusCode).toBe(400);
    });

    it('answers 409 with a sentence, not 500, to rescheduling, moving or confirming a cancelled visit', async () => {
      const cancelStudio = await addStudio(ctx, 'Cancelled Studio');
      await configure(ctx, cancelStudio);
      const offered = await slots(ctx, cancelStudio);
      const booked = (await book(ctx, { slotStart: offered[1]!.start, studioId: cancelStudio, email: 'cancelled.visit@example.com' })).json();
      const token = tokenOf(booked.manageUrl);
      expect((await ctx.app.inject({ method: 'POST', url: `/api/visits/${booked._id}/cancel`, payload: { token } })).statusCode).toBe(200);
      const cancelled = { message: VISIT_MESSAGES.alreadyCancelled, code: 'CONFLICT' };
      const answers = [
        await ctx.app.inject({ method: 'POST', url: `/api/visits/${booked._id}/reschedule`, payload: { token, slotStart: offered[4]!.start } }),
        await ctx.app.inject({ method: 'POST', url: `/api/visits/${booked._id}/cancel`, payload: { token } }),
        ...(await Promise.all(
          [{ action: 'move', slotStart: offered[5]!.start }, { action: 'confirm' }, { action: 'done' }, { action: 'cancel' }].map((payload) =>
            ctx.asStaff({ method: 'POST', url: `/api/visits/${booked._id}/action`, payload }),
          ),
        )),
      ];
      for (const res of answers) {
        expect(res.statusCode, `${res.raw.req.url} ${res.body}`).toBe(409);
        expect(res.json(), res.raw.req.url).toEqual(cancelled);
      }
      // The seat stayed free and the visit cancelled.
      expect((await slots(ctx, cancelStudio)).find((s) => s.start === offered[4]!.start)?.free).toBe(2);
      const visit = (await ctx.app.inject({ method: 'GET', url: `/api/visits/${booked._id}?token=${token}` })).json();
      expect(visit).toMatchObject({ status: 'cancelled', start: offered[1]!.start });
    });

    it("tells the lead's assignee of the visit, besides those who hear of new leads", async () => {
      await ctx.app.visitJobs.runOnce(); // the earlier tests' mails
      const current = (await ctx.asStaff({ method: 'GET', url: SETTINGS_API.settings })).json<StudioSettings>();
      const { version: _v, updatedAt: _u, ...input } = current;
      const roundRobin = { ...input, phone: '+91 80 4123 4567', whatsapp: '+91 98450 99999', assignment: { mode: 'round-robin' as const, rules: [] } };
      const set = await ctx.asStaff({ method: 'PUT', url: SETTINGS_API.settings, payload: roundRobin });
      expect(set.statusCode, set.body).toBe(200);
      try {
        const assigneeStudio = await addStudio(ctx, 'Assignee Studio');
        await configure(ctx, assigneeStudio);
        const slot = (await slots(ctx, assigneeStudio))[2]!;
        expect((await book(ctx, { slotStart: slot.start, studioId: assigneeStudio, email: 'assigned.visitor@example.com' })).statusCode).toBe(201);
        const lead = (await ctx.asStaff({ method: 'GET', url: `/api/leads?q=${encodeURIComponent('assigned.visitor@example.com')}` })).json<LeadList>()
          .items[0]!;
        expect(lead.assigneeId).not.toBeNull();
        const assignee = (await ctx.asStaff({ method: 'GET', url: AUTH_API.staff })).json<StaffMember[]>().find((m) => m.id === lead.assigneeId)!;
        const before = mail.messages.length;
        await ctx.app.visitJobs.runOnce();
        const sent = (await mail.waitFor(before + 2)).slice(before);
        const staffMail = sent.find((m) => !JSON.stringify(m.to).includes('assigned.visitor@example.com'))!;
        const to = JSON.stringify(staffMail.to).toLowerCase();
        expect(to).toContain(assignee.email.toLowerCase());
        expect(to).toContain('owner@abode.test');
      } finally {
        await ctx.asStaff({ method: 'PUT', url: SETTINGS_API.settings, payload: { ...roundRobin, assignment: { mode: 'off', rules: [] } } });
      }
    });
  },
  () => ({
    notify: {
      ...({} as object),
      mailFrom: '"Test Studio" <studio@abode.test>',
      mailDir: '/nonexistent',
      smtpUrl: mail.url,
      notifyEmails: ['owner@abode.test'],
      confirmVisitors: true,
      allowPrivateWebhooks: false,
      dispatch: false,
    },
  }),
);
