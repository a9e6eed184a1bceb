import {
  MAIL_API,
  WEBHOOKS_API,
  type MailFile,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointInput,
} from '#shared/notifications/notifications.contract';
import { api } from '#web/lib/api-client';

export const fetchWebhooks = (signal?: AbortSignal) => api.get<WebhookEndpoint[]>(WEBHOOKS_API.list, { signal });
export const createWebhook = (input: WebhookEndpointInput) => api.post<WebhookCreated>(WEBHOOKS_API.create, input);
export const deleteWebhook = (id: string) => api.delete<{ message: string }>(WEBHOOKS_API.remove(id));
export const fetchDeliveries = (id: string, signal?: AbortSignal) => api.get<WebhookDelivery[]>(WEBHOOKS_API.deliveries(id), { signal });
export const sendTestEvent = (id: string) => api.post<{ message: string }>(WEBHOOKS_API.test(id));
export const redeliver = (id: string, deliveryId: string) => api.post<{ message: string }>(WEBHOOKS_API.redeliver(id, deliveryId));

export interface MailList {
  directory: string | null;
  items: MailFile[];
}
export interface MailMessage extends MailFile {
  from: string;
  text: string;
  html: string;
}
export const fetchMailList = (signal?: AbortSignal) => api.get<MailList>(MAIL_API.list, { signal });
export const fetchMail = (name: string, signal?: AbortSignal) => api.get<MailMessage>(MAIL_API.read(name), { signal });
