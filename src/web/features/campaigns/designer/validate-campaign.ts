import { z } from 'zod';
import type { FieldError } from '../../../../shared/api-error';
import { isJsonObject, type JsonValue, type SurveyJson } from './survey-json';
import { allElements, elementsWithin, isPanel, pageAt } from './survey-structure';

// The messages of SPEC.md §5; the server answers with the same ones.
export const CAMPAIGN_TITLE_REQUIRED = 'Please provide campaign title';
export const CAMPAIGN_QUESTIONS_REQUIRED = 'Please add questions to the campaign';

/** True when the first page holds at least one question (panels count through their contents). */
export function firstPageHasQuestion(questions: string): boolean {
  let doc: JsonValue;
  try {
    doc = JSON.parse(questions) as JsonValue;
  } catch {
    return false;
  }
  if (!isJsonObject(doc)) return false;
  const page = pageAt(doc, 0);
  if (!page) return false;
  return elementsWithin(page, { page: 0, indices: [] }).some(({ element }) => !isPanel(element));
}

export const campaignTitleSchema = z.string().trim().min(1, CAMPAIGN_TITLE_REQUIRED);

/** The body of POST /api/campaign/add and /api/campaign/update/:id as the designer checks it. */
export const campaignDraftSchema = z.object({
  name: campaignTitleSchema,
  questions: z.string().refine(firstPageHasQuestion, CAMPAIGN_QUESTIONS_REQUIRED),
});

export type CampaignDraft = z.infer<typeof campaignDraftSchema>;

export function validateCampaign(draft: { name: string; questions: string }): FieldError[] {
  const result = campaignDraftSchema.safeParse(draft);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ field: String(issue.path[0] ?? ''), message: issue.message }));
}

/** How many questions (not panels) the survey holds: shown next to the Save button. */
export function countQuestions(doc: SurveyJson): number {
  return allElements(doc).filter(({ element }) => !isPanel(element)).length;
}
