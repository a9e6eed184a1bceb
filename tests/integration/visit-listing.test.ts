import { afterAll, beforeAll, expect, it } from 'vitest';
import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import { DEFAULT_SLOT_SETTINGS, type SlotSettings, type Visit, type VisitSlot } from '#shared/visits/visits.contract';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { multipart } from '../helpers/multipart';
import { testImage } from '../helpers/images';
import { startMailServer, type MailServer } from '../helpers/mail-server';

/**
 * A site visit booked from a home's page keeps the home: the booking carries its id, the visit
 * stores it (named as it was then), and the visitor's and staff's mails, the invitation and the
 * lead's visits name it; the invitation's LOCATION is the studio's street address. Invitations are
 * read back by ical.js, an independent parser.
 */
const SITE = 'https://homes.example';
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
  seats: 2,
  daysAhead: 10,
};

async function add(ctx: TestContext, kind: 'studio' | 'project', fields: Record<string, string>): Promise<string> {
  const body = await multipart(fields, { bytes: await testImage('png'), filename: 'x.png', type: 'image/png' });
  const res = await ctx.asStaff({ method: 'POST', url: `/api/${kind}/add`, payload: body.payload, headers: body.headers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ _id: string }>()._id;
}

function calendarOf(message: ParsedMail) {
  const part = message.attachments.find((a) => a.contentType.startsWith('text/calendar') || a.contentType === 'application/ics');
  expect(part, `calendar in "${message.subject}"`).toBeDefined();
  const event = new ICAL.Component(ICAL.parse(part!.content.toString('utf8'))).getFirstSubcomponent('vevent')!;
  return {
    summary: String(event.getFirstPropertyValue('summary')),
    location: String(event.getFirstPropertyValue('location')),
    description: String(event.getFirstPropertyValue('description')),
  };
}

describeEachDatabase(
  'a site visit booked from a home’s page',
  (ctx) => {
    let studio = '';
    let home = '';
    beforeAll(async () => {
      studio = await add(ctx, 'studio', {
        title: 'Indiranagar Studio',
        address: '680, 100 Feet Road, Indiranagar, Bengaluru 560038',
        gmaplink: 'https://maps.example/indiranagar',
      });
      home = await add(ctx, 'project', {
        name: 'Lakeside Residency',
        area: 'Whitefield, Bengaluru',
        squareft: '1450',
        sizeofunit: '3 BHK',
        dateofcomplition: '15-12-2027',
        gmaplink: 'https://maps.example/lakeside',
      });
      const res = await ctx.asStaff({ method: 'PUT', url: `/api/visits/settings/${studio}`, payload: ALL_WEEK });
      expect(res.statusCode, res.body).toBe(200);
    });

    it('names the home in both mails, the invitation and the lead’s visits; LOCATION is the studio’s street address', async () => {
      await ctx.app.visitJobs.runOnce();
      const [slot] = (await ctx.app.inject({ method: 'GET', url: `/api/visits/slots?studio=${studio}` })).json<VisitSlot[]>();
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/visits',
        payload: { slotStart: slot!.start, studioId: studio, email: 'home.visit@example.com', name: 'Asha', listingId: home },
        remoteAddress: '10.26.9.1',
      });
      expect(res.statusCode, res.body).toBe(201);
      mail.messages.length = 0;
      await ctx.app.visitJobs.runOnce();
      const messages = await mail.waitFor(2);
      const visitor = messages.find((m) => JSON.stringify(m.to).includes('home.visit@example.com'))!;
      const staff = messages.find((m) => JSON.stringify(m.to).includes('owner@abode.test'))!;
      const page = `${SITE}/viewProjects/${home}`;
      expect(visitor.text).toContain(`The home you asked to see: Lakeside Residency, ${page}`);
      expect(staff.text).toContain(`Home: Lakeside Residency — ${page}`);
      for (const message of [visitor, staff]) {
        const invite = calendarOf(message);
        expect(invite.summary).toContain('Lakeside Residency');
        expect(invite.description).toContain(`Lakeside Residency: ${page}`);
        expect(invite.location).toBe('Indiranagar Studio, 680, 100 Feet Road, Indiranagar, Bengaluru 560038');
      }

      const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(slot!.start));
      const visits = (await ctx.asStaff({ method: 'GET', url: `/api/visits?day=${day}` })).json<Visit[]>();
      const visit = visits.find((v) => v._id === res.json<{ _id: string }>()._id)!;
      expect(visit.listing).toEqual({ id: home, name: 'Lakeside Residency' });
      const ofLead = (await ctx.asStaff({ method: 'GET', url: `/api/visits/lead/${visit.leadId}` })).json<Visit[]>();
      expect(ofLead[0]!.listing).toEqual({ id: home, name: 'Lakeside Residency' });
    });

    it('books as before without a home, and without one for an id that is no listing', async () => {
      await ctx.app.visitJobs.runOnce();
      const slots = (await ctx.app.inject({ method: 'GET', url: `/api/visits/slots?studio=${studio}` })).json<VisitSlot[]>();
      const plain = await ctx.app.inject({
        method: 'POST',
        url: '/api/visits',
        payload: { slotStart: slots[3]!.start, studioId: studio, email: 'plain.visit@example.com' },
        remoteAddress: '10.26.9.2',
      });
      expect(plain.statusCode, plain.body).toBe(201);
      const gone = await ctx.app.inject({
        method: 'POST',
        url: '/api/visits',
        payload: { slotStart: slots[4]!.start, studioId: studio, email: 'gone.visit@example.com', listingId: 'no-such-home' },
        remoteAddress: '10.26.9.3',
      });
      expect(gone.statusCode, gone.body).toBe(201);
      mail.messages.length = 0;
      await ctx.app.visitJobs.runOnce();
      const messages = await mail.waitFor(4);
      for (const m of messages) expect(m.text).not.toContain('The home you asked to see');
      for (const m of messages) expect(calendarOf(m).location).toBe('Indiranagar Studio, 680, 100 Feet Road, Indiranagar, Bengaluru 560038');
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
