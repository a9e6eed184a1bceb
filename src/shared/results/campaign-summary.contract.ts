import { z } from 'zod';

/**
 * The staff results page: a campaign's summary (`RESULTS_API.summary`), and the filters
 * that the summary, the answers table (`RESULTS_API.answers`) and the .xlsx download
 * (`RESULTS_API.download`) share. Without a status all three take completed responses only;
 * unfinished answers come with `status=unfinished` or `all`.
 */

export const RESULT_STATUSES = ['completed', 'unfinished', 'all'] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

export const SUMMARY_MESSAGES = {
  badDate: 'Dates are written YYYY-MM-DD, for example 2026-03-01.',
  dateOrder: 'The start date must be on or before the end date.',
  badStatus: 'The status is completed, unfinished or all.',
  unknownQuestion: (name: string) => `This survey has no choice question named "${name}": answers can be filtered on choice questions only.`,
  badValue: (name: string) => `The answer to filter "${name}" on must be one value, at most 500 characters.`,
} as const;

/** Query keys that are not a question's name. */
export const RESERVED_FILTER_KEYS = new Set(['from', 'to', 'status', 'limit', 'offset', 'channelId']);

/** README "Channels": only answers of visitors who came through this channel (its id). */
const channelIdField = z.string().max(100, 'A channel id is at most 100 characters.').optional();

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayField = z
  .string()
  .refine((v) => DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), SUMMARY_MESSAGES.badDate)
  .optional();

/**
 * `from` and `to` are UTC days, both included; `status` picks completed responses, unfinished
 * answers (kept as visitors go) or both. Any other key is "the answer to question <key> is <value>"
 * (choice questions only; for several-choice questions, "one of the picks is <value>"). The
 * service checks those keys against the survey.
 */
export const resultFiltersSchema = z
  .object({
    from: dayField,
    to: dayField,
    status: z.enum(RESULT_STATUSES, { message: SUMMARY_MESSAGES.badStatus }).optional(),
    channelId: channelIdField,
  })
  .catchall(z.unknown())
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: SUMMARY_MESSAGES.dateOrder });
  });
export type ResultFiltersQuery = z.input<typeof resultFiltersSchema>;

/** The answers table's paging, with the filters. */
export const answersQuerySchema = z
  .object({
    from: dayField,
    to: dayField,
    status: z.enum(RESULT_STATUSES, { message: SUMMARY_MESSAGES.badStatus }).optional(),
    channelId: channelIdField,
    limit: z.coerce.number().int().min(1).max(1000).optional(),
    offset: z.coerce.number().int().min(0).optional(),
  })
  .catchall(z.unknown())
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: SUMMARY_MESSAGES.dateOrder });
  });

const scalar = z.union([z.string(), z.number(), z.boolean()]);
const choiceCount = z.object({ value: scalar, text: z.string(), count: z.number() });

export const choicesStatsSchema = z.object({ choices: z.array(choiceCount) });
export const ratingStatsSchema = z.object({
  average: z.number().nullable(),
  distribution: z.array(z.object({ value: scalar, text: z.string(), count: z.number() })),
});
export const numberStatsSchema = z.object({
  min: z.number().nullable(),
  median: z.number().nullable(),
  max: z.number().nullable(),
  /** Up to ten equal-width bins from min to max; the last bin includes max. */
  histogram: z.array(z.object({ from: z.number(), to: z.number(), count: z.number() })),
});
export const textStatsSchema = z.object({ latest: z.array(z.string()) });
/** One stacked bar per row: how many picked each column. */
export const matrixStatsSchema = z.object({ rows: z.array(z.object({ value: scalar, text: z.string(), choices: z.array(choiceCount) })) });

const questionBase = z.object({ name: z.string(), title: z.string(), answered: z.number() });

/** `type` is the kind of figures (and chart) that fits the question. */
export const questionSummarySchema = z.discriminatedUnion('type', [
  questionBase.extend({ type: z.literal('choices'), multiple: z.boolean(), stats: choicesStatsSchema }),
  questionBase.extend({ type: z.literal('boolean'), stats: choicesStatsSchema }),
  questionBase.extend({ type: z.literal('rating'), stats: ratingStatsSchema }),
  questionBase.extend({ type: z.literal('number'), stats: numberStatsSchema }),
  questionBase.extend({ type: z.literal('text'), stats: textStatsSchema }),
  questionBase.extend({ type: z.literal('matrix'), stats: matrixStatsSchema }),
]);
export type QuestionSummary = z.infer<typeof questionSummarySchema>;

/**
 * GET /api/campaign/summary/:id. `total` counts the answers the status picks; `completed` and
 * `unfinished` count each kind under the dates and answer filters. The funnel follows the visitors
 * whose e-mail was given in the period (and, with an answer filter, whose answers match): e-mails
 * given → survey started → each later page reached → completed. `perDay` counts the picked answers
 * by UTC day (a completed one on the day it was sent, an unfinished one on its last change).
 */
export const campaignSummaryResultSchema = z.object({
  total: z.number(),
  completed: z.number(),
  unfinished: z.number(),
  funnel: z.array(z.object({ step: z.string(), label: z.string(), count: z.number() })),
  perDay: z.array(z.object({ date: z.string(), count: z.number() })),
  questions: z.array(questionSummarySchema),
});
export type CampaignSummaryResult = z.infer<typeof campaignSummaryResultSchema>;
