import { z } from 'zod';
import { messageAnswer } from '../api-answer';

const homeKindSchema = z.enum(['penthouse', 'villa', 'plot', 'independent-house', 'apartment']);
const calendarDaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A reason as a value (match-reasons.ts's MatchReason): what each language says. */
export const matchReasonSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('budget') }),
  z.object({ kind: z.literal('homeKind'), home: homeKindSchema }),
  z.object({ kind: z.literal('bedrooms'), n: z.number() }),
  z.object({ kind: z.literal('locality'), name: z.string() }),
  z.object({ kind: z.literal('area'), sqft: z.number() }),
  z.object({ kind: z.literal('readyBy'), date: calendarDaySchema }),
  z.object({ kind: z.literal('words'), text: z.string() }),
]);

/** A miss as a value (match-reasons.ts's MatchMiss). */
export const matchMissSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('budget'),
    price: z.number(),
    direction: z.enum(['below', 'above']),
    range: z.object({ min: z.number(), max: z.number().nullable() }),
  }),
  z.object({ kind: z.literal('homeKind'), home: homeKindSchema, asked: z.array(homeKindSchema), askedWords: z.array(z.string()) }),
  z.object({ kind: z.literal('bedrooms'), beds: z.number().nullable(), size: z.string(), asked: z.array(z.object({ n: z.number(), atLeast: z.boolean() })) }),
  z.object({ kind: z.literal('locality'), place: z.string(), asked: z.array(z.object({ places: z.array(z.string()), city: z.string().optional() })) }),
  z.object({ kind: z.literal('area'), sqft: z.number(), min: z.number() }),
  z.object({ kind: z.literal('readyBy'), date: calendarDaySchema, by: calendarDaySchema }),
  z.object({ kind: z.literal('words'), asked: z.array(z.string()) }),
]);

/**
 * A matched home or decor item as the API sends it; `misses` empty for a fit.
 * `reasons` and `misses` are English words; `reasonValues` and `missValues` the same as values, one
 * for each (decision 0047), absent from results stored before they were kept.
 */
export const matchedListingSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Its Hindi name, when it has one (shown on Hindi pages). */
  nameHi: z.string().optional(),
  image: z.string(),
  reasons: z.array(z.string()),
  misses: z.array(z.string()),
  reasonValues: z.array(matchReasonSchema).optional(),
  missValues: z.array(matchMissSchema).optional(),
});

/** What matching answers for one response: see ListingMatches in listing-match.ts. */
export const listingMatchesSchema = z.object({
  projects: z.array(matchedListingSchema),
  products: z.array(matchedListingSchema),
  asked: z.object({ projects: z.boolean(), products: z.boolean() }),
});

/** POST /api/campaign/response/:campaignId: the stored answer's matches: what fits, else the nearest; empty when the survey sets no listingMatch. */
export const responseStoredSchema = messageAnswer.extend({ matches: listingMatchesSchema });
