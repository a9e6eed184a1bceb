import { LISTINGS_ROUTES } from '#shared/listings/listings.api';
import type { ListingItems, ListingKind } from '#shared/listings/listings.contract';
import { api } from '#web/lib/api-client';

export type { ListingSaved as SavedAnswer } from '#shared/listings/listings.contract';

/** GET /api/{kind}/get: the records, newest first. */
export function fetchListings<K extends ListingKind>(kind: K, init: { signal?: AbortSignal } = {}): Promise<Array<ListingItems[K]>> {
  return api.call(LISTINGS_ROUTES[kind].list, { signal: init.signal });
}

/** POST /api/{kind}/add, or /update when the form carries the record's id (multipart). */
export function saveListing(kind: ListingKind, form: FormData, update: boolean) {
  return api.call(update ? LISTINGS_ROUTES[kind].update : LISTINGS_ROUTES[kind].add, { body: form });
}

/** DELETE /api/{kind}/delete/{id} */
export function deleteListing(kind: ListingKind, id: string) {
  return api.call(LISTINGS_ROUTES[kind].remove, { params: [id] });
}
