import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import type { NotificationEventType } from '#shared/notifications/notifications.contract';
import { endpointsFor, type ClaimedDelivery } from './notifications.repository';
import { sendWebhook, type WebhookAttempt } from './webhook-sender';

/** The webhooks subscribed to each type, read once per fan-out batch. */
export function subscribedEndpoints(db: Kysely<Database>): (type: NotificationEventType) => Promise<Array<{ id: string }>> {
  const byType = new Map<string, Awaited<ReturnType<typeof endpointsFor>>>();
  return async (type) => {
    if (!byType.has(type)) byType.set(type, await endpointsFor(db, type));
    return byType.get(type)!;
  };
}

/** One webhook delivery: the body fixed at fan-out, signed and sent (Standard Webhooks); skipped once its endpoint is gone. */
export function deliverWebhook(
  delivery: ClaimedDelivery,
  body: string,
  options: { timeoutMs: number; allowPrivate: boolean },
): Promise<WebhookAttempt | 'skipped'> {
  if (!delivery.endpoint) return Promise.resolve('skipped');
  return sendWebhook({ url: delivery.endpoint.url, secret: delivery.endpoint.secret, id: `msg_${delivery.id}`, body }, options);
}
