import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { messageAnswer } from '#shared/api-answer';
import { notFound } from '#server/lib/errors';
import {
  mailList,
  mailMessage,
  type MailFile,
  WEBHOOK_MESSAGES,
  webhookCreated,
  webhookDeliveryList,
  webhookEndpointInput,
  webhookEndpointList,
} from '#shared/notifications/notifications.contract';
import { MAIL_API, WEBHOOKS_API } from '#shared/notifications/notifications.api';
import { redactMailTokens } from './mail-redact';
import { listMailFiles, readMailFile } from './mailer';
import { createEndpoint, endpointDeliveries, endpoints, queueTestEvent, redeliver, removeEndpoint } from './webhooks.service';

const idParams = z.object({ id: z.string().min(1).max(100) });
const message = messageAnswer;
const MAIL_LIST_MAX = 200;
/** Subject, recipients and date of the .eml files already read (by file name). */
const mailHeaders = new LRUCache<string, MailFile>({ max: 1000 });

/** mailparser, loaded when a stored mail is first read (decision 0061: most processes never do). */
const mailParser = async () => (await import('mailparser')).simpleParser;

/** Owner calls: webhook endpoints and their delivery log; the mail a fresh install would have sent. */
export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];

  r.get(WEBHOOKS_API.list, { config: { access: 'owner' }, schema: { tags, response: { 200: webhookEndpointList } } }, () => endpoints(app.db));

  r.post(
    WEBHOOKS_API.create,
    { config: { access: 'owner' }, schema: { tags, body: webhookEndpointInput, response: { 201: webhookCreated } } },
    async (request, reply) => {
      const created = await createEndpoint(app.db, request.body, app.config.notify.allowPrivateWebhooks, request.staff!);
      return reply.status(201).send(created);
    },
  );

  r.delete(WEBHOOKS_API.remove.pattern, { config: { access: 'owner' }, schema: { tags, params: idParams, response: { 200: message } } }, async (request) => {
    await removeEndpoint(app.db, request.params.id, request.staff!);
    return { message: WEBHOOK_MESSAGES.deleted };
  });

  r.get(
    WEBHOOKS_API.deliveries.pattern,
    { config: { access: 'owner' }, schema: { tags, params: idParams, response: { 200: webhookDeliveryList } } },
    (request) => endpointDeliveries(app.db, request.params.id),
  );

  r.post(WEBHOOKS_API.test.pattern, { config: { access: 'owner' }, schema: { tags, params: idParams, response: { 202: message } } }, async (request, reply) => {
    await queueTestEvent(app.db, request.params.id);
    app.notifications.wake();
    return reply.status(202).send({ message: WEBHOOK_MESSAGES.testQueued });
  });

  r.post(
    WEBHOOKS_API.redeliver.pattern,
    { config: { access: 'owner' }, schema: { tags, params: idParams.extend({ deliveryId: z.string().min(1).max(100) }), response: { 202: message } } },
    async (request, reply) => {
      await redeliver(app.db, request.params.id, request.params.deliveryId);
      app.notifications.wake();
      return reply.status(202).send({ message: WEBHOOK_MESSAGES.redeliverQueued });
    },
  );

  // Owners only: the mail holds what each person was told; its one-time links are redacted below,
  // for owners too (mail-redact.ts).
  r.get(MAIL_API.list, { config: { access: 'owner' }, schema: { tags, response: { 200: mailList } } }, async () => {
    const directory = app.mailer.kind === 'files' ? (app.mailer.directory ?? null) : null;
    if (!directory) return { directory: null, items: [] };
    const names = (await listMailFiles(directory)).slice(0, MAIL_LIST_MAX);
    const items = [];
    // One at a time, and each file's headers parsed once: the files never change after they are written.
    for (const name of names) {
      let item = mailHeaders.get(name);
      if (!item) {
        const parsed = await (await mailParser())((await readMailFile(directory, name)) ?? Buffer.alloc(0));
        item = { name, subject: parsed.subject ?? '', to: addressText(parsed.to), date: (parsed.date ?? new Date(0)).toISOString() };
        mailHeaders.set(name, item);
      }
      items.push(item);
    }
    return { directory, items };
  });

  r.get(
    MAIL_API.read.pattern,
    {
      config: { access: 'owner' },
      schema: {
        tags,
        params: z.object({ name: z.string().min(1).max(200) }),
        response: { 200: mailMessage },
      },
    },
    async (request) => {
      const directory = app.mailer.kind === 'files' ? app.mailer.directory : undefined;
      const bytes = directory ? await readMailFile(directory, request.params.name) : null;
      if (!bytes) throw notFound('There is no such mail.');
      const parsed = await (await mailParser())(bytes);
      return {
        name: request.params.name,
        subject: parsed.subject ?? '',
        to: addressText(parsed.to),
        from: addressText(parsed.from),
        date: (parsed.date ?? new Date(0)).toISOString(),
        text: redactMailTokens(parsed.text ?? ''),
        html: redactMailTokens(typeof parsed.html === 'string' ? parsed.html : ''),
      };
    },
  );
}

function addressText(value: { text: string } | Array<{ text: string }> | undefined): string {
  if (!value) return '';
  return Array.isArray(value) ? value.map((v) => v.text).join(', ') : value.text;
}
