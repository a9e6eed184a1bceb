import type { ColumnType, Generated } from 'kysely';
import type { DeliveryChannel, DeliveryStatus, NotificationEventType } from '#shared/notifications/notifications.contract';
import type { Timestamp } from '#server/db/column-types';

/**
 * The outbox: one row per event, written in the transaction of the write that causes it, so a crash
 * between commit and delivery loses nothing. The dispatcher fans each event out into deliveries.
 */
export interface NotificationEventsTable {
  id: string;
  type: NotificationEventType;
  /** The visitor's e-mail (trimmed, lower case). */
  email: string;
  /** The row the event is about: an e-mail record, a survey response or a contact message. */
  subjectId: string;
  leadId: string | null;
  /** The event's data as JSON text, built once at fan-out so every retry sends the same body. */
  payload: string | null;
  createdAt: Timestamp;
  fannedOutAt: Timestamp | null;
  lockedUntil: Timestamp | null;
  /** A keyed hash of the address whose request caused the event (visitor mail per sender). */
  sender: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One message to one place (a staff e-mail, a visitor e-mail, a webhook endpoint), retried until done. */
export interface NotificationDeliveriesTable {
  /** Also the Standard Webhooks `webhook-id`: the same on every retry. */
  id: string;
  eventId: string;
  channel: DeliveryChannel;
  endpointId: string | null;
  status: DeliveryStatus;
  attempts: Generated<number>;
  nextAttemptAt: Timestamp;
  lockedUntil: Timestamp | null;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: Timestamp;
  deliveredAt: Timestamp | null;
}

export interface WebhookEndpointsTable {
  id: string;
  url: string;
  /** JSON array of event types. */
  events: string;
  /** `whsec_<base64>`, as Standard Webhooks libraries take it. */
  secret: string;
  createdAt: Timestamp;
}

/** A visitor mail sent outside the outbox (site visits, privacy requests), counted by the hourly limits (decision 0014). */
export interface VisitorMailLogTable {
  id: string;
  /** A keyed hash of the address in lower case, never the address. */
  recipient: string;
  /** A keyed hash of the client address whose request caused it, if any. */
  sender: string | null;
  sentAt: Timestamp;
}

export interface NotificationTables {
  notificationEvents: NotificationEventsTable;
  notificationDeliveries: NotificationDeliveriesTable;
  webhookEndpoints: WebhookEndpointsTable;
  visitorMailLog: VisitorMailLogTable;
}
