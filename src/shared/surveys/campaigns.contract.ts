import { z } from 'zod';
import { LANGUAGES } from '#shared/i18n/languages';
import { messageAnswer } from '#shared/api-answer';
import { consentFields } from '#shared/consent/consent.contract';
import { attributionFields } from '#shared/channels/channels.contract';
import { safeText } from '#shared/text-schema';
import { ANSWER_NESTING_MESSAGE, jsonProblem, jsonTextDeeperThan, NESTING_LIMIT, NUL_MESSAGE, nulPath, UNICODE_MESSAGE } from '#shared/text-rules';
import { emailProblem, normaliseEmail } from '#shared/email';
import { OFF_SITE_NAVIGATION_MESSAGE, offSiteNavigation } from '#shared/responses/survey-navigation';
import { isPlainObject } from '#shared/json-object';

import { CAMPAIGN_MESSAGES } from './campaign-messages';

export { normaliseEmail };
/** The paths and the staff's routes (zod-free, for the landing page and the staff's first page): campaigns.api.ts. */
export { CAMPAIGNS_API, EMAILS_API, SURVEY_PROGRESS_API } from './campaigns.api';
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

/** POST /api/campaign/response: the whole body, answers included (larger → 413). */
export const RESPONSE_BODY_LIMIT = 256 * 1024;

// ---------------------------------------------------------------------------------------------
// E-mail

/** Required first, then valid: a visitor sees one message at a time, the specification's. */
export const emailField = z
  .string({ message: CAMPAIGN_MESSAGES.emailRequired })
  .superRefine((value, ctx) => {
    const problem = emailProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform(normaliseEmail);


const idField = safeText().trim().min(1).max(100);

/**
 * POST /api/email/add. `campaignid` is the active campaign's id; when it is absent, null or empty
 * (no campaign is active) the e-mail is kept as a newsletter sign-up without a campaign.
 */
export const emailAddSchema = z.object({
  email: emailField,
  campaignid: safeText()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => (v ? v : null)),
  // Additions: the notice shown and the separate newsletter box; absent from old clients.
  ...consentFields,
  // Additions (README "Channels"): the short link's code, its UTM values and the referrer's host.
  ...attributionFields,
});
export type EmailAddInput = z.input<typeof emailAddSchema>;

export const emailAddResultSchema = z.object({
  emailID: z.string(),
  message: z.string(),
  /** True when the e-mail was kept as a newsletter sign-up (no campaign). */
  newsletter: z.boolean(),
  /**
   * Present (true) only when this e-mail already has unfinished answers for the campaign: they are
   * not returned here (an e-mail alone proves nothing); a link to continue was e-mailed instead.
   */
  resumeLinkSent: z.literal(true).optional(),
});
export type EmailAddResult = z.infer<typeof emailAddResultSchema>;

// ---------------------------------------------------------------------------------------------
// Survey responses

export type SurveyAnswers = Record<string, unknown>;

/**
 * How deeply answers sent as JSON text may nest: as deep as the object form, which the body guard
 * (src/server/lib/request-guard.ts) counts from the body, where the body and `response` are two
 * levels around the answer.
 */
export const ANSWER_TEXT_NESTING_LIMIT = NESTING_LIMIT - 2;

/**
 * SurveyJS data: an object, or JSON text of one (older clients sent text). The text form follows the
 * rules the body guard applies to the object form (nesting, well-formed Unicode), its depth read from
 * the brackets before it is parsed.
 */
export const answerField = z.unknown().transform((value, ctx): SurveyAnswers => {
  let parsed = value;
  if (typeof value === 'string') {
    if (jsonTextDeeperThan(value, ANSWER_TEXT_NESTING_LIMIT)) {
      ctx.addIssue({ code: 'custom', message: ANSWER_NESTING_MESSAGE });
      return z.NEVER;
    }
    try {
      parsed = JSON.parse(value);
    } catch {
      parsed = undefined;
    }
    const problem = jsonProblem(parsed, ANSWER_TEXT_NESTING_LIMIT);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem.kind === 'nesting' ? ANSWER_NESTING_MESSAGE : UNICODE_MESSAGE, path: problem.path });
      return z.NEVER;
    }
  }
  if (!isPlainObject(parsed)) {
    ctx.addIssue({ code: 'custom', message: CAMPAIGN_MESSAGES.answerInvalid });
    return z.NEVER;
  }
  const nul = nulPath(parsed);
  if (nul) {
    ctx.addIssue({ code: 'custom', message: NUL_MESSAGE, path: nul });
    return z.NEVER;
  }
  return parsed;
});

/** POST /api/campaign/response/:campaignId */
export const surveyResponseSchema = z.object({
  response: z.object({
    email: emailField,
    emailId: idField,
    answer: answerField,
    /** The language the visitor answered in (the page's, when the survey has it); English if left out. */
    language: z.enum(LANGUAGES).optional(),
  }),
});
export type SurveyResponseInput = z.input<typeof surveyResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Answers kept as the visitor goes

/** A resume token lives this long, unless the response is stored first. */
export const RESUME_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Far above any real survey's page count; a page index beyond it is not a survey's. */
export const SURVEY_PAGE_MAX = 10_000;

const resumeTokenField = z.string().min(1).max(200);

