import { emiInput, type EmiInput } from '#shared/listings/emi';

/**
 * What a home's or decor piece's page reads from its address (the server renders with the same
 * names: pages.plugin.ts LISTING_PAGE_QUERY_PARAMS):
 * - `intent=visit`: "Book a site visit" led here; the enquiry opens with a site visit chosen.
 * - `loan`, `rate`, `years`: the EMI estimate's inputs, sent by its form when the page runs without script.
 */
export type ListingIntent = 'visit' | 'enquiry';

export interface ListingPageQuery {
  intent: ListingIntent;
  emi: EmiInput;
}

export function listingPageQuery(search: URLSearchParams): ListingPageQuery {
  return {
    intent: search.get('intent') === 'visit' ? 'visit' : 'enquiry',
    emi: emiInput({ loanSharePercent: search.get('loan'), ratePercent: search.get('rate'), years: search.get('years') }),
  };
}

/** The id of the page's enquiry section ("Ask about this home"), where the enquiry form is mounted. */
export const ENQUIRE_ID = 'enquire';

/** "Book a site visit": the page's enquiry, with a site visit chosen. */
export function siteVisitHref(pagePath: string): string {
  return `${pagePath}?intent=visit#${ENQUIRE_ID}`;
}
