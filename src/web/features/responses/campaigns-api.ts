import type { SurveyAnswers } from '#shared/responses/responses.contract';
import { SURVEY_ROUTES } from '#shared/responses/responses.api';
import type { ConsentFields } from '#shared/consent/consent.contract';
import { api } from '#web/lib/api-client';

// Public: the visitor's journey. (Staff calls are in staff/campaigns-staff-api.ts, out of the landing page's script.)

export async function fetchActiveCampaign() {
  const list = await api.call(SURVEY_ROUTES.active);
  return list[0] ?? null;
}

/** Without a campaign id the e-mail is kept as a newsletter sign-up. */
export function addEmail(
  email: string,
  campaignid: string | null,
  consent: ConsentFields & { channel?: string; utm?: Record<string, string>; referrer?: string } = {},
) {
  return api.call(SURVEY_ROUTES.addEmail, { body: { email, campaignid, ...consent } });
}

export function submitSurveyResponse(campaignId: string, response: { email: string; emailId: string; answer: SurveyAnswers }) {
  return api.call(SURVEY_ROUTES.response, { params: [campaignId], body: { response } });
}
