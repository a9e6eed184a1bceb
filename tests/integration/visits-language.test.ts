import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import { DEFAULT_SLOT_SETTINGS, type BookedVisit, type SlotSettings, type VisitSlot } from '#shared/visits/visits.contract';
import { LANGUAGE_FIELD_MESSAGE } from '#shared/i18n/language-field';
import { VisitJobs } from '#server/features/visits/visit-jobs';
import { unsubscribeToken } from '#server/features/consent/consent.service';
import { en } from '#shared/i18n/messages/en';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { multipart } from '../helpers/multipart';
import { testImage } from '../helpers/images';
import { startMailServer, type MailServer } from '../helpers/mail-server';

/*
 * Decision 0026: a site visit booked from a Hindi page keeps its language; the visitor's invitation,
 * updates and reminders come in Hindi (texts from the catalogue, the date in hi-IN, the manage link
 * under /hi/), read here from a real SMTP server. Staff mails stay English; a visit booked without a
 * language gets exactly the English mail it always did.
 */

const HOUR = 3600_000;
const ZONE = 'Asia/Kolkata';
const DEVANAGARI = /[\u0900-\u097F]/;
let mail: MailServer;
beforeAll(async () => {
  mail = await startMailServer();
});
afterAll(async () => {
  await mail?.close();
});

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
  const studioId = res.json<{ _id: string }>()._id;
  const set = await ctx.asStaff({ method: 'PUT', url: `/api/visits/settings/${studioId}`, payload: ALL_WEEK });
  expect(set.statusCode, set.body).toBe(200);
  return studioId;
}

async function slots(ctx: TestContext, studioId: string): Promise<VisitSlot[]> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/visits/slots?studio=${studioId}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<VisitSlot[]>();
}

