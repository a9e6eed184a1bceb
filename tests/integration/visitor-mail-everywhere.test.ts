import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import { DEFAULT_SLOT_SETTINGS, VISIT_MESSAGES, type BookedVisit, type SlotSettings, type VisitSlot } from '#shared/visits/visits.contract';
import { PRIVACY_API } from '#shared/privacy/privacy.api';
import { en } from '#shared/i18n/messages/en';
import { hi } from '#shared/i18n/messages/hi';
import { unsubscribeToken } from '#server/features/consent/consent.service';
import { attendeeName } from '#server/features/visits/visit-invite';
import { describeEachDatabase, drainNotifications, type TestContext } from '../helpers/app';
import { multipart } from '../helpers/multipart';
import { testImage } from '../helpers/images';
import { startMailServer, type MailServer } from '../helpers/mail-server';
import { createActiveCampaign, surveyText } from '../factories/campaigns';
import type { EmailAddResult } from '#shared/responses/responses.contract';

/*
 * Decision 0014 for every visitor mail, not only the survey's: site-visit invitations, updates and
 * privacy-request confirmations are limited per recipient and per client address, skip the
 * unsubscribed (privacy confirmations excepted), carry the RFC 8058 headers; seats per person are bounded.
 */

const SITE = 'https://abode.example';
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
  seats: 20,
  daysAhead: 10,
};
const addressed = (m: ParsedMail, email: string) =>
  JSON.stringify(m.to ?? '')
    .toLowerCase()
    .includes(email);
/** A header as it was sent (mailparser folds List-* headers into one parsed `list` entry). */
const rawHeader = (m: ParsedMail, name: string) =>
  m.headerLines
    .find((h) => h.key === name)
    ?.line.slice(name.length + 1)
    .trim()
    .replace(/\r?\n\s+/g, ' ');

