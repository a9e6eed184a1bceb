import { z } from 'zod';
import { messageAnswer } from '../api-answer';

/** A matched home or decor item as the API sends it (issue 16); `misses` empty for a fit (issue 22). */
export const matchedListingSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Its Hindi name, when it has one (shown on Hindi pages). */
  nameHi: z.string().optional(),
  image: z.string(),
  reasons: z.array(z.string()),
  misses: z.array(z.string()),
});

/** What matching answers for one response: see ListingMatches in listing-match.ts. */
export const listingMatchesSchema = z.object({
  projects: z.array(matchedListingSchema),
  products: z.array(matchedListingSchema),
  asked: z.object({ projects: z.boolean(), products: z.boolean() }),
});

/** POST /api/campaign/response/:campaignId: the stored answer's matches (issues 16, 22): what fits, else the nearest; empty when the survey sets no listingMatch. */
export const responseStoredSchema = messageAnswer.extend({ matches: listingMatchesSchema });
