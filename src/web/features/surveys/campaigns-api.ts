import type { ActiveCampaign, EmailAddResult, SurveyAnswers } from '#shared/surveys/campaigns.contract';
import { CAMPAIGNS_API, EMAILS_API } from '#shared/surveys/campaigns.api';
import type { ConsentFields } from '#shared/consent/consent.contract';
import type { ListingMatches } from '#shared/matching/listing-match';
import { api } from '#web/lib/api-client';

// Public: the visitor's journey. (Staff calls are in staff/campaigns-staff-api.ts, out of the landing page's script.)

export async function fetchActiveCampaign(): Promise<ActiveCampaign | null> {
  const list = await api.get<ActiveCampaign[]>(CAMPAIGNS_API.active);
  return list[0] ?? null;
}

/** Without a campaign id the e-mail is kept as a newsletter sign-up. */
export function addEmail(email: string, campaignid: string | null, consent: ConsentFields = {}): Promise<EmailAddResult> {
  return api.post<EmailAddResult>(EMAILS_API.add, { email, campaignid, ...consent });
}

export function submitSurveyResponse(campaignId: string, response: { email: string; emailId: string; answer: SurveyAnswers }) {
  return api.post<{ message: string; matches: ListingMatches }>(CAMPAIGNS_API.response(campaignId), { response });
}
