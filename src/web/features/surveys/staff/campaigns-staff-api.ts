import { CAMPAIGNS_ROUTES as R } from '#shared/surveys/campaigns.api';
import { api } from '#web/lib/api-client';

// Staff: campaigns. Apart from the visitor's calls (#web/features/responses), so that the landing
// page's script carries none of these. Answers and their .xlsx are the results room's, e-mail records
// the responses room's.

export const fetchCampaigns = () => api.call(R.all);
export const fetchCampaign = (campaignId: string) => api.call(R.edit, { params: [campaignId] });
export const activateCampaign = (campaignId: string, isActivated: boolean) => api.call(R.activate, { params: [campaignId], body: { isActivated } });

export async function fetchResponseCount(campaignId: string): Promise<number> {
  return (await api.call(R.responseCount, { params: [campaignId] })).count;
}
