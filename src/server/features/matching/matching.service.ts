import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import type { ContentCache } from '#server/lib/content-cache';
import {
  matchInputs,
  matchListings,
  prepareListings,
  type ListingMatches,
  type MatchableProduct,
  type MatchableProject,
  type PreparedListings,
} from '#shared/matching/listing-match';
import { parseAnswers } from '#shared/survey-json/survey-questions';
import { listingKinds, listItems } from '#server/features/listings';
import { findCampaign } from '#server/features/surveys';

export const NO_MATCHES: ListingMatches = { projects: [], products: [], asked: { projects: false, products: false } };

interface Matchable {
  projects: MatchableProject[];
  products: MatchableProduct[];
}

/**
 * Every home and decor item, as the rules read them. Kept in the app's content cache: a staff
 * write (a new listing, a changed price) makes it stale on every instance, like the public lists.
 */
function matchableListings(cache: ContentCache, db: Kysely<Database>): Promise<PreparedListings> {
  return cache.get('matching:listings', async () => {
    const [projects, products] = await Promise.all([listItems(db, listingKinds.project), listItems(db, listingKinds.product)]);
    return prepareListings({ projects, products } as Matchable);
  });
}

/**
 * A campaign's survey definition, parsed once. A staff write (an edit of the campaign) clears it;
 * edits stop with the first response anyway.
 */
function surveyDefinition(cache: ContentCache, db: Kysely<Database>, campaignId: string): Promise<unknown> {
  return cache.get(`matching:survey:${campaignId}`, async () => {
    const row = await findCampaign(db, campaignId);
    return row ? parseAnswers(row.questions) : {};
  });
}

/**
 * The homes and decor that fit a visitor's answers, at most three of each, with reasons; where none
 * fits, the nearest with why each is not a fit; `asked` says which kinds the answers are
 * about. Computed once per response and stored with it: /result, the e-mails and the lead all show
 * this one result. A survey with no `listingMatch` question costs one cached lookup and no scan.
 */
export async function matchesFor(cache: ContentCache, db: Kysely<Database>, campaignId: string, answers: Record<string, unknown>): Promise<ListingMatches> {
  const inputs = matchInputs(await surveyDefinition(cache, db, campaignId), answers);
  if (inputs.length === 0) return NO_MATCHES;
  return matchListings(inputs, await matchableListings(cache, db));
}
