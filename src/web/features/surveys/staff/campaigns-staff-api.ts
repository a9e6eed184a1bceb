import type { AnswerRow, Campaign, CampaignSummary, EmailList, EmailRecord } from '#shared/surveys/campaigns.contract';
import { CAMPAIGNS_API, EMAILS_API } from '#shared/surveys/campaigns.api';
import { api } from '#web/lib/api-client';

// Staff: campaigns, their results and the e-mails visitors gave. Apart from ../campaigns-api.ts (the
// visitor's calls), so that the landing page's script carries none of these.

export const fetchCampaigns = () => api.get<CampaignSummary[]>(CAMPAIGNS_API.all);
export const fetchCampaign = (campaignId: string) => api.get<Campaign>(CAMPAIGNS_API.edit(campaignId));
export const activateCampaign = (campaignId: string, isActivated: boolean) =>
  api.post<{ message: string }>(CAMPAIGNS_API.activate(campaignId), { isActivated });

export async function fetchResponseCount(campaignId: string): Promise<number> {
  return (await api.get<{ count: number }>(CAMPAIGNS_API.responseCount(campaignId))).count;
}

/** `filters`: the results filters as query parameters (staff/results-filters.ts), empty for none. */
export const fetchAnswers = (campaignId: string, page: { limit: number; offset: number }, filters = '') =>
  api.get<AnswerRow[]>(`${CAMPAIGNS_API.answers(campaignId)}?limit=${page.limit}&offset=${page.offset}${filters ? `&${filters}` : ''}`);

export const fetchEmailRecords = (campaignId: string) => api.get<EmailRecord[]>(EMAILS_API.byCampaign(campaignId));

export const downloadResults = (campaignId: string, filters = '') => api.get<Blob>(`${CAMPAIGNS_API.download(campaignId)}${filters ? `?${filters}` : ''}`);

export function fetchAllEmails(query: { q?: string; limit: number; offset: number }, signal?: AbortSignal): Promise<EmailList> {
  const params = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
  if (query.q) params.set('q', query.q);
  return api.get<EmailList>(`${EMAILS_API.all}?${params}`, { signal });
}

