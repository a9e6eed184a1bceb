import { Webhook } from 'standardwebhooks';
import { afterAll, beforeEach, expect, it } from 'vitest';
import { CONTACT_MESSAGES, type ContactResponse } from '#shared/contact/contact.contract';
import type { PublicNotices } from '#shared/consent/consent.contract';
import type { LeadDetail } from '#shared/leads/leads.contract';
import { type WebhookCreated } from '#shared/notifications/notifications.contract';
import { WEBHOOKS_API } from '#shared/notifications/notifications.api';
import { PRIVACY_API } from '#shared/privacy/privacy.api';
import { describeEachDatabase, drainNotifications, type TestContext } from '../helpers/app';
import { testImage } from '../helpers/images';
import { startMailServer } from '../helpers/mail-server';
import { multipart } from '../helpers/multipart';
import { startWebhookReceiver } from '../helpers/webhook-receiver';

/*
 * "Ask about this home" (decision 0021): a message about one listing, sent by the JSON call or by a plain
 * form without script, reaches the staff's contact table, the person's lead (with the listing and
 * the phone in E.164), the staff e-mail (read from a real SMTP server) and signed webhooks (a real
 * HTTP receiver), each naming the listing and linking its page.
 */

const mail = await startMailServer();
const receiver = await startWebhookReceiver();
afterAll(async () => {
  await mail.close();
  await receiver.close();
});

const NOTIFY = {
  smtpUrl: mail.url,
  mailFrom: '"Test Studio" <studio@abode.test>',
  mailDir: '/nonexistent',
  notifyEmails: ['owner@abode.test'],
  confirmVisitors: false,
  allowPrivateWebhooks: true,
  dispatch: false,
};

const THANKS = 'Thank you for getting in touch! We will get back to you soon.';

async function addListing(ctx: TestContext, kind: 'project' | 'product', name: string): Promise<string> {
  const fields =
    kind === 'project'
      ? { name, area: 'Whitefield, Bengaluru', squareft: '1200', dateofcomplition: '15-12-2026', sizeofunit: '3 BHK', gmaplink: '' }
      : { productname: name, description: 'Woven rattan', price: '24000' };
  const body = await multipart(fields, { bytes: await testImage('png'), filename: 'p.png', type: 'image/png' });
  const res = await ctx.asStaff({ method: 'POST', url: `/api/${kind}/add`, payload: body.payload, headers: body.headers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ _id: string }>()._id;
}

function enquiry(overrides: Record<string, unknown> = {}) {
  return { firstname: 'Asha', email: 'asha.enquiry@example.com', message: 'Is the 3 BHK on a high floor still available?', ...overrides };
}

const sendJson = (ctx: TestContext, response: unknown, remoteAddress = '10.25.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/contactus/add', payload: { response } as object, remoteAddress });

const sendForm = (ctx: TestContext, fields: Record<string, string>, remoteAddress = '10.25.0.2') =>
  ctx.app.inject({
    method: 'POST',
    url: '/enquiry',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress,
  });

async function contactRows(ctx: TestContext): Promise<ContactResponse[]> {
  const res = await ctx.asStaff({ method: 'GET', url: '/api/contactus/get' });
  expect(res.statusCode).toBe(200);
  return res.json<ContactResponse[]>();
}

async function leadOf(ctx: TestContext, email: string): Promise<LeadDetail> {
  const row = await ctx.database.db.selectFrom('leads').select('id').where('emailKey', '=', email.toLowerCase()).executeTakeFirstOrThrow();
  const res = await ctx.asStaff({ method: 'GET', url: `/api/leads/${row.id}` });
  expect(res.statusCode).toBe(200);
  return res.json<LeadDetail>();
}

async function addEndpoint(ctx: TestContext): Promise<WebhookCreated> {
  const res = await ctx.asStaff({ method: 'POST', url: WEBHOOKS_API.create, payload: { url: receiver.url, events: ['contact.created'] } });
  expect(res.statusCode).toBe(201);
  return res.json<WebhookCreated>();
}

