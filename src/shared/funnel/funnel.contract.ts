import { z } from 'zod';

/** The steps of the funnel in order (decision 0035 defines each). */
export const FUNNEL_STEPS = ['visits', 'emails', 'completed', 'contacted', 'visitBooked', 'visitDone', 'won'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export const FUNNEL_STEP_LABELS: Record<FunnelStep, string> = {
  visits: 'Link visits',
  emails: 'E-mails given',
  completed: 'Surveys completed',
  contacted: 'Contacted',
  visitBooked: 'Visit booked',
  visitDone: 'Visit done',
  won: 'Won',
};

/** The row of leads that came through no channel. */
export const NO_CHANNEL_NAME = 'No channel';
/** `channelId=none` selects that row. */
export const NO_CHANNEL_PARAM = 'none';

export const FUNNEL_MESSAGES = {
  date: 'Dates are YYYY-MM-DD.',
  range: 'The end date must be on or after the start date.',
  campaignId: 'Please choose a campaign.',
  campaignUnknown: 'This campaign does not exist.',
  channelId: 'This channel does not exist.',
  source: 'Choose a channel or a source, not both.',
} as const;

/**
 * What a funnel row counts (decision 0057): a campaign's channel (`channel`, "Deleted channel" too),
 * the leads of no channel (`none`), or a source of imported and API leads: `import`, `api`, or
 * `mixed` when both brought leads under the one source.
 */
export const FUNNEL_ROW_KINDS = ['channel', 'none', 'import', 'api', 'mixed'] as const;
export type FunnelRowKind = (typeof FUNNEL_ROW_KINDS)[number];

const day = z
  .string({ message: FUNNEL_MESSAGES.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, FUNNEL_MESSAGES.date)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), FUNNEL_MESSAGES.date);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
const id = z.string({ message: FUNNEL_MESSAGES.channelId }).trim().min(1).max(100);

/** GET /api/funnel and /api/funnel.xlsx: studio days `from`…`to` (both included), a campaign, a channel (`none`: no channel). */
export const funnelQuerySchema = z
  .object({
    from: optional(day),
    to: optional(day),
    campaignId: optional(
      z.string({ message: FUNNEL_MESSAGES.campaignUnknown }).trim().min(1, FUNNEL_MESSAGES.campaignUnknown).max(100, FUNNEL_MESSAGES.campaignUnknown),
    ),
    channelId: optional(id),
    /** Decision 0057: one source's row (any spelling of its name). */
    source: optional(z.string().trim().min(1).max(200)),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: FUNNEL_MESSAGES.range, path: ['to'] })
  .refine((q) => !q.source || !q.channelId, { message: FUNNEL_MESSAGES.source, path: ['source'] });
export type FunnelQuery = z.infer<typeof funnelQuerySchema>;

const counts = {
  visits: z.number().int(),
  emails: z.number().int(),
  completed: z.number().int(),
  contacted: z.number().int(),
  visitBooked: z.number().int(),
  visitDone: z.number().int(),
  won: z.number().int(),
  /** Minutes from the e-mail (the lead's creation) to its first contact, the median over the contacted; null: none contacted. */
  medianFirstContactMinutes: z.number().nullable(),
};

export const funnelRowSchema = z.object({
  channelId: z.string().nullable(),
  name: z.string(),
  ...counts,
  /** Decision 0057: the source's key for a row of imported and API leads; null for the others. */
  source: z.string().nullable(),
  kind: z.enum(FUNNEL_ROW_KINDS),
});
export type FunnelRow = z.infer<typeof funnelRowSchema>;
export const funnelTotalSchema = z.object(counts);
export type FunnelTotal = z.infer<typeof funnelTotalSchema>;

export const funnelSchema = z.object({ channels: z.array(funnelRowSchema), total: funnelTotalSchema });
export type Funnel = z.infer<typeof funnelSchema>;

/** Each step's share of the step before it, in percent (one decimal); null for the first step or when the one before is 0. */
export function stepConversions(row: Pick<FunnelTotal, FunnelStep>): Record<FunnelStep, number | null> {
  const out = {} as Record<FunnelStep, number | null>;
  FUNNEL_STEPS.forEach((step, i) => {
    const before = i === 0 ? 0 : row[FUNNEL_STEPS[i - 1]!];
    out[step] = i === 0 || before === 0 ? null : Math.round((row[step] / before) * 1000) / 10;
  });
  return out;
}

/** GET /api/funnel/dropoff */
export const dropoffQuerySchema = z
  .object({
    campaignId: z.string({ message: FUNNEL_MESSAGES.campaignId }).trim().min(1, FUNNEL_MESSAGES.campaignId).max(100, FUNNEL_MESSAGES.campaignUnknown),
    channelId: optional(id),
    from: optional(day),
    to: optional(day),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: FUNNEL_MESSAGES.range, path: ['to'] });
export type DropoffQuery = z.infer<typeof dropoffQuerySchema>;

export const dropoffQuestionSchema = z.object({
  name: z.string(),
  title: z.string(),
  /** Visitors who reached the question's page while it was visible to them (visibleIf respected). */
  shown: z.number().int(),
  /** Of those, the ones who answered it. */
  answered: z.number().int(),
  /** Visitors who have not finished and whose answers stop at this question. */
  stoppedHere: z.number().int(),
});
export type DropoffQuestion = z.infer<typeof dropoffQuestionSchema>;
export const dropoffSchema = z.object({ questions: z.array(dropoffQuestionSchema) });
export type Dropoff = z.infer<typeof dropoffSchema>;
