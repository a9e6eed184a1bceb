import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { badRequest, notFound } from '#server/lib/errors';
import { newId } from '#server/lib/ids';
import {
  WEBHOOK_MESSAGES,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointInput,
} from '#shared/notifications/notifications.contract';
import {
  deleteEndpoint,
  findEndpoint,
  insertEndpoint,
  insertTestEvent,
  listEndpointDeliveries,
  listEndpoints,
  requeueDelivery,
} from './notifications.repository';
import { checkWebhookHost } from './webhook-sender';
import { recordAudit, type AuditActor } from '#server/features/audit';

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** A Standard Webhooks secret: 24 random bytes, base64, with the `whsec_` prefix. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

export async function createEndpoint(db: Kysely<Database>, input: WebhookEndpointInput, allowPrivate: boolean, actor: AuditActor): Promise<WebhookCreated> {
  const host = await checkWebhookHost(input.url, allowPrivate);
  if (host !== 'ok') {
    const message = host === 'private' ? WEBHOOK_MESSAGES.urlPrivate : WEBHOOK_MESSAGES.urlUnresolvable;
    throw badRequest(message, [{ field: 'url', message }]);
  }
  const endpoint = { id: newId(), url: input.url, events: input.events, secret: newWebhookSecret(), createdAt: new Date() };
  await db.transaction().execute(async (trx) => {
    await insertEndpoint(trx, endpoint);
    await recordAudit(trx, { actor, kind: 'webhook.created', recordType: 'webhook', recordId: endpoint.id, fields: ['url', 'events'] });
  });
  return {
    message: WEBHOOK_MESSAGES.created,
    _id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events,
    createdAt: endpoint.createdAt.toISOString(),
    secret: endpoint.secret,
  };
}

export async function endpoints(db: Kysely<Database>): Promise<WebhookEndpoint[]> {
  const rows = await listEndpoints(db);
  return rows.map((row) => ({ _id: row.id, url: row.url, events: JSON.parse(row.events) as WebhookEndpoint['events'], createdAt: iso(row.createdAt) }));
}

export async function removeEndpoint(db: Kysely<Database>, id: string, actor: AuditActor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await deleteEndpoint(trx, id))) throw notFound(WEBHOOK_MESSAGES.notFound);
    await recordAudit(trx, { actor, kind: 'webhook.deleted', recordType: 'webhook', recordId: id });
  });
}

export async function endpointDeliveries(db: Kysely<Database>, id: string): Promise<WebhookDelivery[]> {
  if (!(await findEndpoint(db, id))) throw notFound(WEBHOOK_MESSAGES.notFound);
  const rows = await listEndpointDeliveries(db, id, 100);
  return rows.map((row) => ({
    _id: row.id,
    event: row.type,
    status: row.status,
    attempts: row.attempts,
    statusCode: row.lastStatus,
    error: row.lastError,
    createdAt: iso(row.createdAt),
    deliveredAt: isoOrNull(row.deliveredAt),
    nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
  }));
}

/** "Send test event": a `webhook.test` event with its one delivery, through the same outbox. */
export async function queueTestEvent(db: Kysely<Database>, id: string): Promise<void> {
  const endpoint = await findEndpoint(db, id);
  if (!endpoint) throw notFound(WEBHOOK_MESSAGES.notFound);
  const now = new Date();
  const eventId = newId();
  const payload = JSON.stringify({
    type: 'webhook.test',
    timestamp: now.toISOString(),
    data: { message: 'This is a test event from Abode. Your endpoint received and can verify it.', endpointId: endpoint.id },
  });
  await insertTestEvent(db, { eventId, deliveryId: newId(), endpointId: endpoint.id, payload, now });
}

export async function redeliver(db: Kysely<Database>, id: string, deliveryId: string): Promise<void> {
  if (!(await requeueDelivery(db, id, deliveryId, new Date()))) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
}
