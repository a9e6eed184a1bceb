import type { FilterableKind, ListingChoices } from '#shared/listings/listing-filters';
import { LISTING_CHOICES_ROUTES, LISTINGS_ROUTES } from '#shared/listings/listings.api';
import type { ListingItems, ListingKind } from '#shared/listings/listings.contract';
import { api } from '#web/lib/api-client';

export type { ListingSaved as SavedAnswer } from '#shared/listings/listings.contract';

/** GET /api/{kind}/get: the records, newest first; homes and decor with their filters and order in `query` (listing-filters.ts). */
export function fetchListings<K extends ListingKind>(kind: K, init: { signal?: AbortSignal; query?: URLSearchParams } = {}): Promise<Array<ListingItems[K]>> {
  return api.call(LISTINGS_ROUTES[kind].list, { signal: init.signal, query: init.query });
}

/** GET /api/{project,product}/choices: what the filter form offers. */
export function fetchChoices<K extends FilterableKind>(kind: K, init: { signal?: AbortSignal } = {}): Promise<ListingChoices[K]> {
  return api.call(LISTING_CHOICES_ROUTES[kind], { signal: init.signal });
}

/** POST /api/{kind}/add, or /update when the form carries the record's id (multipart). */
export function saveListing(kind: ListingKind, form: FormData, update: boolean) {
  return api.call(update ? LISTINGS_ROUTES[kind].update : LISTINGS_ROUTES[kind].add, { body: form });
}

/** DELETE /api/{kind}/delete/{id} */
export function deleteListing(kind: ListingKind, id: string) {
  return api.call(LISTINGS_ROUTES[kind].remove, { params: [id] });
}
