import { CAMPAIGNS_ROUTES as R, RESULTS_ROUTES } from '#shared/surveys/campaigns.api';
import { api } from '#web/lib/api-client';

// Staff: campaigns, their results and the e-mails visitors gave. Apart from ../campaigns-api.ts (the
// visitor's calls), so that the landing page's script carries none of these.

export const fetchCampaigns = () => api.call(R.all);
export const fetchCampaign = (campaignId: string) => api.call(R.edit, { params: [campaignId] });
export const activateCampaign = (campaignId: string, isActivated: boolean) => api.call(R.activate, { params: [campaignId], body: { isActivated } });

export async function fetchResponseCount(campaignId: string): Promise<number> {
  return (await api.call(R.responseCount, { params: [campaignId] })).count;
}

/** `filters`: the results filters as query parameters (staff/results-filters.ts), empty for none. */
export const fetchAnswers = (campaignId: string, page: { limit: number; offset: number }, filters = '') =>
  api.call(RESULTS_ROUTES.answers, { params: [campaignId], query: `limit=${page.limit}&offset=${page.offset}${filters ? `&${filters}` : ''}` });

export const fetchEmailRecords = (campaignId: string) => api.call(R.emailsOf, { params: [campaignId] });

export const downloadResults = (campaignId: string, filters = '') => api.call(RESULTS_ROUTES.download, { params: [campaignId], query: filters });

export function fetchAllEmails(query: { q?: string; limit: number; offset: number }, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
  if (query.q) params.set('q', query.q);
  return api.call(R.emails, { query: params, signal });
}
