import { newId } from '#server/lib/ids';
import { isInboundSubject, STAFF_MAIL_EVENT_TYPES, type NotificationEventType, type StaffMailEventType } from '#shared/notifications/notifications.contract';
import type { NewDelivery } from './notifications.repository';

/** How long an unfinished survey waits before staff are told of the lead. */
export const UNFINISHED_ALERT_DELAY_MS = 30 * 60 * 1000;

export const isStaffMailEvent = (type: string): type is StaffMailEventType => (STAFF_MAIL_EVENT_TYPES as readonly string[]).includes(type);

/**
 * Who gets what of one event: staff e-mail, visitor e-mail, one delivery per subscribed webhook,
 * each with the time it is due. `endpoints` gives the webhooks subscribed to a type (read only for
 * the events webhooks may hear of).
 */
export async function plannedDeliveries(
  event: { id: string; type: string; subjectId: string; createdAt: Date | string },
  now: Date,
  policy: { confirmVisitors: boolean },
  endpoints: (type: NotificationEventType) => Promise<ReadonlyArray<{ id: string }>>,
): Promise<{ deliveries: NewDelivery[]; payloadNow: boolean }> {
  const createdAt = new Date(event.createdAt);
  const deliveries: NewDelivery[] = [];
  const add = (channel: NewDelivery['channel'], endpointId: string | null, due: Date) =>
    deliveries.push({ id: newId(), eventId: event.id, channel, endpointId, nextAttemptAt: due, createdAt: now });
  if (isStaffMailEvent(event.type)) {
    // One staff member's mail, built from the lead as it is when sent; no webhook.
    add('staff_email', null, now);
    return { deliveries, payloadNow: false };
  }
  if (event.type === 'survey.resume_link' || event.type === 'newsletter.confirm') {
    // The visitor asked for it: their e-mail only; staff are not told and no webhook hears of it.
    add('visitor_email', null, now);
    return { deliveries, payloadNow: false };
  }
  // A survey's new lead waits to see whether it is finished; a lead sent by API has none to wait for.
  if (event.type === 'lead.created' && !isInboundSubject(event.subjectId)) add('staff_email', null, new Date(createdAt.getTime() + UNFINISHED_ALERT_DELAY_MS));
  else add('staff_email', null, now);
  if (event.type === 'survey.completed' && policy.confirmVisitors) add('visitor_email', null, now);
  for (const endpoint of await endpoints(event.type as NotificationEventType)) add('webhook', endpoint.id, now);
  // A webhook's body is fixed now, so every retry sends the same bytes. Without one, the data
  // is read when the mail goes (a lead's alert waits 30 minutes, and may then be skipped).
  const payloadNow = deliveries.some((d) => d.channel === 'webhook' || d.nextAttemptAt.getTime() <= now.getTime());
  return { deliveries, payloadNow };
}
