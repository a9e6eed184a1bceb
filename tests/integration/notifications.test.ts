import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config';
import { isPublicAddress } from '#server/features/notifications/webhook-sender';
import { retryDelayMs } from '#server/features/notifications/backoff';
import { WEBHOOK_MESSAGES, type WebhookCreated, type WebhookDelivery } from '#shared/notifications/notifications.contract';
import { WEBHOOKS_API } from '#shared/notifications/notifications.api';
import { describeEachDatabase, drainNotifications, type TestContext } from '../helpers/app';
import { startMailServer } from '../helpers/mail-server';
import { startWebhookReceiver } from '../helpers/webhook-receiver';
import { addEmail, createActiveCampaign, respond, surveyText } from '../factories/campaigns';
import { testImage } from '../helpers/images';
import { multipart } from '../helpers/multipart';

const mail = await startMailServer();
const receiver = await startWebhookReceiver();
afterAll(async () => {
  await mail.close();
  await receiver.close();
});

const CONFIRM_SURVEY = {
  pages: [
    {
      name: 'p1',
      elements: [
        { type: 'text', name: 'who', title: 'Your name', leadField: 'name' },
        { type: 'text', name: 'city', title: 'Which city?' },
        {
          type: 'radiogroup',
          name: 'size',
          title: 'Bedrooms',
          choices: [
            { value: 2, text: 'Two' },
            { value: 3, text: 'Three' },
          ],
        },
      ],
    },
  ],
};

const NOTIFY = {
  smtpUrl: mail.url,
  mailFrom: '"Test Studio" <studio@abode.test>',
  mailDir: '/nonexistent',
  notifyEmails: ['owner@abode.test', 'sales@abode.test'],
  confirmVisitors: true,
  // The receiver listens on loopback: allowed here, refused by default (tested below).
  allowPrivateWebhooks: true,
  dispatch: false,
};

function contact(email: string, overrides: Record<string, string> = {}) {
  return {
    response: {
      firstname: 'Asha',
      lastname: 'Rao',
      email,
      requestquotation: 'Homes',
      message: 'Looking for a 3 BHK near Whitefield.',
      ...overrides,
    },
  };
}

async function sendContact(ctx: TestContext, email: string, overrides: Record<string, string> = {}) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/contactus/add', payload: contact(email, overrides) });
  expect(res.statusCode).toBe(201);
}

async function addEndpoint(ctx: TestContext, events: string[] = ['contact.created', 'survey.completed', 'lead.created']) {
  const res = await ctx.asStaff({ method: 'POST', url: WEBHOOKS_API.create, payload: { url: receiver.url, events } });
  expect(res.statusCode).toBe(201);
  return res.json<WebhookCreated>();
}

