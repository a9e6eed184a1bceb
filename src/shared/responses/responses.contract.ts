import { z } from 'zod';
import { LANGUAGES } from '#shared/i18n/languages';
import { consentFields } from '#shared/consent/consent.contract';
import { attributionFields } from '#shared/channels/channels.contract';
import { safeText } from '#shared/text-schema';
import { ANSWER_NESTING_MESSAGE, jsonProblem, jsonTextDeeperThan, NESTING_LIMIT, NUL_MESSAGE, nulPath, UNICODE_MESSAGE } from '#shared/text-rules';
import { emailProblem, normaliseEmail } from '#shared/email';
import { isPlainObject } from '#shared/json-object';
import { CAMPAIGN_MESSAGES } from '#shared/surveys/campaign-messages';

/**
 * The responses room's contract: the e-mail a visitor gives, the survey's answers, the answers kept as
 * the visitor goes (progress and resume), and the staff's lists of e-mail records. The paths are in
 * responses.api.ts (zod-free, for the landing page).
 */

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
    page: z
      .number({ message: 'page must be a whole number from 0.' })
      .int('page must be a whole number from 0.')
      .min(0, 'page must be a whole number from 0.')
      .max(SURVEY_PAGE_MAX),
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
// E-mail records (staff)

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

export const emailRecordListSchema = z.array(emailRecordSchema);