let address = 0;
const nextAddress = () => `10.60.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

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

const book = (ctx: TestContext, body: Record<string, unknown>, remoteAddress = nextAddress()) =>
  ctx.app.inject({ method: 'POST', url: '/api/visits', payload: body, remoteAddress });

/** Runs the visit jobs until nothing is queued; answers what arrived meanwhile. */
async function sendVisitMail(ctx: TestContext): Promise<ParsedMail[]> {
  const before = mail.messages.length;
  for (let i = 0; i < 10; i++) if ((await ctx.app.visitJobs.runOnce()).sent === 0) break;
  return mail.messages.slice(before);
}

describeEachDatabase(
  'every visitor mail is limited, unsubscribable and bounded (decision 0014)',
  (ctx) => {
    let studio = '';
    let offered: VisitSlot[] = [];
    beforeAll(async () => {
      studio = await addStudio(ctx, 'Cap Studio');
      offered = (await ctx.app.inject({ method: 'GET', url: `/api/visits/slots?studio=${studio}` })).json<VisitSlot[]>();
    });
    beforeEach(async () => {
      await sendVisitMail(ctx);
      mail.messages.length = 0;
    });

    it('sends 12 privacy requests for one inbox, from 12 addresses, as 3 mails (the hour limit); each with the RFC 8058 headers', async () => {
      for (let i = 0; i < 12; i++) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: PRIVACY_API.requests(),
          payload: { email: 'Target.Inbox@example.com', kind: i % 2 ? 'erase' : 'export' },
          remoteAddress: nextAddress(),
        });
        expect(res.statusCode).toBe(202);
      }
      const arrived = mail.messages.filter((m) => addressed(m, 'target.inbox@example.com'));
      expect(arrived).toHaveLength(3);
      const token = unsubscribeToken(ctx.config.jwtSecret, 'target.inbox@example.com');
      for (const m of arrived) {
        expect(rawHeader(m, 'list-unsubscribe')).toBe(`<${SITE}/api/unsubscribe?token=${token}>`);
        expect(rawHeader(m, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      }
    });

    it('sends at most 10 privacy mails an hour caused by one client address, to any inboxes', async () => {
      for (let i = 0; i < 14; i++) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: PRIVACY_API.requests(),
          payload: { email: `spray${i}@example.com`, kind: 'export' },
          remoteAddress: '10.61.0.1',
        });
        expect(res.statusCode).toBe(202);
      }
      expect(mail.messages.filter((m) => /spray\d+@example\.com/.test(JSON.stringify(m.to)))).toHaveLength(10);
    });

    it('still confirms a privacy request for an unsubscribed address: asking for one’s data must work', async () => {
      const token = unsubscribeToken(ctx.config.jwtSecret, 'left.but.asks@example.com');
      expect((await ctx.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: { token } })).statusCode).toBe(200);
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: PRIVACY_API.requests(),
            payload: { email: 'left.but.asks@example.com', kind: 'erase' },
            remoteAddress: nextAddress(),
          })
        ).statusCode,
      ).toBe(202);
      expect(mail.messages.filter((m) => addressed(m, 'left.but.asks@example.com'))).toHaveLength(1);
    });

    it("counts them with the survey's confirmations: an inbox that had its 3 privacy mails gets no survey confirmation this hour", async () => {
      for (let i = 0; i < 3; i++) {
        expect(
          (
            await ctx.app.inject({
              method: 'POST',
              url: PRIVACY_API.requests(),
              payload: { email: 'shared.budget@example.com', kind: 'export' },
              remoteAddress: nextAddress(),
            })
          ).statusCode,
        ).toBe(202);
      }
      const campaignId = await createActiveCampaign(ctx, {
        name: 'Budget survey',
        questions: surveyText({ pages: [{ name: 'p1', elements: [{ type: 'comment', name: 'notes', title: 'Anything else?' }] }] }),
      });
      const from = nextAddress();
      const added = await ctx.app.inject({
        method: 'POST',
        url: '/api/email/add',
        payload: { email: 'shared.budget@example.com', campaignid: campaignId },
        remoteAddress: from,
      });
      const emailId = added.json<EmailAddResult>().emailID;
      const done = await ctx.app.inject({
        method: 'POST',
        url: `/api/campaign/response/${campaignId}`,
        payload: { response: { email: 'shared.budget@example.com', emailId, answer: { notes: 'hello' } } },
        remoteAddress: from,
      });
      expect(done.statusCode, done.body).toBe(200);
      await drainNotifications(ctx);
      expect(mail.messages.filter((m) => addressed(m, 'shared.budget@example.com'))).toHaveLength(3);
      const held = await ctx.database.db
        .selectFrom('notificationDeliveries as d')
        .innerJoin('notificationEvents as e', 'e.id', 'd.eventId')
        .select(['d.status', 'd.lastError'])
        .where('d.channel', '=', 'visitor_email')
        .where('e.email', '=', 'shared.budget@example.com')
        .execute();
      expect(held).toEqual([{ status: 'skipped', lastError: expect.stringMatching(/already had its visitor mail/) }]);
    });

    it('holds one e-mail to 2 upcoming visits: 12 concurrent bookings → 2 seats, 10 × 409 with a sentence; 2 visitor mails', async () => {
      const answers = await Promise.all(
        offered.slice(0, 12).map((slot) => book(ctx, { slotStart: slot.start, studioId: studio, email: 'hoarder@example.com' })),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 201)).toHaveLength(2);
      expect(codes.filter((c) => c === 409)).toHaveLength(10);
      for (const a of answers.filter((x) => x.statusCode === 409))
        expect(a.json()).toEqual({ message: VISIT_MESSAGES.tooManyUpcoming, code: 'TOO_MANY_VISITS', key: 'msg.visit.tooManyUpcoming' });
      const held = await ctx.database.db.selectFrom('visits').select('id').where('email', '=', 'hoarder@example.com').execute();
      expect(held).toHaveLength(2);
      const sent = await sendVisitMail(ctx);
      expect(sent.filter((m) => addressed(m, 'hoarder@example.com'))).toHaveLength(2);
      // The visitor's page shows it in their language.
      expect(en['msg.visit.tooManyUpcoming']).toBe(VISIT_MESSAGES.tooManyUpcoming);
      expect(hi['msg.visit.tooManyUpcoming']).toMatch(/[\u0900-\u097F]/);
    });

    it('lets one client address book a few visits a day: past it, 429 with a sentence', async () => {
      const answers = [];
      for (let i = 0; i < 9; i++)
        answers.push(await book(ctx, { slotStart: offered[20 + i]!.start, studioId: studio, email: `filler${i}@example.com` }, '10.62.0.1'));
      const codes = answers.map((a) => a.statusCode);
      expect(codes.slice(0, 6)).toEqual([201, 201, 201, 201, 201, 201]);
      expect(codes.slice(6)).toEqual([429, 429, 429]);
      expect(answers[8]!.json()).toEqual({ message: VISIT_MESSAGES.tooManyFromAddress, code: 'RATE_LIMITED', key: 'msg.visit.tooManyFromAddress' });
      expect(en['msg.visit.tooManyFromAddress']).toBe(VISIT_MESSAGES.tooManyFromAddress);
      expect(hi['msg.visit.tooManyFromAddress']).toMatch(/[\u0900-\u097F]/);
    });

    it('limits booking, move and cancel mails to one inbox to 3 an hour; staff hear of each', async () => {
      const visitor = 'cycler@example.com';
      const cycle = async (slot: VisitSlot) => {
        const res = await book(ctx, { slotStart: slot.start, studioId: studio, email: visitor });
        expect(res.statusCode, res.body).toBe(201);
        const booked = res.json<BookedVisit>();
        const token = new URL(booked.manageUrl).searchParams.get('token')!;
        const cancelled = await ctx.app.inject({ method: 'POST', url: `/api/visits/${booked._id}/cancel`, payload: { token }, remoteAddress: nextAddress() });
        expect(cancelled.statusCode, cancelled.body).toBe(200);
      };
      for (const slot of offered.slice(40, 43)) await cycle(slot);
      const sent = await sendVisitMail(ctx);
      expect(sent.filter((m) => addressed(m, visitor))).toHaveLength(3);
      expect(sent.filter((m) => !addressed(m, visitor) && /^Site visit (booked|cancelled)/.test(m.subject ?? ''))).toHaveLength(6);
    });

    it('sends no booking mail to an unsubscribed address (staff still hear of it); a sent one has the headers', async () => {
      const token = unsubscribeToken(ctx.config.jwtSecret, 'gone@example.com');
      expect((await ctx.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: { token } })).statusCode).toBe(200);
      expect((await book(ctx, { slotStart: offered[50]!.start, studioId: studio, email: 'Gone@Example.com' })).statusCode).toBe(201);
      expect((await book(ctx, { slotStart: offered[51]!.start, studioId: studio, email: 'stays@example.com' })).statusCode).toBe(201);
      const sent = await sendVisitMail(ctx);
      expect(sent.filter((m) => addressed(m, 'gone@example.com') && !addressed(m, 'abode.test'))).toEqual([]);
      expect(
        sent.filter((m) => /^Site visit booked/.test(m.subject ?? '') && JSON.stringify(m.subject).toLowerCase().includes('gone@example.com')),
      ).toHaveLength(1);
      const kept = sent.find((m) => addressed(m, 'stays@example.com'))!;
      expect(kept).toBeDefined();
      expect(rawHeader(kept, 'list-unsubscribe')).toBe(`<${SITE}/api/unsubscribe?token=${unsubscribeToken(ctx.config.jwtSecret, 'stays@example.com')}>`);
      expect(rawHeader(kept, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    });

    it('shows the unsubscribe link in the body of visit and privacy mails too, on the page of the mail’s language', async () => {
      const pageOf = (email: string, prefix: string) => `${SITE}${prefix}/unsubscribe?token=${unsubscribeToken(ctx.config.jwtSecret, email)}`;
      expect((await book(ctx, { slotStart: offered[60]!.start, studioId: studio, email: 'body.en@example.com' })).statusCode).toBe(201);
      expect((await book(ctx, { slotStart: offered[61]!.start, studioId: studio, email: 'body.hi@example.com', language: 'hi' })).statusCode).toBe(201);
      const sent = await sendVisitMail(ctx);
      const enVisit = sent.find((m) => addressed(m, 'body.en@example.com'))!;
      const hiVisit = sent.find((m) => addressed(m, 'body.hi@example.com'))!;
      expect(enVisit.text).toContain(en['mail.unsubscribeText'].replace('{url}', pageOf('body.en@example.com', '')));
      expect(enVisit.html).toContain(`href="${pageOf('body.en@example.com', '')}"`);
      expect(hiVisit.text).toContain(hi['mail.unsubscribeText']!.replace('{url}', pageOf('body.hi@example.com', '/hi')));
      // Staff's copy is not a visitor mail: no unsubscribe line there.
      expect(sent.filter((m) => !addressed(m, 'example.com')).every((m) => !(m.text ?? '').includes('/unsubscribe?token='))).toBe(true);

      mail.messages.length = 0;
      for (const [email, language] of [
        ['privacy.en@example.com', 'en'],
        ['privacy.hi@example.com', 'hi'],
      ] as const) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: PRIVACY_API.requests(),
          payload: { email, kind: 'export', language },
          remoteAddress: nextAddress(),
        });
        expect(res.statusCode, res.body).toBe(202);
      }
      const enPrivacy = mail.messages.find((m) => addressed(m, 'privacy.en@example.com'))!;
      const hiPrivacy = mail.messages.find((m) => addressed(m, 'privacy.hi@example.com'))!;
      expect(enPrivacy.text).toContain(en['mail.unsubscribeText'].replace('{url}', pageOf('privacy.en@example.com', '')));
      expect(hiPrivacy.text).toContain(hi['mail.unsubscribeText']!.replace('{url}', pageOf('privacy.hi@example.com', '/hi')));
      expect(hiPrivacy.html).toContain(`href="${pageOf('privacy.hi@example.com', '/hi')}"`);
    });

    it('a visit mail retried for staff (their server said "try later") is not sent to the visitor again', async () => {
      expect((await book(ctx, { slotStart: offered[62]!.start, studioId: studio, email: 'once@example.com' })).statusCode).toBe(201);
      mail.refuseNext(1, 'owner@abode.test');
      expect(await ctx.app.visitJobs.runOnce()).toMatchObject({ sent: 0, failed: 1 });
      // Time passes: the retry is due.
      await ctx.database.db.updateTable('visitMails').set({ lockedUntil: null }).where('sentAt', 'is', null).execute();
      expect(await ctx.app.visitJobs.runOnce()).toMatchObject({ sent: 1, failed: 0 });
      expect(mail.messages.filter((m) => addressed(m, 'once@example.com') && !addressed(m, 'abode.test'))).toHaveLength(1);
      expect(mail.messages.filter((m) => addressed(m, 'owner@abode.test'))).toHaveLength(1);
    });

    it('names the attendee by a cleaned, bounded name, never one that could pass for the studio; the organizer is the studio', async () => {
      const hostile = 'Asha\r\nORGANIZER;CN=Cap Studio:mailto:evil@example.net\u202e' + 'x'.repeat(40);
      expect((await book(ctx, { slotStart: offered[60]!.start, studioId: studio, email: 'ics.person@example.com', name: hostile })).statusCode).toBe(201);
      expect(
        (await book(ctx, { slotStart: offered[61]!.start, studioId: studio, email: 'long.name@example.com', name: `Asha\u0007 ${'R'.repeat(100)}` }))
          .statusCode,
      ).toBe(201);
      const sent = await sendVisitMail(ctx);
      const calendarOf = (m: ParsedMail) => {
        const part = m.attachments.find((a) => a.contentType.startsWith('text/calendar') || a.contentType === 'application/ics')!;
        const raw = part.content.toString('utf8');
        const event = new ICAL.Component(ICAL.parse(raw)).getFirstSubcomponent('vevent')!;
        return { raw, event };
      };
      const hostileMail = sent.find((m) => addressed(m, 'ics.person@example.com'))!;
      const { raw, event } = calendarOf(hostileMail);
      expect(event.getAllProperties('organizer')).toHaveLength(1);
      expect(String(event.getFirstPropertyValue('organizer')).toLowerCase()).toBe('mailto:studio@abode.test');
      const attendees = event.getAllProperties('attendee');
      expect(attendees).toHaveLength(1);
      expect(String(attendees[0]!.getFirstValue()).toLowerCase()).toBe('mailto:ics.person@example.com');
      expect(attendees[0]!.getParameter('cn')).toBeUndefined();
      expect(raw).not.toContain('evil@example.net');
      const longMail = sent.find((m) => addressed(m, 'long.name@example.com'))!;
      const cn = String(calendarOf(longMail).event.getFirstProperty('attendee')!.getParameter('cn'));
      expect(cn.startsWith('Asha R')).toBe(true);
      expect(cn).not.toMatch(/\p{Cc}/u);
      expect([...cn].length).toBeLessThanOrEqual(60);
      expect(attendeeName('Meera Iyer', 'Cap Studio')).toEqual({ name: 'Meera Iyer' });
      expect(attendeeName('The Cap Studio team', 'Cap Studio')).toEqual({});
    });
  },
  () => ({
    publicBaseUrl: SITE,
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

describeEachDatabase(
  'the bookings per address a day follow VISIT_BOOKINGS_PER_ADDRESS_DAY',
  (ctx) => {
    it('refuses the third booking from one address when the setting is 2', async () => {
      const studio = await addStudio(ctx, 'Two a day');
      const offered = (await ctx.app.inject({ method: 'GET', url: `/api/visits/slots?studio=${studio}` })).json<VisitSlot[]>();
      const codes = [];
      for (let i = 0; i < 3; i++)
        codes.push((await book(ctx, { slotStart: offered[i]!.start, studioId: studio, email: `two${i}@example.com` }, '10.63.0.1')).statusCode);
      expect(codes).toEqual([201, 201, 429]);
    });
  },
  () => ({
    publicBaseUrl: SITE,
    visitBookingsPerAddressDay: 2,
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