describeEachDatabase(
  'notifications',
  (ctx) => {
    beforeEach(async () => {
      await drainNotifications(ctx);
      mail.messages.length = 0;
      receiver.received.length = 0;
      await ctx.database.db.deleteFrom('webhookEndpoints').execute();
    });

    it('e-mails the staff about a contact message, with its details escaped, over SMTP', async () => {
      await sendContact(ctx, 'asha@example.com', { message: 'Call me <b>after 6</b> & before 9 <script>x</script>' });
      await drainNotifications(ctx);
      const [staffMail] = await mail.waitFor(1);
      expect(staffMail!.subject).toBe('New lead: Asha Rao — Contact');
      expect(staffMail!.to).toMatchObject({ text: 'owner@abode.test, sales@abode.test' });
      expect(staffMail!.replyTo).toMatchObject({ text: 'asha@example.com' });
      expect(staffMail!.text).toContain('Call me <b>after 6</b> & before 9 <script>x</script>');
      expect(staffMail!.text).toContain('asha@example.com');
      const html = String(staffMail!.html);
      expect(html).toContain('Call me &lt;b&gt;after 6&lt;/b&gt; &amp; before 9 &lt;script&gt;x&lt;/script&gt;');
      expect(html).not.toContain('<script>x</script>');
      expect(html).toContain('href="mailto:asha@example.com"');
    });

    it('e-mails staff the answers and the visitor a confirmation when a survey is completed', async () => {
      const campaignId = await createActiveCampaign(ctx, { name: 'Dream home', questions: surveyText(CONFIRM_SURVEY) });
      const email = 'meera@example.com';
      const emailId = await addEmail(ctx, email, campaignId);
      expect((await respond(ctx, campaignId, email, emailId, { who: 'Meera <script>', city: 'Pune', size: 3 })).statusCode).toBe(200);
      await drainNotifications(ctx);
      const mails = await mail.waitFor(2);
      const staff = mails.find((m) => m.subject?.startsWith('New lead:'))!;
      const visitor = mails.find((m) => m !== staff)!;
      expect(staff.subject).toBe('New lead: Meera <script> — Dream home');
      expect(staff.to).toMatchObject({ text: 'owner@abode.test, sales@abode.test' });
      expect(staff.text).toContain('Your name\n  Meera <script>');
      expect(staff.text).toContain('Which city?\n  Pune');
      expect(staff.text).toContain('Bedrooms\n  Three');
      expect(String(staff.html)).toContain('Meera &lt;script&gt;');
      expect(visitor.to).toMatchObject({ text: email });
      expect(visitor.subject).toBe('Thank you — Test Studio has your answers');
      // Nothing the visitor typed goes back to the address they gave (decision 0014).
      expect(visitor.text).toContain('Thank you!');
      expect(visitor.text).not.toContain('Meera');
      expect(visitor.text).not.toContain('Pune');
      expect(visitor.text).toContain('“Dream home”');
      expect(visitor.text).toContain('1 Test Street');
      expect(visitor.text).toContain('+91 00000 00000');
      expect(String(visitor.html)).not.toContain('<script>');
      // The person's lead is linked from the staff e-mail (no PUBLIC_BASE_URL here: the site's own address).
      const lead = await ctx.database.db.selectFrom('leads').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      expect(staff.text).toContain(`Open the lead: http://localhost/dashboard/leads/${lead.id}`);
    });

    it('shows staff the phone with +91 and calls it in E.164, however it was typed', async () => {
      const survey = { elements: [{ type: 'text', name: 'mobile', title: 'Mobile', leadField: 'phone' }] };
      const campaignId = await createActiveCampaign(ctx, { name: 'Phone mail', questions: surveyText(survey) });
      const email = 'phone-mail@example.com';
      expect((await respond(ctx, campaignId, email, await addEmail(ctx, email, campaignId), { mobile: '98450 99999' })).statusCode).toBe(200);
      await drainNotifications(ctx);
      const staff = (await mail.waitFor(2)).find((m) => m.subject === `New lead: ${email} — Phone mail`)!;
      expect(staff.text).toContain('Phone: +91 98450 99999');
      expect(String(staff.html)).toContain('href="tel:+919845099999"');
      expect(String(staff.html)).toContain('+91 98450 99999</a>');
    });

    it('shows staff, in both parts of the e-mail, the homes and decor matched to the answers', async () => {
      for (const [kind, fields] of [
        [
          'project',
          {
            name: 'Mail Lakeside',
            area: 'Whitefield, Bengaluru',
            squareft: '1200',
            dateofcomplition: '15-12-2026',
            sizeofunit: '3 BHK',
            gmaplink: '',
            price: '9500000',
          },
        ],
        ['product', { productname: 'Mail Cane Chair', description: 'Woven rattan', price: '24000', tags: 'Boho' }],
      ] as const) {
        const body = await multipart(fields, { bytes: await testImage('png'), filename: 'p.png', type: 'image/png' });
        expect((await ctx.asStaff({ method: 'POST', url: `/api/${kind}/add`, payload: body.payload, headers: body.headers })).statusCode).toBe(201);
      }
      const survey = {
        elements: [
          { type: 'radiogroup', name: 'bhk', title: 'Bedrooms', listingMatch: 'project.bedrooms', choices: [{ value: 3, text: '3 BHK' }] },
          { type: 'checkbox', name: 'style', title: 'Decor style', listingMatch: 'product.keywords', choices: ['Boho'] },
        ],
      };
      const campaignId = await createActiveCampaign(ctx, { name: 'Matched mail', questions: surveyText(survey) });
      const email = 'matched-mail@example.com';
      const res = await respond(ctx, campaignId, email, await addEmail(ctx, email, campaignId), { bhk: 3, style: ['Boho'] });
      expect(res.statusCode).toBe(200);
      await drainNotifications(ctx);
      const staff = (await mail.waitFor(2)).find((m) => m.subject === `New lead: ${email} — Matched mail`)!;
      expect(staff.text).toContain('Homes that fit\n- Mail Lakeside — 3 BHK');
      expect(staff.text).toContain('Decor ideas\n- Mail Cane Chair — Boho');
      const html = String(staff.html);
      expect(html).toContain('Homes that fit');
      expect(html).toContain('Mail Lakeside');
      expect(html).toContain('Mail Cane Chair');
    });

    it('does not slow or fail the visitor when the mail server refuses: the mail is retried later', async () => {
      mail.refuseNext(1);
      await sendContact(ctx, 'retry@example.com');
      await drainNotifications(ctx);
      expect(mail.messages).toHaveLength(0);
      // (Pending with no attempt yet: earlier tests' unfinished-survey alerts, due in 30 minutes.)
      const [delivery] = await ctx.database.db
        .selectFrom('notificationDeliveries')
        .selectAll()
        .where('status', '=', 'pending')
        .where('attempts', '>', 0)
        .execute();
      expect(delivery).toMatchObject({ channel: 'staff_email', attempts: 1 });
      expect(delivery!.lastError).toMatch(/try again later/);
      // Due again: its retry time comes (moved to now here rather than waiting).
      await ctx.database.db.updateTable('notificationDeliveries').set({ nextAttemptAt: new Date() }).where('id', '=', delivery!.id).execute();
      await drainNotifications(ctx);
      expect((await mail.waitFor(1))[0]!.subject).toBe('New lead: Asha Rao — Contact');
    });

    it('signs webhooks per Standard Webhooks: the package verifies them, a wrong secret or an old timestamp fails', async () => {
      const endpoint = await addEndpoint(ctx, ['contact.created']);
      expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
      await sendContact(ctx, 'hook@example.com');
      await drainNotifications(ctx);
      const [hook] = await receiver.waitFor(1);
      const headers = {
        'webhook-id': String(hook!.headers['webhook-id']),
        'webhook-timestamp': String(hook!.headers['webhook-timestamp']),
        'webhook-signature': String(hook!.headers['webhook-signature']),
      };
      expect(headers['webhook-id']).toMatch(/^msg_/);
      expect(Math.abs(Number(headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
      expect(headers['webhook-signature']).toMatch(/^v1,/);
      const verified = new Webhook(endpoint.secret).verify(hook!.body, headers) as { type: string; timestamp: string; data: Record<string, unknown> };
      expect(verified.type).toBe('contact.created');
      expect(verified.data).toMatchObject({
        lead: { email: 'hook@example.com', name: 'Asha Rao' },
        activity: { type: 'contact', requestQuotation: 'Homes', message: 'Looking for a 3 BHK near Whitefield.' },
      });
      expect(() => new Webhook(`whsec_${Buffer.from('not the secret at all, nope').toString('base64')}`).verify(hook!.body, headers)).toThrow();
      const old = { ...headers, 'webhook-timestamp': String(Math.floor(Date.now() / 1000) - 3600) };
      expect(() => new Webhook(endpoint.secret).verify(hook!.body, old)).toThrow();
      expect(() => new Webhook(endpoint.secret).verify(`${hook!.body} `, headers)).toThrow();
    });

    it("a new person's contact message is a new lead too: lead.created besides contact.created, one staff e-mail", async () => {
      await addEndpoint(ctx, ['contact.created', 'lead.created']);
      await sendContact(ctx, 'first-contact@example.com');
      const lead = await ctx.database.db.selectFrom('leads').select('id').where('email', '=', 'first-contact@example.com').executeTakeFirstOrThrow();
      const events = await ctx.database.db.selectFrom('notificationEvents').select(['type']).where('leadId', '=', lead.id).orderBy('type').execute();
      expect(events.map((e) => e.type)).toEqual(['contact.created', 'lead.created']);
      await drainNotifications(ctx);
      const hooks = await receiver.waitFor(2);
      const bodies = hooks.map(
        (h) => JSON.parse(h.body) as { type: string; data: { lead: { _id: string; email: string; name: string | null }; activity: { type: string } } },
      );
      expect(bodies.map((b) => b.type).sort()).toEqual(['contact.created', 'lead.created']);
      const created = bodies.find((b) => b.type === 'lead.created')!;
      expect(created.data.lead).toMatchObject({ _id: lead.id, email: 'first-contact@example.com', name: 'Asha Rao' });
      expect(created.data.activity).toMatchObject({ type: 'contact', requestQuotation: 'Homes' });
      // The contact's own e-mail tells staff; the new lead's (unfinished-survey) alert, once due, adds none.
      expect((await mail.waitFor(1)).map((m) => m.subject)).toEqual(['New lead: Asha Rao — Contact']);
      const ofLead = ctx.database.db.selectFrom('notificationEvents').select('id').where('leadId', '=', lead.id);
      await ctx.database.db
        .updateTable('notificationDeliveries')
        .set({ nextAttemptAt: new Date() })
        .where('status', '=', 'pending')
        .where('eventId', 'in', ofLead)
        .execute();
      await drainNotifications(ctx);
      expect(mail.messages).toHaveLength(1);

      // The same person again: not a new lead.
      receiver.received.length = 0;
      await sendContact(ctx, 'FIRST-contact@example.com');
      await drainNotifications(ctx);
      expect((await receiver.waitFor(1)).map((h) => (JSON.parse(h.body) as { type: string }).type)).toEqual(['contact.created']);
      const again = await ctx.database.db.selectFrom('notificationEvents').select(['type']).where('leadId', '=', lead.id).execute();
      expect(again.filter((e) => e.type === 'lead.created')).toHaveLength(1);
    });

    it('retries a failing endpoint with the same webhook-id, and logs every attempt', async () => {
      const endpoint = await addEndpoint(ctx, ['contact.created']);
      receiver.answerWith(500, 503);
      await sendContact(ctx, 'flaky@example.com');
      for (let attempt = 0; attempt < 3; attempt++) {
        await drainNotifications(ctx);
        await ctx.database.db.updateTable('notificationDeliveries').set({ nextAttemptAt: new Date() }).where('status', '=', 'pending').execute();
      }
      const hooks = await receiver.waitFor(3);
      expect(new Set(hooks.map((h) => h.headers['webhook-id'])).size).toBe(1);
      expect(new Set(hooks.map((h) => h.body)).size).toBe(1);
      const log = await ctx.asStaff({ method: 'GET', url: WEBHOOKS_API.deliveries(endpoint._id) });
      expect(log.statusCode).toBe(200);
      expect(log.json<WebhookDelivery[]>()).toEqual([
        expect.objectContaining({ event: 'contact.created', status: 'delivered', attempts: 3, statusCode: 204, error: null }),
      ]);
    });

    it('records each delivery of one pass with its own outcome: the refused webhook kept for a retry, the sent mails done', async () => {
      await addEndpoint(ctx, ['contact.created']);
      receiver.answerWith(500);
      await sendContact(ctx, 'mixed@example.com');
      const before = new Date();
      // One pass: the event fanned out, then every delivery attempted and recorded together.
      const { fannedOut } = await ctx.app.notifications.runOnce();
      expect(fannedOut).toBeGreaterThan(0);
      await mail.waitFor(1);
      const rows = await ctx.database.db
        .selectFrom('notificationDeliveries as d')
        .innerJoin('notificationEvents as e', 'e.id', 'd.eventId')
        .select(['d.channel', 'd.status', 'd.lastStatus', 'd.lastError', 'd.deliveredAt', 'd.lockedUntil', 'd.attempts', 'd.nextAttemptAt'])
        .where('e.email', '=', 'mixed@example.com')
        .execute();
      // What this pass attempted (a later reminder waits for its time, untouched).
      const tried = rows.filter((r) => r.attempts === 1);
      expect(tried).toHaveLength(2);
      const hook = tried.filter((r) => r.channel === 'webhook');
      expect(hook).toEqual([expect.objectContaining({ status: 'pending', lastStatus: 500, lastError: 'HTTP 500', deliveredAt: null, lockedUntil: null })]);
      expect(new Date(hook[0]!.nextAttemptAt).getTime()).toBeGreaterThan(before.getTime());
      // The staff e-mail (one message to both recipients).
      const mails = tried.filter((r) => r.channel === 'staff_email');
      expect(mails).toEqual([expect.objectContaining({ status: 'delivered', lastStatus: null, lastError: null, lockedUntil: null })]);
      expect(mails[0]!.deliveredAt).not.toBeNull();
      expect(rows.filter((r) => r.attempts === 0).every((r) => r.status === 'pending' && r.lockedUntil === null)).toBe(true);
    });

    it('sends a test event and redelivers a delivery on request', async () => {
      const endpoint = await addEndpoint(ctx, ['survey.completed']);
      const test = await ctx.asStaff({ method: 'POST', url: WEBHOOKS_API.test(endpoint._id) });
      expect(test.statusCode).toBe(202);
      await drainNotifications(ctx);
      const [first] = await receiver.waitFor(1);
      expect(JSON.parse(first!.body)).toMatchObject({ type: 'webhook.test' });
      const [delivery] = (await ctx.asStaff({ method: 'GET', url: WEBHOOKS_API.deliveries(endpoint._id) })).json<WebhookDelivery[]>();
      const again = await ctx.asStaff({ method: 'POST', url: WEBHOOKS_API.redeliver(endpoint._id, delivery!._id) });
      expect(again.statusCode).toBe(202);
      await drainNotifications(ctx);
      const hooks = await receiver.waitFor(2);
      expect(hooks[1]!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
      const missing = await ctx.asStaff({ method: 'POST', url: WEBHOOKS_API.redeliver(endpoint._id, 'nope') });
      expect(missing.statusCode).toBe(404);
    });

    it('sends each event only to the endpoints subscribed to it', async () => {
      await addEndpoint(ctx, ['survey.completed']);
      await sendContact(ctx, 'nobody@example.com');
      await drainNotifications(ctx);
      await mail.waitFor(1);
      expect(receiver.received).toHaveLength(0);
    });

    it('lists and removes endpoints, never showing the secret again', async () => {
      const endpoint = await addEndpoint(ctx);
      const list = await ctx.asStaff({ method: 'GET', url: WEBHOOKS_API.list });
      expect(list.json()).toEqual([
        { _id: endpoint._id, url: receiver.url, events: ['contact.created', 'survey.completed', 'lead.created'], createdAt: endpoint.createdAt },
      ]);
      expect(list.body).not.toContain(endpoint.secret);
      const removed = await ctx.asStaff({ method: 'DELETE', url: WEBHOOKS_API.remove(endpoint._id) });
      expect(removed.json()).toEqual({ message: WEBHOOK_MESSAGES.deleted });
      expect((await ctx.asStaff({ method: 'DELETE', url: WEBHOOKS_API.remove(endpoint._id) })).statusCode).toBe(404);
      expect((await ctx.asStaff({ method: 'GET', url: WEBHOOKS_API.deliveries(endpoint._id) })).statusCode).toBe(404);
    });

    it('refuses endpoints that are not http(s) URLs or that name no event', async () => {
      for (const payload of [
        { url: 'ftp://example.com/x', events: ['contact.created'] },
        { url: 'https://user:pass@example.com/x', events: ['contact.created'] },
        { url: 'https://example.com/x', events: [] },
        { url: 'https://example.com/x', events: ['lead.deleted'] },
      ]) {
        const res = await ctx.asStaff({ method: 'POST', url: WEBHOOKS_API.create, payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION' });
      }
    });

    if (ctx.dialect === 'postgres') {
      it('delivers each event once with two instances on one database', async () => {
        await addEndpoint(ctx, ['contact.created']);
        const second = await buildApp(ctx.config, { logger: false });
        try {
          await Promise.all(Array.from({ length: 60 }, (_, i) => sendContact(ctx, `twin${i}@example.com`, { lastname: `Twin ${i}` })));
          const run = async (app: typeof second) => {
            for (let idle = 0; idle < 3;) {
              const { fannedOut, attempted } = await app.notifications.runOnce();
              idle = fannedOut + attempted === 0 ? idle + 1 : 0;
            }
          };
          await Promise.all([run(ctx.app), run(second), run(ctx.app), run(second)]);
          const hooks = await receiver.waitFor(60);
          await mail.waitFor(60);
          expect(hooks).toHaveLength(60);
          expect(new Set(hooks.map((h) => h.headers['webhook-id'])).size).toBe(60);
          expect(mail.messages).toHaveLength(60);
          expect(new Set(mail.messages.map((m) => m.subject)).size).toBe(60);
        } finally {
          await second.close();
        }
      });
    }

    it('keeps the webhook calls for staff only', async () => {
      for (const [method, url] of [
        ['GET', WEBHOOKS_API.list],
        ['POST', WEBHOOKS_API.create],
        ['DELETE', WEBHOOKS_API.remove('x')],
        ['GET', WEBHOOKS_API.deliveries('x')],
        ['POST', WEBHOOKS_API.test('x')],
      ] as const) {
        const res = await ctx.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    });
  },
  { notify: NOTIFY },
);

// A fresh install (no PUBLIC_BASE_URL) links the "New lead" e-mail to the lead,
// from the site's configured address, never from the request's Host header.
const fresh = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'abode-fresh-')), SMTP_URL: mail.url });
describeEachDatabase(
  'notifications on a fresh configuration',
  (ctx) => {
    it('links the staff e-mail to /dashboard/leads/<id> at the configured address, whatever Host the visitor sent', async () => {
      expect(fresh.publicBaseUrl).toBeUndefined();
      mail.messages.length = 0;
      const res = await ctx.app.inject({ method: 'POST', url: '/api/contactus/add', headers: { host: 'evil.example' }, payload: contact('fresh@example.com') });
      expect(res.statusCode).toBe(201);
      await drainNotifications(ctx);
      const [staffMail] = await mail.waitFor(1);
      const lead = await ctx.database.db.selectFrom('leads').select('id').where('email', '=', 'fresh@example.com').executeTakeFirstOrThrow();
      const url = `http://localhost:3000/dashboard/leads/${lead.id}`;
      expect(staffMail!.text).toContain(`Open the lead: ${url}`);
      expect(String(staffMail!.html)).toContain(`href="${url}"`);
      expect(String(staffMail!.html)).not.toContain('evil.example');
    });
  },
  {
    port: fresh.port,
    host: fresh.host,
    allowedHosts: fresh.allowedHosts,
    publicBaseUrl: fresh.publicBaseUrl,
    notify: { ...fresh.notify, notifyEmails: ['owner@abode.test'], dispatch: false },
  },
);

describeEachDatabase(
  'webhooks: private addresses (server-side request forgery)',
  (ctx) => {
    it.each([
      'http://127.0.0.1:9/x',
      'http://localhost/x',
      'http://10.1.2.3/x',
      'http://192.168.1.1/x',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/x',
      'http://[::ffff:127.0.0.1]/x',
      'http://100.64.0.1/x',
      // IPv4-compatible (::a.b.c.d) and mapped forms of loopback and private addresses.
      'http://[::127.0.0.1]/x',
      'http://[::7f00:1]/x',
      'http://[::ffff:7f00:1]/x',
      'http://[0:0:0:0:0:0:127.0.0.1]/x',
      'http://[::10.0.0.1]/x',
      'http://[::8.8.8.8]/x',
      'http://[::]/x',
      'http://[::ffff:0:127.0.0.1]/x',
    ])('refuses %s', async (url) => {
      const res = await ctx.asStaff({ method: 'POST', url: WEBHOOKS_API.create, payload: { url, events: ['contact.created'] } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: WEBHOOK_MESSAGES.urlPrivate,
        code: 'VALIDATION',
        errors: [{ field: 'url', message: WEBHOOK_MESSAGES.urlPrivate }],
      });
    });

    it('does not deliver to an endpoint whose address has become private', async () => {
      // Stored directly, as if its DNS had changed after it was added.
      await ctx.database.db
        .insertInto('webhookEndpoints')
        .values({
          id: 'rebound',
          url: receiver.url,
          events: JSON.stringify(['contact.created']),
          secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
          createdAt: new Date(),
        })
        .execute();
      receiver.received.length = 0;
      await sendContact(ctx, 'ssrf@example.com');
      await drainNotifications(ctx);
      expect(receiver.received).toHaveLength(0);
      const [delivery] = await ctx.database.db.selectFrom('notificationDeliveries').selectAll().where('endpointId', '=', 'rebound').execute();
      expect(delivery).toMatchObject({ status: 'pending', attempts: 1 });
      expect(delivery!.lastError).toMatch(/not a public address/);
    });
  },
  { notify: { ...NOTIFY, allowPrivateWebhooks: false } },
);

describe('address and retry rules', () => {
  it.each([
    ['8.8.8.8', true],
    ['2606:4700:4700::1111', true],
    ['127.0.0.1', false],
    ['10.0.0.1', false],
    ['172.16.5.4', false],
    ['192.168.0.1', false],
    ['169.254.1.1', false],
    ['100.64.1.1', false],
    ['0.0.0.0', false],
    ['::1', false],
    ['fe80::1', false],
    ['fd00::1', false],
    ['::ffff:10.0.0.1', false],
    ['::127.0.0.1', false],
    ['::7f00:1', false],
    ['::8.8.8.8', false],
    ['::ffff:0:7f00:1', false],
    ['not an address', false],
  ])('isPublicAddress(%s) is %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it('backs off exponentially with jitter, the first retry within a minute, at most an hour', () => {
    expect(retryDelayMs(1, () => 0)).toBe(10_000);
    expect(retryDelayMs(1, () => 1)).toBe(20_000);
    expect(retryDelayMs(2, () => 1)).toBe(40_000);
    expect(retryDelayMs(5, () => 1)).toBe(320_000);
    expect(retryDelayMs(30, () => 1)).toBe(3_600_000);
    expect(retryDelayMs(30, () => 0)).toBe(1_800_000);
  });
});
