import type { CampaignForEdit } from './designer-api';

/** What the designer starts from. */
export interface DesignerSource {
  name: string;
  /** The stored SurveyJS JSON text; null for a brand-new survey. */
  questions: string | null;
  isActive: boolean;
  /** True when the starting point holds work that was never saved (it counts as unsaved changes). */
  unsaved: boolean;
}

export const EMPTY_SOURCE: DesignerSource = { name: '', questions: null, isActive: false, unsaved: false };

/** A stored campaign as the designer starts from it: itself to edit, or a copy for a new campaign. */
export function sourceFrom(campaign: CampaignForEdit, duplicating: boolean): DesignerSource {
  return duplicating
    ? { name: `Copy of ${campaign.name}`, questions: campaign.questions, isActive: false, unsaved: false }
    : { name: campaign.name, questions: campaign.questions, isActive: campaign.isActive, unsaved: false };
}

/** Unsaved work (an edit the server refused) as the starting point of a new campaign. */
export function draftSource(draft: { name: string; questions: string }): DesignerSource {
  return { ...draft, isActive: false, unsaved: true };
}
