import { EMAIL_ROUTES } from '#shared/responses/responses.api';
import { api } from '#web/lib/api-client';

// Staff: the e-mail records visitors left, of one campaign or all of them.

export const fetchEmailRecords = (campaignId: string) => api.call(EMAIL_ROUTES.ofCampaign, { params: [campaignId] });

export function fetchAllEmails(query: { q?: string; limit: number; offset: number }, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
  if (query.q) params.set('q', query.q);
  return api.call(EMAIL_ROUTES.all, { query: params, signal });
}
