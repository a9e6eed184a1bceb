import { z } from 'zod';
import { messageAnswer } from '../api-answer';
import { route } from '../api-route';
import { safeText } from '../text-schema';
import { MAIL_API, WEBHOOKS_API } from './notifications.api';

/**
 * Notifications: what happened (events), where the studio hears of it (staff e-mail,
 * signed webhooks) and the visitor's confirmation. Webhook deliveries follow the Standard Webhooks
 * specification: `{ type, timestamp, data }`, signed, with `webhook-id` the same on every retry.
 */

/**
 * `lead.created` of a lead sent by API (POST /api/inbound/leads) names its call
 * `inbound:<source>:<externalId>`: its "New lead" mail goes at once (there is no survey to wait for)
 * and its data names the source.
 */
export const INBOUND_SUBJECT_PREFIX = 'inbound:';
export const inboundSubjectId = (source: string, externalId: string) => `${INBOUND_SUBJECT_PREFIX}${source}:${externalId}`;
export const isInboundSubject = (subjectId: string) => subjectId.startsWith(INBOUND_SUBJECT_PREFIX);

export const NOTIFICATION_EVENT_TYPES = ['lead.created', 'survey.completed', 'contact.created'] as const;
/** The events an endpoint subscribes to. */
export type SubscribableEventType = (typeof NOTIFICATION_EVENT_TYPES)[number];
/**
 * Events for the site's own use, never offered to webhooks: `survey.resume_link` asks for the
 * visitor's "continue" e-mail (its link holds a secret, made only when the mail is sent);
 * `newsletter.confirm` the newsletter's confirmation link (double opt-in, decision 0018).
 */
export type InternalEventType = 'survey.resume_link' | 'newsletter.confirm' | StaffMailEventType;
/**
 * Mail to one staff member about a lead, built when it is sent: `lead.assigned` (subject:
 * the assignee), the first-contact reminder and its escalation to the owners, a next action due;
 * `leads.import_assigned` (decision 0057): one mail per assignee per import (subject: the
 * assignee; payload: the import's file, how many leads, the first names).
 */
export const STAFF_MAIL_EVENT_TYPES = [
  'lead.assigned',
  'lead.first_contact_due',
  'lead.first_contact_overdue',
  'lead.next_action_due',
  'leads.import_assigned',
] as const;
export type StaffMailEventType = (typeof STAFF_MAIL_EVENT_TYPES)[number];
/** `webhook.test`: sent to one endpoint by "Send test event". */
export type NotificationEventType = SubscribableEventType | InternalEventType | 'webhook.test';

export const DELIVERY_CHANNELS = ['staff_email', 'visitor_email', 'webhook'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

/** `skipped`: no longer needed when its time came (an unfinished-survey alert for a survey since finished). */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'skipped'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const WEBHOOK_MESSAGES = {
  urlRequired: 'Please enter the URL that should receive the events.',
  urlInvalid: 'Please enter a web address starting with https:// or http://.',
  urlPrivate: 'This address points at a private or local network. Webhooks can only go to public addresses.',
  urlUnresolvable: 'This host name could not be found.',
  eventsRequired: 'Please choose at least one event.',
  created: 'Webhook endpoint added. Copy the secret now: it is shown only once.',
  deleted: 'Webhook endpoint removed.',
  notFound: 'This webhook endpoint does not exist.',
  deliveryNotFound: 'This delivery does not exist.',
  testQueued: 'A test event is on its way.',
  redeliverQueued: 'The delivery will be sent again.',
} as const;

const URL_MAX = 2000;

export const webhookEndpointInput = z.object({
  url: safeText({ message: WEBHOOK_MESSAGES.urlRequired })
    .trim()
    .min(1, WEBHOOK_MESSAGES.urlRequired)
    .max(URL_MAX, WEBHOOK_MESSAGES.urlInvalid)
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && !url.username && !url.password;
      } catch {
        return false;
      }
    }, WEBHOOK_MESSAGES.urlInvalid),
  events: z
    .array(z.enum(NOTIFICATION_EVENT_TYPES, { message: `Events are ${NOTIFICATION_EVENT_TYPES.join(', ')}.` }), {
      message: WEBHOOK_MESSAGES.eventsRequired,
    })
    .min(1, WEBHOOK_MESSAGES.eventsRequired)
    .transform((events) => [...new Set(events)]),
});
export type WebhookEndpointInput = z.infer<typeof webhookEndpointInput>;

export const webhookEndpoint = z.object({
  _id: z.string(),
  url: z.string(),
  events: z.array(z.enum(NOTIFICATION_EVENT_TYPES)),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

export const webhookCreated = webhookEndpoint.extend({ message: z.string(), secret: z.string() });
export type WebhookCreated = z.infer<typeof webhookCreated>;

export const webhookDelivery = z.object({
  _id: z.string(),
  event: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number(),
  statusCode: z.number().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const mailFile = z.object({
  name: z.string(),
  subject: z.string(),
  to: z.string(),
  date: z.string(),
});
export type MailFile = z.infer<typeof mailFile>;

export const webhookEndpointList = z.array(webhookEndpoint);
export const webhookDeliveryList = z.array(webhookDelivery);

/** GET /api/notifications/mail: the kept mail, newest first (`directory` null when MAIL_DIR is not set). */
export const mailList = z.object({ directory: z.string().nullable(), items: z.array(mailFile) });
export type MailList = z.infer<typeof mailList>;

/** One kept mail, parsed. */
export const mailMessage = mailFile.extend({ from: z.string(), text: z.string(), html: z.string() });
export type MailMessage = z.infer<typeof mailMessage>;

/** The webhook and mail routes with their answers. */
export const NOTIFICATIONS_ROUTES = {
  webhooks: route('GET', WEBHOOKS_API.list, webhookEndpointList),
  createWebhook: route('POST', WEBHOOKS_API.create, webhookCreated),
  removeWebhook: route('DELETE', WEBHOOKS_API.remove, messageAnswer),
  deliveries: route('GET', WEBHOOKS_API.deliveries, webhookDeliveryList),
  test: route('POST', WEBHOOKS_API.test, messageAnswer),
  redeliver: route('POST', WEBHOOKS_API.redeliver, messageAnswer),
  mailList: route('GET', MAIL_API.list, mailList),
  mail: route('GET', MAIL_API.read, mailMessage),
};