/**
 * POST /api/campaign/progress/:campaignId: the answers so far and the (zero-based) page the visitor
 * is on. `resumeToken` is the token this browser already holds, if any: it is kept (and older ones
 * of the record revoked); without a valid one the record's tokens are all revoked and a new one issued.
 */
export const surveyProgressSchema = z.object({
  response: z.object({
    email: emailField,
    emailId: idField,
    answer: answerField,
    page: z.number({ message: 'page must be a whole number from 0.' }).int('page must be a whole number from 0.').min(0, 'page must be a whole number from 0.').max(SURVEY_PAGE_MAX),
    resumeToken: resumeTokenField.optional(),
    /** The language the visitor answers in (the resume e-mail's); English if left out. */
    language: z.enum(LANGUAGES).optional(),
  }),
});
export type SurveyProgressInput = z.input<typeof surveyProgressSchema>;

export const surveyProgressSavedSchema = z.object({ resumeToken: z.string() });
export type SurveyProgressSaved = z.infer<typeof surveyProgressSavedSchema>;

/** GET /api/campaign/progress/:campaignId?token=… */
export const surveyProgressQuerySchema = z.object({ token: resumeTokenField });

/** What the token holder gets back: the answers, the page, and the e-mail record they belong to. */
export const surveyProgressReadSchema = z.object({
  answer: z.record(z.string(), z.unknown()),
  page: z.number(),
  email: z.string(),
  emailId: z.string(),
});
export type SurveyProgress = z.infer<typeof surveyProgressReadSchema>;

export const surveyResumeQuerySchema = z.object({ token: z.string().min(1).max(200) });

/**
 * GET /api/campaign/resume?token=: what a resume link opens: the survey it was made
 * for, whichever is active now, and the answers so far.
 */
export const surveyResumeSchema = z.object({
  campaign: z.object({ _id: z.string(), name: z.string(), questions: z.string(), questioncolumns: z.string(), isActive: z.boolean() }),
  progress: surveyProgressReadSchema,
});
export type SurveyResume = z.infer<typeof surveyResumeSchema>;

// ---------------------------------------------------------------------------------------------
// Campaigns

type JsonObject = Record<string, unknown>;

/** A SurveyJS container's elements (`elements`, or the older `questions`). */
function elementsOf(container: JsonObject): unknown[] {
  if (Array.isArray(container.elements)) return container.elements;
  if (Array.isArray(container.questions)) return container.questions;
  return [];
}

// Content elements hold no answer. The same rule as src/shared/survey/survey-questions.ts, which
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

/** GET /api/campaign/answers/:id items; `result` is the answers as JSON text. */
export const answerRowSchema = z.object({
  _id: z.string(),
  email: z.string(),
  date: z.string(),
  result: z.string(),
  /** Only when the query names a status: false for answers kept from an unfinished survey. */
  completed: z.boolean().optional(),
  /** README "Channels", only on answers that have them: the channel the visitor came through, and their UTM values. */
  channel: z.object({ id: z.string(), code: z.string(), name: z.string() }).optional(),
  utm: z.object({ source: z.string(), medium: z.string(), campaign: z.string(), content: z.string(), term: z.string() }).partial().optional(),
});
export type AnswerRow = z.infer<typeof answerRowSchema>;

/** GET /api/email/get/:id items. */
export const emailRecordSchema = z.object({ _id: z.string(), email: z.string(), date: z.string(), isCompleted: z.boolean() });
export type EmailRecord = z.infer<typeof emailRecordSchema>;

/** GET /api/email/all: every captured e-mail, newsletter sign-ups (campaign null) included. */
export const emailListQuerySchema = z.object({
  q: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type EmailListQuery = z.input<typeof emailListQuerySchema>;

export const emailListItemSchema = emailRecordSchema.extend({
  campaignId: z.string().nullable(),
  campaignName: z.string().nullable(),
});
export type EmailListItem = z.infer<typeof emailListItemSchema>;

export const emailListSchema = z.object({ total: z.number(), items: z.array(emailListItemSchema) });
export type EmailList = z.infer<typeof emailListSchema>;

// ---------------------------------------------------------------------------------------------
// Export

/** `<campaign-name>-YYYYMMDD-HHmmss.xlsx`, on the clock of `timeZone` (the studio's time-zone setting). */
export function exportFileName(campaignName: string, at: Date, timeZone: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  const stamp = `${p.year}${p.month}${p.day}-${p.hour}${p.minute}${p.second}`;
  // Characters that no file system or header should see; the rest of the name is kept.
  // eslint-disable-next-line no-control-regex
  const safe = campaignName.replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, ' ').replace(/\s+/g, ' ').trim().replace(/^\.+/, '');
  return `${(safe || 'campaign').slice(0, 80)}-${stamp}.xlsx`;
}

export const activeCampaignListSchema = z.array(activeCampaignSchema);
export const campaignSummaryListSchema = z.array(campaignSummarySchema);
export const answerRowListSchema = z.array(answerRowSchema);
export const emailRecordListSchema = z.array(emailRecordSchema);
/** POST /api/campaign/add answers the new campaign's id. */
export const campaignCreatedSchema = messageAnswer.extend({ _id: z.string() });
/** GET /api/campaign/recordcnt/:id: completed responses. */
export const responseCountSchema = z.object({ count: z.number() });
/** GET /api/campaign/colheader/:id. */
export const questionColumnsSchema = z.array(z.object({ questioncolumns: z.string() }));

