import { CAMPAIGNS_ROUTES } from '#shared/surveys/campaigns.api';
import type { Campaign } from '#shared/surveys/campaigns.contract';
import { api } from '#web/lib/api-client';

/** A campaign as the designer reads it from GET `CAMPAIGNS_API.edit` (spelling as in SPEC.md §7). */
export type CampaignForEdit = Omit<Campaign, 'createdAt' | 'updatedAt'>;

export interface CampaignBody {
  name: string;
  questions: string;
  /** Derived by the server from `questions`; sent because the contract's body carries it. */
  questioncolumns: string;
}

export function fetchCampaignForEdit(id: string, signal?: AbortSignal): Promise<CampaignForEdit> {
  return api.call(CAMPAIGNS_ROUTES.edit, { params: [id], signal });
}

/** The campaign to edit and how many responses it has: with any, it is locked (SPEC.md §3, §9). */
export async function fetchCampaignToEdit(id: string, signal?: AbortSignal): Promise<CampaignForEdit & { responseCount: number }> {
  const [campaign, count] = await Promise.all([fetchCampaignForEdit(id, signal), api.call(CAMPAIGNS_ROUTES.responseCount, { params: [id], signal })]);
  return { ...campaign, responseCount: count.count };
}

export const createCampaign = (body: CampaignBody) => api.call(CAMPAIGNS_ROUTES.add, { body: { ...body } });

export const updateCampaign = (id: string, body: CampaignBody) => api.call(CAMPAIGNS_ROUTES.update, { params: [id], body: { ...body } });
