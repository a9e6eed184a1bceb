import { NOTIFICATIONS_ROUTES as R, type WebhookEndpointInput } from '#shared/notifications/notifications.contract';
import { api } from '#web/lib/api-client';

export type { MailList, MailMessage } from '#shared/notifications/notifications.contract';

export const fetchWebhooks = (signal?: AbortSignal) => api.call(R.webhooks, { signal });
export const createWebhook = (input: WebhookEndpointInput) => api.call(R.createWebhook, { body: input });
export const deleteWebhook = (id: string) => api.call(R.removeWebhook, { params: [id] });
export const fetchDeliveries = (id: string, signal?: AbortSignal) => api.call(R.deliveries, { params: [id], signal });
export const sendTestEvent = (id: string) => api.call(R.test, { params: [id] });
export const redeliver = (id: string, deliveryId: string) => api.call(R.redeliver, { params: [id, deliveryId] });

export const fetchMailList = (signal?: AbortSignal) => api.call(R.mailList, { signal });
export const fetchMail = (name: string, signal?: AbortSignal) => api.call(R.mail, { params: [name], signal });
