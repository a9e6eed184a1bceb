import { campaignSaveSchema } from '#shared/surveys/campaigns.contract';
import type { FieldError } from '#shared/api-error';
import { isContentType } from '#shared/survey-json/content-elements';
import type { SurveyJson } from './survey-json';
import { allElements, isPanel } from './survey-structure';

// The server's own rules and messages (SPEC.md §5): the title and the first page's question.
const draftSchema = campaignSaveSchema.pick({ name: true, questions: true });

/** The body of POST /api/campaign/add and /api/campaign/update/:id as the server will check it. */
export function validateCampaign(draft: { name: string; questions: string }): FieldError[] {
  const result = draftSchema.safeParse(draft);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ field: String(issue.path[0] ?? ''), message: issue.message }));
}

/** How many questions the survey holds (not panels, not html or image content): shown next to the tabs. */
export function countQuestions(doc: SurveyJson): number {
  return allElements(doc).filter(({ element }) => !isPanel(element) && !isContentType(element.type)).length;
}
