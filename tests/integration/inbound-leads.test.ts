import { createHash } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, expect, it } from 'vitest';
import { createStaff } from '#server/features/auth/auth.service';
import {
  API_KEY_MESSAGES,
  API_KEYS_API,
  INBOUND_API,
  INBOUND_EXAMPLE,
  INBOUND_LIMITS,
  INBOUND_MESSAGES,
  type ApiKeyItem,
} from '#shared/inbound/inbound.contract';
import { type WebhookCreated } from '#shared/notifications/notifications.contract';
import { WEBHOOKS_API } from '#shared/notifications/notifications.api';
import { describeEachDatabase, drainNotifications, type TestContext } from '../helpers/app';
import { startMailServer } from '../helpers/mail-server';
import { startWebhookReceiver } from '../helpers/webhook-receiver';

const mail = await startMailServer();
const receiver = await startWebhookReceiver();
afterAll(async () => {
  await mail.close();
  await receiver.close();
});

const PLAIN_STAFF = { email: 'inbound.staff@abode.test', name: 'Plain Staff', password: 'another horse battery', role: 'staff' as const };

async function newKey(ctx: TestContext, name: string): Promise<{ id: string; key: string }> {
  const res = await ctx.asStaff({ method: 'POST', url: API_KEYS_API.keys, payload: { name } });
  expect(res.statusCode, res.body).toBe(201);
  const answer = res.json<{ id: string; key: string; message: string }>();
  expect(answer.message).toBe(API_KEY_MESSAGES.created);
  return answer;
}

const send = (ctx: TestContext, key: string | null, body: unknown) =>
  ctx.app.inject({ method: 'POST', url: INBOUND_API.leads, payload: body as object, headers: key === null ? {} : { authorization: `Bearer ${key}` } });