/** The hook's body, verified with the endpoint's secret as a receiver would (Standard Webhooks). */
function verified(hook: { headers: Record<string, unknown>; body: string }, secret: string) {
  const headers = Object.fromEntries(['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((h) => [h, String(hook.headers[h])]));
  return new Webhook(secret).verify(hook.body, headers) as { type: string; data: Record<string, unknown> };
}

describeEachDatabase(
  'listing enquiry',
  (ctx) => {
    let home: string;
    let piece: string;

    beforeEach(async () => {
      home ??= await addListing(ctx, 'project', 'Lakeside Residency');
      piece ??= await addListing(ctx, 'product', 'Cane Lounge Chair');
      await drainNotifications(ctx);
      mail.messages.length = 0;
      receiver.received.length = 0;
      await ctx.database.db.deleteFrom('webhookEndpoints').execute();
    });

    it('JSON: a site-visit enquiry about a home reaches the contact table, the lead, the staff e-mail and a signed webhook', async () => {
      const endpoint = await addEndpoint(ctx);
      const email = 'meera.visit@example.com';
      const res = await sendJson(ctx, enquiry({ firstname: 'Meera', email, phone: '098450 99999', listingId: home, topic: 'site visit' }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({ message: THANKS });

      // The staff's contact table: under Homes, with the listing as named, the topic and the phone.
      const row = (await contactRows(ctx)).find((r) => r.email === email)!;
      expect(row).toEqual({
        _id: expect.any(String),
        firstname: 'Meera',
        lastname: '',
        email,
        requestQuotation: 'Homes',
        message: 'Is the 3 BHK on a high floor still available?',
        date: expect.any(String),
        leadId: expect.any(String),
        phone: '+919845099999',
        listing: { kind: 'project', id: home, name: 'Lakeside Residency' },
        topic: 'site visit',
      });

      // The lead: the phone in E.164, the message with its listing.
      const lead = await leadOf(ctx, email);
      expect(lead).toMatchObject({ _id: row.leadId, name: 'Meera', phone: '+919845099999', sources: ['contact'] });
      expect(lead.activities).toEqual([
        expect.objectContaining({
          type: 'contact',
          requestQuotation: 'Homes',
          listing: { kind: 'project', id: home, name: 'Lakeside Residency' },
          topic: 'site visit',
          phone: '+919845099999',
        }),
      ]);

      await drainNotifications(ctx);
      // The staff e-mail names the listing and links its public page (the site's configured address).
      const [staff] = await mail.waitFor(1);
      const url = `http://localhost/viewProjects/${home}`;
      expect(staff!.subject).toBe('New lead: Meera — Site visit: Lakeside Residency');
      expect(staff!.text).toContain(`About: Lakeside Residency — ${url}`);
      expect(staff!.text).toContain('Interest: Site visit');
      expect(staff!.text).toContain('Phone: +91 98450 99999');
      const html = String(staff!.html);
      expect(html).toContain(`href="${url}"`);
      expect(html).toContain('Lakeside Residency</a>');
      expect(html).toContain('would like a site visit at Lakeside Residency');

      // The webhook: the listing with its URL, the topic, the phone; signed with the endpoint's secret.
      const [hook] = await receiver.waitFor(1);
      const body = verified(hook!, endpoint.secret);
      expect(body.type).toBe('contact.created');
      expect(body.data).toMatchObject({
        lead: { _id: row.leadId, email, name: 'Meera', phone: '+919845099999' },
        activity: { type: 'contact', requestQuotation: 'Homes', topic: 'site visit' },
        listing: { kind: 'project', id: home, name: 'Lakeside Residency', url },
      });
    });

    it('JSON: a question about a decor piece is kept under Carpet, "question" by default, with or without its kind', async () => {
      const email = 'ravi.decor@example.com';
      expect((await sendJson(ctx, enquiry({ email, listingId: piece }))).statusCode).toBe(201);
      expect(
        (await sendJson(ctx, enquiry({ email, listingId: piece, listingKind: 'product', lastname: 'Kumar', requestquotation: 'Budget' }))).statusCode,
      ).toBe(201);
      const rows = (await contactRows(ctx)).filter((r) => r.email === email);
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        // The listing decides the request quotation, whatever was sent with it.
        expect(row).toMatchObject({ requestQuotation: 'Carpet', listing: { kind: 'product', id: piece, name: 'Cane Lounge Chair' }, topic: 'question' });
        expect(row).not.toHaveProperty('phone');
      }
      await drainNotifications(ctx);
      const staff = await mail.waitFor(2);
      // One person: the lead keeps the first name it was given.
      expect(staff.map((m) => m.subject)).toEqual(['New lead: Asha — Cane Lounge Chair', 'New lead: Asha — Cane Lounge Chair']);
      for (const m of staff) {
        expect(m.text).toContain(`About: Cane Lounge Chair — http://localhost/viewProducts/${piece}`);
        expect(m.text).toContain('Interest: Question');
      }
    });

    it('refuses an unknown listing, or a listing of the other kind, with 400 and a clear message, storing nothing', async () => {
      const before = (await contactRows(ctx)).length;
      for (const response of [
        enquiry({ listingId: '0190f0f0-0000-7000-8000-000000000000' }),
        enquiry({ listingId: home, listingKind: 'product' }),
        enquiry({ listingId: '   ' }),
      ]) {
        const res = await sendJson(ctx, response);
        expect(res.statusCode, JSON.stringify(response)).toBe(400);
        expect(res.json()).toEqual({
          message: CONTACT_MESSAGES.listingUnknown,
          code: 'VALIDATION',
          key: 'msg.contact.listingUnknown',
          errors: [{ field: 'response.listingId', message: CONTACT_MESSAGES.listingUnknown, key: 'msg.contact.listingUnknown' }],
        });
      }
      const kind = await sendJson(ctx, enquiry({ listingId: home, listingKind: 'studio' }));
      expect(kind.statusCode).toBe(400);
      expect(kind.json().errors).toMatchObject([{ field: 'response.listingKind', message: CONTACT_MESSAGES.listingKindInvalid }]);
      const topic = await sendJson(ctx, enquiry({ listingId: home, topic: 'visit' }));
      expect(topic.json().errors).toMatchObject([{ field: 'response.topic', message: CONTACT_MESSAGES.topicInvalid }]);
      expect(await contactRows(ctx)).toHaveLength(before);
    });

    it('keeps a phone in E.164 (+91 when typed without a country), takes none when empty, and refuses one that is not a number', async () => {
      const cases: Array<[string, string | undefined]> = [
        ['98450 12345', '+919845012345'],
        ['+91 (0)98450 12346', '+919845012346'],
        ['91 98450 12347', '+919845012347'],
        ['+44 20 7946 0958', '+442079460958'],
        ['', undefined],
      ];
      for (const [typed, stored] of cases) {
        const email = `phone-${cases.findIndex((c) => c[0] === typed)}@example.com`;
        const res = await sendJson(ctx, enquiry({ email, phone: typed, listingId: home }));
        expect(res.statusCode, typed).toBe(201);
        const row = (await contactRows(ctx)).find((r) => r.email === email)!;
        expect(row.phone, typed).toBe(stored);
        expect((await leadOf(ctx, email)).phone, typed).toBe(stored ?? null);
      }
      for (const phone of ['call me', '12345', '98450 1234', '+91 98450 123456', '9'.repeat(40), 42]) {
        const res = await sendJson(ctx, enquiry({ phone, listingId: home }));
        expect(res.statusCode, String(phone)).toBe(400);
        expect(res.json().errors, String(phone)).toMatchObject([{ field: 'response.phone', message: CONTACT_MESSAGES.phoneInvalid }]);
      }
      // The contact form's own call takes a phone too, without a listing.
      const plain = await sendJson(ctx, {
        ...enquiry({ email: 'plain-phone@example.com', phone: '98450 22222' }),
        lastname: 'Rao',
        requestquotation: 'Budget',
      });
      expect(plain.statusCode).toBe(201);
      expect((await contactRows(ctx)).find((r) => r.email === 'plain-phone@example.com')).toMatchObject({ requestQuotation: 'Budget', phone: '+919845022222' });
      expect((await contactRows(ctx)).find((r) => r.email === 'plain-phone@example.com')).not.toHaveProperty('listing');
    });

    it('the specification call without the new fields answers and stores exactly as before', async () => {
      const spec = { firstname: 'Asha', lastname: 'Menon', email: 'spec-call@example.com', requestquotation: 'Partner', message: 'Partnership.' };
      const res = await sendJson(ctx, spec);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: THANKS });
      const row = (await contactRows(ctx)).find((r) => r.email === 'spec-call@example.com')!;
      expect(Object.keys(row).sort()).toEqual(['_id', 'date', 'email', 'firstname', 'lastname', 'leadId', 'message', 'requestQuotation']);
      expect(row).toMatchObject({ firstname: 'Asha', lastname: 'Menon', requestQuotation: 'Partner', message: 'Partnership.' });
      // Without a listing the last name and the request quotation are still required, with the specification's messages.
      const missing = await sendJson(ctx, { firstname: 'Asha', email: 'spec-call@example.com', message: 'Hi', phone: '98450 12345' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toMatchObject([
        { field: 'response.lastname', message: 'Please input your last name!' },
        { field: 'response.requestquotation', message: 'Please select a request quotation!' },
      ]);
      await drainNotifications(ctx);
      expect((await mail.waitFor(1))[0]!.subject).toBe('New lead: Asha Menon — Contact');
    });

    it('keeps the listing as it was named when the message came, after a rename and after a deletion', async () => {
      const kept = await addListing(ctx, 'project', 'Palm Grove');
      const email = 'rename@example.com';
      expect((await sendJson(ctx, enquiry({ email, listingId: kept }))).statusCode).toBe(201);
      const body = await multipart(
        {
          projectId: kept,
          name: 'Palm Grove II',
          area: 'Whitefield, Bengaluru',
          squareft: '1200',
          dateofcomplition: '15-12-2026',
          sizeofunit: '3 BHK',
          gmaplink: '',
        },
        { bytes: await testImage('png'), filename: 'p.png', type: 'image/png' },
      );
      expect((await ctx.asStaff({ method: 'POST', url: '/api/project/update', payload: body.payload, headers: body.headers })).statusCode).toBe(200);
      expect((await ctx.asStaff({ method: 'DELETE', url: `/api/project/delete/${kept}` })).statusCode).toBe(200);
      expect((await contactRows(ctx)).find((r) => r.email === email)!.listing).toEqual({ kind: 'project', id: kept, name: 'Palm Grove' });
      expect((await leadOf(ctx, email)).activities[0]!.listing).toEqual({ kind: 'project', id: kept, name: 'Palm Grove' });
      // A deleted listing can no longer be asked about.
      expect((await sendJson(ctx, enquiry({ listingId: kept }))).statusCode).toBe(400);
    });

    it('without script: the form post stores the message, with its consent, and sends the browser back to the listing (303)', async () => {
      const endpoint = await addEndpoint(ctx);
      const notices = (await ctx.app.inject({ method: 'GET', url: '/api/consent/notices' })).json<PublicNotices>();
      const email = 'no-script@example.com';
      const res = await sendForm(ctx, {
        listingKind: 'project',
        listingId: home,
        noticeVersion: String(notices.contact.version),
        firstname: 'Kabir',
        email,
        phone: '98450 77777',
        topic: 'site visit',
        message: 'Saturday morning?',
        website: '',
        newsletter: 'on',
      });
      expect(res.statusCode, res.body).toBe(303);
      // The page thanks the visitor for what they asked: a visit here.
      expect(res.headers.location).toBe(`/viewProjects/${home}?sent=visit#enquiry`);

      const row = (await contactRows(ctx)).find((r) => r.email === email)!;
      expect(row).toMatchObject({
        firstname: 'Kabir',
        lastname: '',
        requestQuotation: 'Homes',
        phone: '+919845077777',
        topic: 'site visit',
        listing: { kind: 'project', id: home, name: 'Lakeside Residency' },
      });
      const lead = await leadOf(ctx, email);
      expect(lead.phone).toBe('+919845077777');
      expect(lead.activities[0]).toMatchObject({ type: 'contact', listing: { id: home, name: 'Lakeside Residency' }, topic: 'site visit' });
      // The notice shown and the ticked newsletter box, as the contact form stores them.
      const consents = await ctx.database.db.selectFrom('consents').selectAll().where('leadId', '=', lead._id).execute();
      expect(consents.map((c) => [c.purpose, Boolean(c.granted), Number(c.noticeVersion)]).sort()).toEqual([
        ['contact', true, notices.contact.version],
        ['newsletter', true, notices.newsletter.version],
      ]);

      await drainNotifications(ctx);
      // The staff's "New lead" mail, and the visitor's newsletter confirmation (double opt-in, decision 0018).
      const subjects = (await mail.waitFor(2)).map((m) => m.subject).sort();
      expect(subjects).toEqual(['Confirm your newsletter — Test Studio', 'New lead: Kabir — Site visit: Lakeside Residency']);
      const body = verified((await receiver.waitFor(1))[0]!, endpoint.secret);
      expect(body.data).toMatchObject({
        listing: { kind: 'project', id: home, name: 'Lakeside Residency', url: `http://localhost/viewProjects/${home}` },
        activity: { topic: 'site visit' },
      });

      // A product goes back to its own page; an unticked box is no newsletter.
      const decor = await sendForm(ctx, { listingKind: 'product', listingId: piece, firstname: 'Kabir', email, message: 'Other colours?', topic: 'question' });
      expect(decor.statusCode).toBe(303);
      expect(decor.headers.location).toBe(`/viewProducts/${piece}?sent=1#enquiry`);
      // The enquiry page's own form comes back there; any other `back` is the listing's page.
      const fromPage = await sendForm(ctx, { listingKind: 'product', listingId: piece, back: 'enquiry', firstname: 'Kabir', email, message: 'Delivery?' });
      expect(fromPage.headers.location).toBe(`/enquiry?product=${piece}&sent=1#enquiry`);
      const elsewhere = await sendForm(ctx, {
        listingKind: 'product',
        listingId: piece,
        back: 'https://evil.example/',
        firstname: 'Kabir',
        email,
        message: 'Delivery?',
      });
      expect(elsewhere.headers.location).toBe(`/viewProducts/${piece}?sent=1#enquiry`);
    });

    it('without script: a refused message comes back as the form with the errors and everything typed, storing nothing', async () => {
      const before = (await contactRows(ctx)).length;
      const res = await sendForm(ctx, {
        listingKind: 'project',
        listingId: home,
        firstname: 'Tara <b>',
        email: 'not-an-email',
        phone: 'call me',
        topic: 'site visit',
        message: 'Is parking <included> & covered?',
        newsletter: 'on',
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      const html = res.body;
      expect(html).toContain('<h1>Ask about this home: Lakeside Residency</h1>');
      expect(html).toMatch(/role="alert"/);
      expect(html).toContain('The input is not valid E-mail!');
      expect(html).toContain(CONTACT_MESSAGES.phoneInvalid);
      // What was typed, escaped, in the fields; the choices as they were.
      expect(html).toContain('value="Tara &lt;b&gt;"');
      expect(html).toContain('value="not-an-email"');
      expect(html).toContain('value="call me"');
      expect(html).toContain('Is parking &lt;included&gt; &amp; covered?</textarea>');
      const tag = (marker: string) => html.match(new RegExp(`<input[^>]*${marker}[^>]*>`))?.[0] ?? '';
      expect(tag('value="site visit"')).toContain('checked');
      expect(tag('value="question"')).not.toContain('checked');
      expect(tag('name="newsletter"')).toContain('checked');
      expect(html).toContain(`name="listingId" value="${home}"`);
      expect(html).toContain('action="/enquiry"');
      expect(tag('id="enquiry-email"')).toContain('aria-invalid="true"');
      expect(tag('id="enquiry-email"')).toContain('aria-describedby="enquiry-email-error"');
      expect(html).toContain(`href="/viewProjects/${home}"`);
      expect(html).not.toContain('<b>');

      const unknown = await sendForm(ctx, { listingKind: 'product', listingId: 'gone', firstname: 'Tara', email: 'tara@example.com', message: 'Hello' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.body).toContain('Ask about this piece');
      expect(unknown.body).toContain(CONTACT_MESSAGES.listingUnknown.replace(/'/g, '&#x27;'));
      expect(unknown.body).toContain('href="/viewProducts"');

      const noListing = await sendForm(ctx, { firstname: 'Tara', email: 'tara@example.com', message: 'Hello' });
      expect(noListing.statusCode).toBe(400);
      expect(noListing.body).toContain(CONTACT_MESSAGES.listingUnknown.replace(/'/g, '&#x27;'));
      expect(noListing.body).not.toContain('last name');

      expect(await contactRows(ctx)).toHaveLength(before);
    });

    it('without script from a Hindi page: back to the Hindi page when stored, and a refusal comes back in Hindi', async () => {
      const email = 'no-script-hi@example.com';
      const sent = await sendForm(ctx, {
        listingKind: 'project',
        listingId: home,
        language: 'hi',
        firstname: 'कबीर',
        email,
        topic: 'site visit',
        message: 'शनिवार सुबह?',
      });
      expect(sent.statusCode, sent.body).toBe(303);
      expect(sent.headers.location).toBe(`/hi/viewProjects/${home}?sent=visit#enquiry`);
      const fromPage = await sendForm(ctx, {
        listingKind: 'product',
        listingId: piece,
        back: 'enquiry',
        language: 'hi',
        firstname: 'कबीर',
        email,
        message: 'डिलीवरी?',
      });
      expect(fromPage.headers.location).toBe(`/hi/enquiry?product=${piece}&sent=1#enquiry`);

      const refused = await sendForm(ctx, {
        listingKind: 'project',
        listingId: home,
        language: 'hi',
        firstname: 'तारा',
        email: 'not-an-email',
        topic: 'question',
        message: 'पार्किंग?',
      });
      expect(refused.statusCode).toBe(400);
      const html = refused.body;
      expect(html).toContain('<html lang="hi">');
      expect(html).toContain('<h1>इस घर के बारे में पूछें: Lakeside Residency</h1>');
      expect(html).toContain('आपका संदेश नहीं भेजा गया');
      // The rule's message in Hindi, not the contract's English.
      expect(html).not.toContain('The input is not valid E-mail!');
      expect(html).toMatch(/ई-मेल/);
      expect(html).toContain('name="language" value="hi"');
      expect(html).toContain(`href="/hi/viewProjects/${home}"`);
      expect(html).toContain('संदेश भेजें');
      // An unknown language is English, as before.
      const other = await sendForm(ctx, {
        listingKind: 'project',
        listingId: home,
        language: 'xx',
        firstname: 'Tara',
        email: 'not-an-email',
        message: 'Parking?',
      });
      expect(other.body).toContain('<html lang="en">');
      expect(other.body).toContain('The input is not valid E-mail!');
      expect(other.body).not.toContain('name="language"');
    });

    it('without script: a filled honeypot is answered like a person, and nothing is stored', async () => {
      const before = (await contactRows(ctx)).length;
      const res = await sendForm(ctx, {
        listingKind: 'project',
        listingId: home,
        firstname: 'Bot',
        email: 'bot@example.com',
        message: 'Buy now',
        website: 'https://spam.example',
      });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/viewProjects/${home}?sent=1#enquiry`);
      expect(await contactRows(ctx)).toHaveLength(before);
    });

    it("keeps the enquiry in the person's export and erases it with them", async () => {
      const email = 'erase-enquiry@example.com';
      expect((await sendJson(ctx, enquiry({ email, phone: '98450 31337', listingId: home, topic: 'site visit' }))).statusCode).toBe(201);
      const lead = await leadOf(ctx, email);
      const exported = await ctx.asStaff({ method: 'GET', url: PRIVACY_API.export(lead._id) });
      expect(exported.statusCode, exported.body).toBe(200);
      expect(exported.json<{ contact: unknown[] }>().contact).toEqual([
        expect.objectContaining({
          email,
          phone: '+919845031337',
          listingKind: 'project',
          listingId: home,
          listingName: 'Lakeside Residency',
          topic: 'site visit',
        }),
      ]);
      expect((await ctx.asStaff({ method: 'DELETE', url: PRIVACY_API.erase(lead._id) })).statusCode).toBe(200);
      const left = await ctx.database.db
        .selectFrom('contactMessages')
        .select('id')
        .where((eb) => eb.or([eb('email', '=', email), eb('phone', '=', '+919845031337')]))
        .execute();
      expect(left).toEqual([]);
    });
  },
  { notify: NOTIFY },
);

describeEachDatabase(
  'listing enquiry rate limit',
  (ctx) => {
    it('shares the public-write budget with the JSON call; past it the form comes back (429) with what was typed', async () => {
      const home = await addListing(ctx, 'project', 'Budget Towers');
      expect((await sendJson(ctx, enquiry({ listingId: home }), '10.25.9.1')).statusCode).toBe(201);
      const form = { listingKind: 'project', listingId: home, firstname: 'Nila', email: 'nila@example.com', message: 'Second message', topic: 'question' };
      expect((await sendForm(ctx, form, '10.25.9.1')).statusCode).toBe(303);
      const limited = await sendForm(ctx, { ...form, message: 'Third message' }, '10.25.9.1');
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.headers['content-type']).toMatch(/^text\/html/);
      expect(limited.body).toContain('Third message</textarea>');
      expect(limited.body).toContain('Please wait a minute');
      const json = await sendJson(ctx, enquiry({ listingId: home }), '10.25.9.1');
      expect(json.statusCode).toBe(429);
      expect(json.json()).toMatchObject({ code: 'RATE_LIMITED' });
      // Another address has its own budget.
      expect((await sendForm(ctx, form, '10.25.9.2')).statusCode).toBe(303);
      // A body too large for the form is refused as the API refuses one, not as a page.
      const large = await sendForm(ctx, { ...form, message: 'x'.repeat(20_000) }, '10.25.9.3');
      expect(large.statusCode).toBe(413);
      expect(large.json()).toMatchObject({ code: 'TOO_LARGE' });
    });
  },
  { publicWriteLimit: 2 },
);
