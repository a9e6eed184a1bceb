import { z } from 'zod';
import { messageAnswer } from '#shared/api-answer';
import { safeText } from '#shared/text-schema';
import { OFF_SITE_NAVIGATION_MESSAGE, offSiteNavigation } from '#shared/responses/survey-navigation';
import { isPlainObject } from '#shared/json-object';

import { CAMPAIGN_MESSAGES } from './campaign-messages';

/** The paths and the staff's routes (zod-free, for the staff's first page): campaigns.api.ts. */
/** The texts and the size limit (zod-free, for the staff's first page): campaign-messages.ts. */
export { CAMPAIGN_MESSAGES, CAMPAIGN_QUESTIONS_MAX_BYTES, formatBytes } from './campaign-messages';

export const CAMPAIGN_NAME_MAX = 100;

/** The UTF-8 length of a text, without encoding it. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      // A surrogate pair: one four-byte character.
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

// ---------------------------------------------------------------------------------------------
// Campaigns

type JsonObject = Record<string, unknown>;

/** A SurveyJS container's elements (`elements`, or the older `questions`). */
function elementsOf(container: JsonObject): unknown[] {
  if (Array.isArray(container.elements)) return container.elements;
  if (Array.isArray(container.questions)) return container.questions;
  return [];
}

// Content elements hold no answer. The same rule as src/shared/survey-json/survey-questions.ts, which
// reads surveys with survey-core; this check stays without it because landing pages import the
// contract (survey-core is far over their bundle budget).
const CONTENT_TYPES = new Set(['html', 'image']);

/** True when the elements hold a question, looking inside panels (an empty panel holds none); SurveyJS types in any case. */
function holdsQuestion(elements: unknown[]): boolean {
  return elements.some((element) => {
    if (!isPlainObject(element) || typeof element.type !== 'string' || element.type === '') return false;
    const type = element.type.toLowerCase();
    if (type === 'panel') return holdsQuestion(elementsOf(element));
    return !CONTENT_TYPES.has(type);
  });
}

/** The first page of a SurveyJS definition: `pages[0]`, or the survey itself when it has no pages. */
export function firstPageOf(survey: JsonObject): JsonObject | undefined {
  if (Array.isArray(survey.pages)) {
    const first: unknown = survey.pages[0];
    return isPlainObject(first) ? first : undefined;
  }
  return survey;
}

export type SurveyJsonCheck = { ok: true; survey: JsonObject } | { ok: false; message: string };

/** Checks campaign questions: JSON text of an object whose first page holds at least one question. */
export function checkSurveyJson(text: string): SurveyJsonCheck {
  if (text.trim() === '') return { ok: false, message: CAMPAIGN_MESSAGES.questionsRequired };
  let survey: unknown;
  try {
    survey = JSON.parse(text);
  } catch {
    return { ok: false, message: CAMPAIGN_MESSAGES.questionsNotJson };
  }
  if (!isPlainObject(survey)) return { ok: false, message: CAMPAIGN_MESSAGES.questionsNotObject };
  const first = firstPageOf(survey);
  if (!first || !holdsQuestion(elementsOf(first))) return { ok: false, message: CAMPAIGN_MESSAGES.questionsRequired };
  return { ok: true, survey };
}

/** A campaign's title: the server's rule, and the designer's title field. */
export const campaignTitleSchema = safeText({ message: CAMPAIGN_MESSAGES.titleRequired })
  .trim()
  .min(1, { message: CAMPAIGN_MESSAGES.titleRequired, abort: true })
  .max(CAMPAIGN_NAME_MAX, CAMPAIGN_MESSAGES.titleTooLong);

/**
 * POST /api/campaign/add and /api/campaign/update/:id. `questioncolumns` is accepted for
 * compatibility but ignored: the server derives it from `questions`.
 */
export const campaignSaveSchema = z.object({
  name: campaignTitleSchema,
  questions: safeText({ message: CAMPAIGN_MESSAGES.questionsRequired }).superRefine((text, ctx) => {
    const check = checkSurveyJson(text);
    if (!check.ok) ctx.addIssue({ code: 'custom', message: check.message });
    else if (offSiteNavigation(check.survey).length > 0) ctx.addIssue({ code: 'custom', message: OFF_SITE_NAVIGATION_MESSAGE });
  }),
  questioncolumns: safeText().optional(),
});
export type CampaignSaveInput = z.input<typeof campaignSaveSchema>;

export const activateSchema = z.object({ isActivated: z.boolean({ message: 'isActivated must be true or false.' }) });

/** A campaign as the API returns it. */
export const campaignSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The SurveyJS definition, as JSON text. */
  questions: z.string(),
  /** The names of the survey's questions, in order, comma-joined (derived by the server). */
  questioncolumns: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

/** GET /api/campagin/all items. */
export const campaignSummarySchema = campaignSchema.extend({ responseCount: z.number() });
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;

/** GET /api/campagin/active items: the fields the visitor's survey needs. */
export const activeCampaignSchema = campaignSchema.pick({ _id: true, name: true, questions: true, questioncolumns: true, isActive: true });
export type ActiveCampaign = z.infer<typeof activeCampaignSchema>;

export const activeCampaignListSchema = z.array(activeCampaignSchema);
export const campaignSummaryListSchema = z.array(campaignSummarySchema);
/** POST /api/campaign/add answers the new campaign's id. */
export const campaignCreatedSchema = messageAnswer.extend({ _id: z.string() });
/** GET /api/campaign/recordcnt/:id: completed responses. */
export const responseCountSchema = z.object({ count: z.number() });
