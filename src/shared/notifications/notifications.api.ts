import { apiPath } from '../api-path';

/** Webhook endpoints and their delivery log; staff only. */
export const WEBHOOKS_API = {
  /** GET */
  list: '/api/webhooks',
  /** POST: answers the secret, once. */
  create: '/api/webhooks',
  /** DELETE */
  remove: apiPath('/api/webhooks/:id'),
  /** GET: the endpoint's latest deliveries. */
  deliveries: apiPath('/api/webhooks/:id/deliveries'),
  /** POST: queues a `webhook.test` event for the endpoint. */
  test: apiPath('/api/webhooks/:id/test'),
  /** POST: sends a delivery again. */
  redeliver: apiPath('/api/webhooks/:id/deliveries/:deliveryId/redeliver'),
} as const;

/** The mail a fresh install would have sent, kept as files (MAIL_DIR); owners only, one-time links redacted. */
export const MAIL_API = {
  /** GET */
  list: '/api/notifications/mail',
  /** GET: one mail, parsed. */
  read: apiPath('/api/notifications/mail/:name'),
} as const;
