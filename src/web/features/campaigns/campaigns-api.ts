import type {
  ActiveCampaign,
  AnswerRow,
  Campaign,
  CampaignSummary,
  EmailAddResult,
  EmailList,
  EmailRecord,
  SurveyAnswers,
} from '../../../shared/campaigns/campaigns.contract';
import type { ListingMatches } from '../../../shared/matching/listing-match';
import { api } from '../../lib/api-client';

const id = (value: string) => encodeURIComponent(value);

// Public: the visitor's journey.

export async function fetchActiveCampaign(): Promise<ActiveCampaign | null> {
  const list = await api.get<ActiveCampaign[]>('/api/campagin/active');
  return list[0] ?? null;
}

/** Without a campaign id the e-mail is kept as a newsletter sign-up. */
export function addEmail(email: string, campaignid: string | null): Promise<EmailAddResult> {
  return api.post<EmailAddResult>('/api/email/add', { email, campaignid });
}

export function submitSurveyResponse(campaignId: string, response: { email: string; emailId: string; answer: SurveyAnswers }) {
  return api.post<{ message: string; matches: ListingMatches }>(`/api/campaign/response/${id(campaignId)}`, { response });
}

// Staff.

export const fetchCampaigns = () => api.get<CampaignSummary[]>('/api/campagin/all');
export const fetchCampaign = (campaignId: string) => api.get<Campaign>(`/api/campagin/edit/${id(campaignId)}`);
export const activateCampaign = (campaignId: string, isActivated: boolean) =>
  api.post<{ message: string }>(`/api/campaign/activate/${id(campaignId)}`, { isActivated });

export async function fetchResponseCount(campaignId: string): Promise<number> {
  return (await api.get<{ count: number }>(`/api/campaign/recordcnt/${id(campaignId)}`)).count;
}

/** `filters`: the results filters as query parameters (staff/results-filters.ts), empty for none. */
export const fetchAnswers = (campaignId: string, page: { limit: number; offset: number }, filters = '') =>
  api.get<AnswerRow[]>(`/api/campaign/answers/${id(campaignId)}?limit=${page.limit}&offset=${page.offset}${filters ? `&${filters}` : ''}`);

export const fetchEmailRecords = (campaignId: string) => api.get<EmailRecord[]>(`/api/email/get/${id(campaignId)}`);

export const downloadResults = (campaignId: string, filters = '') => api.get<Blob>(`/api/campaign/download/${id(campaignId)}${filters ? `?${filters}` : ''}`);

export function fetchAllEmails(query: { q?: string; limit: number; offset: number }): Promise<EmailList> {
  const params = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
  if (query.q) params.set('q', query.q);
  return api.get<EmailList>(`/api/email/all?${params}`);
}