describeEachDatabase(
  'leads by API',
  (ctx) => {
    it('creates API keys for owners only: shown once, stored hashed, listed with last use, revoked (audited); a revoked key and an unknown key get the same 401', async () => {
      const { id, key } = await newKey(ctx, '99acres');
      expect(key).toMatch(/^abode_[A-Za-z0-9_-]{40,}$/);
      const row = await ctx.database.db.selectFrom('apiKeys').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.keyHash).toBe(createHash('sha256').update(key).digest('hex'));
      expect(JSON.stringify(row)).not.toContain(key);
      const listed = (await ctx.asStaff({ method: 'GET', url: API_KEYS_API.keys })).json<{ items: ApiKeyItem[] }>();
      expect(listed.items.find((k) => k._id === id)).toMatchObject({ name: '99acres', lastUsedAt: null, revokedAt: null, prefix: key.slice(0, 12) });
      expect(JSON.stringify(listed)).not.toContain(key);

      // Staff who are not owners may not.
      await createStaff(ctx.database.db, PLAIN_STAFF);
      const login = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: PLAIN_STAFF.email, password: PLAIN_STAFF.password } });
      const plain = login.json<{ token: string }>().token;
      expect(
        (await ctx.app.inject({ method: 'POST', url: API_KEYS_API.keys, payload: { name: 'x' }, headers: { authorization: `Bearer ${plain}` } })).statusCode,
      ).toBe(403);
      expect((await ctx.asStaff({ method: 'POST', url: API_KEYS_API.keys, payload: { name: '  ' } })).statusCode).toBe(400);

      const ok = await send(ctx, key, { source: 'Housing', externalId: 'H-1', email: 'first.api@example.in' });
      expect(ok.statusCode, ok.body).toBe(201);
      const used = (await ctx.asStaff({ method: 'GET', url: API_KEYS_API.keys })).json<{ items: ApiKeyItem[] }>();
      expect(used.items.find((k) => k._id === id)!.lastUsedAt).not.toBeNull();

      expect((await ctx.asStaff({ method: 'DELETE', url: API_KEYS_API.one(id) })).json()).toEqual({ message: API_KEY_MESSAGES.revoked });
      const revoked = await send(ctx, key, { source: 'Housing', externalId: 'H-2', email: 'second.api@example.in' });
      const unknown = await send(ctx, 'abode_not-a-key-at-all', { source: 'Housing', externalId: 'H-2', email: 'second.api@example.in' });
      const missing = await send(ctx, null, { source: 'Housing', externalId: 'H-2', email: 'second.api@example.in' });
      for (const res of [revoked, unknown, missing]) expect(res.statusCode).toBe(401);
      expect(revoked.body).toBe(unknown.body);
      expect(missing.body).toBe(unknown.body);
      // Even a bad body learns nothing without a key.
      expect((await send(ctx, 'abode_unknown', { source: '' })).body).toBe(unknown.body);

      const kinds = await ctx.database.db.selectFrom('auditLog').select(['kind', 'recordId']).where('recordId', '=', id).orderBy('at').execute();
      expect(kinds.map((k) => k.kind)).toEqual(['api-key.created', 'api-key.revoked']);
    });

    it('takes a portal lead: 201 and assigned and announced (lead.created webhook); the same pair again 200 with the same lead; another body 409; 400 with a sentence per field', async () => {
      receiver.received.length = 0;
      const hook = await ctx.asStaff({ method: 'POST', url: WEBHOOKS_API.create, payload: { url: receiver.url, events: ['lead.created'] } });
      expect(hook.statusCode, hook.body).toBe(201);
      const endpoint = hook.json<WebhookCreated>();
      const { key } = await newKey(ctx, 'portal');

      const first = await send(ctx, key, INBOUND_EXAMPLE);
      expect(first.statusCode, first.body).toBe(201);
      const { leadId, created } = first.json<{ leadId: string; created: boolean }>();
      expect(created).toBe(true);
      const lead = await ctx.database.db.selectFrom('leads').selectAll().where('id', '=', leadId).executeTakeFirstOrThrow();
      expect(lead).toMatchObject({ email: INBOUND_EXAMPLE.email, name: 'Priya Sharma', phone: '+919845022222', status: 'new' });
      expect(new Date(lead.createdAt).toISOString()).toBe('2026-03-15T09:00:00.000Z');
      expect(lead.firstContactDueAt).not.toBeNull();
      const note = await ctx.database.db
        .selectFrom('leadEvents')
        .select('text')
        .where('leadId', '=', leadId)
        .where('type', '=', 'note')
        .executeTakeFirstOrThrow();
      expect(note.text).toBe(
        'Received by API from 99acres (ENQ-104233)\nProject: Skyline Towers\nLocality: Baner, Pune\nBudget: ₹1,20,00,000\nMessage: Looking for a 3 BHK near Baner, possession by 2027.',
      );

      const again = await send(ctx, key, { ...INBOUND_EXAMPLE });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ leadId, created: true });
      const changed = await send(ctx, key, { ...INBOUND_EXAMPLE, message: 'Changed my mind.' });
      expect(changed.statusCode).toBe(409);
      expect(changed.json()).toMatchObject({ message: INBOUND_MESSAGES.conflict });
      expect(await ctx.database.db.selectFrom('leads').select('id').where('emailKey', '=', INBOUND_EXAMPLE.email).execute()).toHaveLength(1);

      await drainNotifications(ctx);
      await receiver.waitFor(1);
      const bodies = receiver.received.map(
        (r) =>
          new Webhook(endpoint.secret).verify(
            r.body,
            Object.fromEntries(['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((h) => [h, String(r.headers[h])])),
          ) as { type: string; data: { lead: { email: string } } },
      );
      const ours = bodies.filter((b) => b.data.lead.email === INBOUND_EXAMPLE.email);
      expect(ours.map((b) => b.type)).toEqual(['lead.created']);

      const bad = await send(ctx, key, { source: '', externalId: 'X', email: 'not-an-address', phone: '12345', budget: 'lots', receivedAt: 'yesterday' });
      expect(bad.statusCode).toBe(400);
      const errors = bad.json<{ errors: Array<{ field: string; message: string }> }>().errors;
      expect(Object.fromEntries(errors.map((e) => [e.field, e.message]))).toMatchObject({
        source: INBOUND_MESSAGES.sourceRequired,
        email: INBOUND_MESSAGES.emailInvalid,
        phone: INBOUND_MESSAGES.phoneInvalid,
        receivedAt: INBOUND_MESSAGES.receivedAtInvalid,
      });
      const neither = await send(ctx, key, { source: 'Portal', externalId: 'P-8', name: 'No Contact' });
      expect(neither.statusCode).toBe(400);
      expect(neither.json()).toMatchObject({ errors: [{ field: 'email', message: INBOUND_MESSAGES.emailRequired }] });
      // A phone alone is enough (phone leads).
      const phoneOnly = await send(ctx, key, { source: 'Portal', externalId: 'P-9', phone: '098450 12345', name: 'Phone Only' });
      expect(phoneOnly.statusCode, phoneOnly.body).toBe(201);
      const byPhone = await ctx.database.db
        .selectFrom('leads')
        .selectAll()
        .where('id', '=', phoneOnly.json<{ leadId: string }>().leadId)
        .executeTakeFirstOrThrow();
      expect(byPhone).toMatchObject({ email: null, phone: '+919845012345', name: 'Phone Only' });
    });

    it('tells staff of an API lead with its source: the "New lead" mail at once, and the lead.created webhook with data.source and data.lead.phone (a phone-only lead too)', async () => {
      receiver.received.length = 0;
      mail.messages.length = 0;
      const hook = await ctx.asStaff({ method: 'POST', url: WEBHOOKS_API.create, payload: { url: receiver.url, events: ['lead.created'] } });
      expect(hook.statusCode, hook.body).toBe(201);
      const endpoint = hook.json<WebhookCreated>();
      const { key } = await newKey(ctx, 'magicbricks');

      const withMail = await send(ctx, key, {
        source: 'MagicBricks',
        externalId: 'MB-77',
        name: 'Ananya Iyer',
        email: 'ananya.iyer@example.in',
        phone: '098450 77777',
      });
      expect(withMail.statusCode, withMail.body).toBe(201);
      const phoneOnly = await send(ctx, key, { source: 'Housing.com', externalId: 'HC-5', name: 'रमेश कुमार', phone: '+91 98450 55555' });
      expect(phoneOnly.statusCode, phoneOnly.body).toBe(201);
      const phoneLeadId = phoneOnly.json<{ leadId: string }>().leadId;

      // No survey to wait for: the mails go on the first pass, not 30 minutes later.
      await drainNotifications(ctx);
      const mails = await mail.waitFor(2);
      const bySubject = new Map(mails.map((m) => [m.subject, m]));
      const first = bySubject.get('New lead: Ananya Iyer — MagicBricks');
      expect(first, [...bySubject.keys()].join(' | ')).toBeDefined();
      expect(first!.text).toContain('Source: MagicBricks (by API, MB-77)');
      expect(first!.text).toContain('E-mail: ananya.iyer@example.in');
      expect(first!.text).toContain('Phone: +91 98450 77777');
      expect(first!.html).toContain('MagicBricks (by API, MB-77)');
      const second = bySubject.get('New lead: रमेश कुमार — Housing.com');
      expect(second, [...bySubject.keys()].join(' | ')).toBeDefined();
      expect(second!.text).toContain('Source: Housing.com (by API, HC-5)');
      expect(second!.text).toContain('Phone: +91 98450 55555');
      expect(second!.text).not.toContain('E-mail:');
      expect(second!.text).toContain(`/dashboard/leads/${phoneLeadId}`);
      expect(second!.replyTo).toBeUndefined();

      await receiver.waitFor(2);
      // Only this test's endpoint (the file's earlier endpoints, with their own secrets, hear them too).
      const bodies = receiver.received.flatMap((r) => {
        try {
          return [
            new Webhook(endpoint.secret).verify(
              r.body,
              Object.fromEntries(['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((h) => [h, String(r.headers[h])])),
            ) as {
              type: string;
              data: {
                source?: string;
                lead: { _id: string; email: string; phone: string | null; name: string | null };
                activity: { type: string; externalId?: string };
              };
            },
          ];
        } catch {
          return [];
        }
      });
      const phoneHook = bodies.find((b) => b.data.lead._id === phoneLeadId);
      expect(phoneHook).toMatchObject({
        type: 'lead.created',
        data: { source: 'Housing.com', lead: { email: '', phone: '+919845055555', name: 'रमेश कुमार' }, activity: { type: 'inbound', externalId: 'HC-5' } },
      });
      const mailHook = bodies.find((b) => b.data.lead.email === 'ananya.iyer@example.in');
      expect(mailHook).toMatchObject({
        type: 'lead.created',
        data: { source: 'MagicBricks', lead: { phone: '+919845077777' }, activity: { type: 'inbound', externalId: 'MB-77' } },
      });

      // The inbox shows where it came from.
      const list = await ctx.asStaff({ method: 'GET', url: `/api/leads?q=${encodeURIComponent('98450 55555')}` });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json<{ items: Array<{ _id: string; origin: string | null }> }>().items).toEqual([
        expect.objectContaining({ _id: phoneLeadId, origin: 'Housing.com' }),
      ]);
    });

    it(`limits each key to ${INBOUND_LIMITS.perKeyPerMinute} calls a minute: 429 with Retry-After; another key is not held back`, async () => {
      const { key } = await newKey(ctx, 'busy');
      const { key: other } = await newKey(ctx, 'quiet');
      for (let i = 0; i < INBOUND_LIMITS.perKeyPerMinute; i++) {
        const res = await send(ctx, key, { source: 'Busy', externalId: `B-${i}`, email: `busy${i}@example.in` });
        expect(res.statusCode, res.body).toBe(201);
      }
      const over = await send(ctx, key, { source: 'Busy', externalId: 'B-over', email: 'busy.over@example.in' });
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect((await send(ctx, other, { source: 'Quiet', externalId: 'Q-1', email: 'quiet@example.in' })).statusCode).toBe(201);
    });

    it('describes the call in the OpenAPI document with a pasteable example', async () => {
      const res = await ctx.asStaff({ method: 'GET', url: '/api/docs' });
      expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
      const doc = res.json<{ paths: Record<string, { post?: { requestBody?: { content: Record<string, { schema: { example?: unknown } }> } } }> }>();
      const post = doc.paths[INBOUND_API.leads]!.post!;
      expect(JSON.stringify(post)).toContain('ENQ-104233');
      // The example is the whole body a portal sends (the test above sends it and gets 201), and the page says how to authenticate.
      const schema = post.requestBody!.content['application/json']!.schema;
      expect(schema.example).toEqual(INBOUND_EXAMPLE);
      expect(JSON.stringify(post)).toContain('Authorization: Bearer');
    });
  },
  {
    notify: {
      smtpUrl: mail.url,
      mailFrom: '"Test Studio" <studio@abode.test>',
      mailDir: '/nonexistent',
      notifyEmails: ['owner@abode.test'],
      confirmVisitors: false,
      allowPrivateWebhooks: true,
      dispatch: false,
    },
  },
);
