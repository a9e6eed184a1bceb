import { CAMPAIGNS_API } from '#shared/surveys/campaigns.api';
import { api } from '#web/lib/api-client';

/** A campaign as GET `CAMPAIGNS_API.edit` returns it (spelling as in SPEC.md §7). */
export interface CampaignForEdit {
  _id: string;
  name: string;
  /** The SurveyJS definition as JSON text. */
  questions: string;
  questioncolumns: string;
  isActive: boolean;
}

export interface CampaignBody {
  name: string;
  questions: string;
  /** Derived by the server from `questions`; sent because the contract's body carries it. */
  questioncolumns: string;
}

export function fetchCampaignForEdit(id: string, signal?: AbortSignal): Promise<CampaignForEdit> {
  return api.get<CampaignForEdit>(CAMPAIGNS_API.edit(id), { signal });
}

/** The campaign to edit and how many responses it has: with any, it is locked (SPEC.md §3, §9). */
export async function fetchCampaignToEdit(id: string, signal?: AbortSignal): Promise<CampaignForEdit & { responseCount: number }> {
  const [campaign, count] = await Promise.all([
    fetchCampaignForEdit(id, signal),
    api.get<{ count: number }>(CAMPAIGNS_API.responseCount(id), { signal }),
  ]);
  return { ...campaign, responseCount: count.count };
}

export function createCampaign(body: CampaignBody): Promise<{ message: string; _id: string }> {
  return api.post(CAMPAIGNS_API.add, { ...body });
}

export function updateCampaign(id: string, body: CampaignBody): Promise<{ message: string }> {
  return api.post(CAMPAIGNS_API.update(id), { ...body });
}
