import { CAMPAIGN_NAME_MAX } from '#shared/surveys/campaigns.contract';
import type { CampaignForEdit } from './designer-api';

/** What the designer starts from. */
export interface DesignerSource {
  name: string;
  /** The stored SurveyJS JSON text; null for a brand-new survey. */
  questions: string | null;
  isActive: boolean;
  /** True when the starting point holds work that was never saved (it counts as unsaved changes). */
  unsaved: boolean;
  /**
   * A campaign with responses: it opens read-only, with the specification's
   * warning and "Duplicate to edit". Its number of responses.
   */
  lockedBy?: number;
}

export const EMPTY_SOURCE: DesignerSource = { name: '', questions: null, isActive: false, unsaved: false };

/** A stored campaign as the designer starts from it: itself to edit, or a copy for a new campaign. */
export function sourceFrom(campaign: CampaignForEdit & { responseCount?: number }, duplicating: boolean): DesignerSource {
  if (duplicating) return { name: copyName(campaign.name), questions: campaign.questions, isActive: false, unsaved: false };
  const locked = (campaign.responseCount ?? 0) > 0;
  return {
    name: campaign.name,
    questions: campaign.questions,
    isActive: campaign.isActive,
    unsaved: false,
    ...(locked ? { lockedBy: campaign.responseCount } : {}),
  };
}

/** "Copy of <name>", within the title's limit. */
export function copyName(name: string): string {
  return `Copy of ${name.trim()}`.slice(0, CAMPAIGN_NAME_MAX).trim();
}

/** Unsaved work (an edit the server refused) as the starting point of a new campaign. */
export function draftSource(draft: { name: string; questions: string }): DesignerSource {
  return { ...draft, isActive: false, unsaved: true };
}