let address = 0;
const book = (ctx: TestContext, body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/visits', payload: body, remoteAddress: `10.27.0.${++address}` });

const when = (locale: string, iso: string) => new Intl.DateTimeFormat(locale, { timeZone: ZONE, dateStyle: 'full', timeStyle: 'short' }).format(new Date(iso));
/** The calendar event of a mail, parsed by ical.js (an independent parser). */
function eventOf(message: ParsedMail) {
  const part = message.attachments.find((a) => a.contentType.startsWith('text/calendar') || a.contentType === 'application/ics');
  expect(part, `calendar in "${message.subject}"`).toBeDefined();
  const event = new ICAL.Component(ICAL.parse(part!.content.toString('utf8'))).getFirstSubcomponent('vevent')!;
  return {
    summary: String(event.getFirstPropertyValue('summary')),
    description: String(event.getFirstPropertyValue('description')),
    uid: String(event.getFirstPropertyValue('uid')),
  };
}
const to = (message: ParsedMail) => JSON.stringify(message.to).toLowerCase();

/** Runs the app's visit jobs once and returns the mails they sent (visitor's and staff's). */
async function sendQueued(ctx: TestContext, count: number): Promise<ParsedMail[]> {
  const before = mail.messages.length;
  await ctx.app.visitJobs.runOnce();
  return (await mail.waitFor(before + count)).slice(before);
}

describeEachDatabase(
  'site visits in the page language',
  (ctx) => {
    let studio = '';
    beforeAll(async () => {
      studio = await addStudio(ctx, 'Lake Studio');
    });
    beforeEach(async () => {
      await ctx.app.visitJobs.runOnce(); // what earlier tests left queued
    });

    it('mails a visit booked in Hindi in Hindi: subject, lines, the date in hi-IN, the manage link under /hi/; staff read English', async () => {
      const slot = (await slots(ctx, studio))[4]!;
      const res = await book(ctx, { slotStart: slot.start, studioId: studio, email: 'hindi.visitor@example.com', name: 'Meera', language: 'hi' });
      expect(res.statusCode, res.body).toBe(201);
      const booked = res.json<BookedVisit>();
      expect(booked.manageUrl).toMatch(new RegExp(`/hi/visit\\?id=${booked._id}&token=`));
      const row = await ctx.database.db.selectFrom('visits').select('language').where('id', '=', booked._id).executeTakeFirstOrThrow();
      expect(row.language).toBe('hi');

      const sent = await sendQueued(ctx, 2);
      const visitor = sent.find((m) => to(m).includes('hindi.visitor@example.com'))!;
      const staff = sent.find((m) => m !== visitor)!;
      const hiWhen = when('hi-IN', slot.start);
      expect(hiWhen).toMatch(DEVANAGARI);
      expect(visitor.subject).toBe(`साइट विज़िट बुक हो गई: Lake Studio, ${hiWhen}`);
      const text = visitor.text!.trim();
      expect(text.split('\n\n')).toEqual([
        `आपकी साइट विज़िट: Lake Studio, ${hiWhen} (${ZONE} समय)।`,
        expect.stringMatching(new RegExp(`^समय बदलने या विज़िट रद्द करने के लिए: http://[^/]+/hi/visit\\?id=${booked._id}&token=[\\w.-]+$`)),
        'साथ में लगा निमंत्रण इसे Google Calendar, Outlook या Apple Calendar में जोड़ देता है।',
        // The unsubscribe page in the mail's language.
        `सदस्यता छोड़ें: http://localhost/hi/unsubscribe?token=${unsubscribeToken(ctx.config.jwtSecret, 'hindi.visitor@example.com')}`,
      ]);
      expect(visitor.html).toContain(`<p>आपकी साइट विज़िट: Lake Studio, ${hiWhen} (${ZONE} समय)।</p>`);
      expect(text).not.toMatch(/Your site visit|To move or cancel|\/\/[^/\s]+\/visit\?/);
      // The link in the mail opens the Hindi manage page, which reads the visit through the same API.
      const link = new URL(/http:\/\/\S+/.exec(text)![0]);
      const token = link.searchParams.get('token')!;
      expect((await ctx.app.inject({ method: 'GET', url: `/api/visits/${booked._id}?token=${encodeURIComponent(token)}` })).statusCode).toBe(200);
      const page = await ctx.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<html lang="hi"');
      // The visitor's calendar event is titled in Hindi; staff's invitation (same UID) stays English.
      expect(eventOf(visitor)).toEqual({
        summary: 'साइट विज़िट: Lake Studio',
        description: `आपकी साइट विज़िट: Lake Studio। समय बदलने या विज़िट रद्द करने के लिए: ${link.href}`,
        uid: `visit-${booked._id}@abode`,
      });
      expect(eventOf(staff)).toMatchObject({ summary: 'Site visit at Lake Studio', uid: `visit-${booked._id}@abode` });
      // Staff: English, as before.
      expect(staff.subject).toBe(`Site visit booked: Lake Studio, ${when('en-IN', slot.start)} (Meera <hindi.visitor@example.com>)`);
      expect(staff.text).not.toMatch(DEVANAGARI);

      // Moved and cancelled through the link: still Hindi, the answers' link still under /hi/.
      const later = (await slots(ctx, studio))[7]!;
      const moved = await ctx.app.inject({ method: 'POST', url: `/api/visits/${booked._id}/reschedule`, payload: { token, slotStart: later.start } });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json<BookedVisit>().manageUrl).toContain('/hi/visit?id=');
      const movedMail = (await sendQueued(ctx, 2)).find((m) => to(m).includes('hindi.visitor@example.com'))!;
      expect(movedMail.subject).toBe(`साइट विज़िट का समय बदल गया: Lake Studio, ${when('hi-IN', later.start)}`);
      const cancelled = await ctx.app.inject({ method: 'POST', url: `/api/visits/${booked._id}/cancel`, payload: { token } });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const cancelMail = (await sendQueued(ctx, 2)).find((m) => to(m).includes('hindi.visitor@example.com'))!;
      expect(cancelMail.subject).toBe(`साइट विज़िट रद्द हो गई: Lake Studio, ${when('hi-IN', later.start)}`);
      expect(cancelMail.text!.trim().split('\n\n')).toEqual([
        `Lake Studio में ${when('hi-IN', later.start)} की आपकी साइट विज़िट रद्द कर दी गई है।`,
        'आप हमारी साइट पर कोई दूसरा समय बुक कर सकते हैं।',
        'साथ में लगा रद्दीकरण इसे Google Calendar, Outlook या Apple Calendar से हटा देता है।',
        `सदस्यता छोड़ें: http://localhost/hi/unsubscribe?token=${unsubscribeToken(ctx.config.jwtSecret, 'hindi.visitor@example.com')}`,
      ]);
    });

    it('reminds a visitor who booked in Hindi in Hindi, a day and 2 hours before (controlled clock)', async () => {
      const slot = (await slots(ctx, studio)).find((s) => Date.parse(s.start) > Date.now() + 3 * 24 * HOUR)!;
      const res = await book(ctx, { slotStart: slot.start, studioId: studio, email: 'hindi.reminder@example.com', language: 'hi' });
      expect(res.statusCode, res.body).toBe(201);
      const { _id: id } = res.json<BookedVisit>();
      await sendQueued(ctx, 2); // the invitation
      const start = Date.parse(slot.start);
      let now = new Date(start - 23 * HOUR);
      const jobs = new VisitJobs({
        db: ctx.database.db,
        send: (m) => ctx.app.mailer.send(m),
        studio: async () => ({ name: 'Test Studio', email: 'studio@abode.test', address: '1 Test Street', timeZone: ZONE }),
        staffRecipients: async () => ['owner@abode.test'],
        siteUrl: 'http://localhost',
        secret: ctx.config.jwtSecret,
        now: () => now,
      });
      const remindersTo = async (expected: number) => {
        const before = mail.messages.length;
        expect((await jobs.runOnce()).reminders).toBeGreaterThanOrEqual(1);
        const sent = (await mail.waitFor(before + expected)).slice(before);
        return sent.filter((m) => to(m).includes('hindi.reminder@example.com'));
      };
      const [day] = await remindersTo(2);
      const hiWhen = when('hi-IN', slot.start);
      expect(day!.subject).toBe(`याद रहे: कल आपकी साइट विज़िट है — Lake Studio, ${hiWhen}`);
      expect(day!.text).toContain(`आपकी साइट विज़िट: Lake Studio, ${hiWhen} (${ZONE} समय)।`);
      expect(day!.text).toContain(`http://localhost/hi/visit?id=${id}&token=`);
      now = new Date(start - 2 * HOUR + 60_000);
      const [hours] = await remindersTo(2);
      expect(hours!.subject).toBe(`याद रहे: 2 घंटे बाद आपकी साइट विज़िट है — Lake Studio, ${hiWhen}`);
      expect(hours!.text).toMatch(DEVANAGARI);
      expect(hours!.text).not.toMatch(/Reminder|Your site visit/);
    });

    it('mails a visit booked without a language exactly as before, in English', async () => {
      const slot = (await slots(ctx, studio))[10]!;
      const res = await book(ctx, { slotStart: slot.start, studioId: studio, email: 'english.visitor@example.com' });
      expect(res.statusCode, res.body).toBe(201);
      const booked = res.json<BookedVisit>();
      expect(booked.manageUrl).toMatch(new RegExp(`^http://[^/]+/visit\\?id=${booked._id}&token=`));
      expect((await ctx.database.db.selectFrom('visits').select('language').where('id', '=', booked._id).executeTakeFirstOrThrow()).language).toBe('en');
      const visitor = (await sendQueued(ctx, 2)).find((m) => to(m).includes('english.visitor@example.com'))!;
      const enWhen = when('en-IN', slot.start);
      const link = /To move or cancel it: (\S+)/.exec(visitor.text ?? '')![1]!;
      expect(link).toMatch(new RegExp(`^http://[^/]+/visit\\?id=${booked._id}&token=[\\w.-]+$`));
      const lines = [
        `Your site visit at Lake Studio: ${enWhen} (${ZONE}).`,
        `To move or cancel it: ${link}`,
        'The attached invitation adds it to Google Calendar, Outlook or Apple Calendar.',
      ];
      expect(visitor.subject).toBe(`Site visit booked: Lake Studio, ${enWhen}`);
      // As before, and the unsubscribe page at the end (decision 0014: every visitor mail).
      const unsubscribe = `http://localhost/unsubscribe?token=${unsubscribeToken(ctx.config.jwtSecret, 'english.visitor@example.com')}`;
      expect(visitor.text!.trim()).toBe([...lines, `Unsubscribe: ${unsubscribe}`].join('\n\n'));
      expect(String(visitor.html).trim()).toBe(
        lines.map((l) => `<p>${l.replace(/&/g, '&#38;')}</p>`).join('') +
          `<p style="font-size:12px">${en['mail.unsubscribeAsk']}<a href="${unsubscribe}">${en['mail.unsubscribeLink']}</a>.</p>`,
      );
      expect(eventOf(visitor)).toEqual({
        summary: 'Site visit at Lake Studio',
        description: `Your site visit at Lake Studio. To move or cancel it: ${link}`,
        uid: `visit-${booked._id}@abode`,
      });
    });

    it('refuses a language the site does not have, with a message that names the languages', async () => {
      const slot = (await slots(ctx, studio))[12]!;
      const res = await book(ctx, { slotStart: slot.start, studioId: studio, email: 'odd.language@example.com', language: 'xx' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', errors: [{ field: expect.stringContaining('language'), message: LANGUAGE_FIELD_MESSAGE }] });
      expect(LANGUAGE_FIELD_MESSAGE).toBe('language must be one of: en, hi.');
      expect(await ctx.database.db.selectFrom('visits').select('id').where('email', '=', 'odd.language@example.com').execute()).toEqual([]);
    });
  },
  () => ({
    notify: {
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
