import { LISTINGS_API } from '#shared/listings/listings.api';
import type { ListingItems, ListingKind } from '#shared/listings/listings.contract';
import { api } from '#web/lib/api-client';

export interface SavedAnswer {
  message: string;
  _id: string;
}

/** GET /api/{kind}/get: the records, newest first. */
export function fetchListings<K extends ListingKind>(kind: K, init?: RequestInit): Promise<Array<ListingItems[K]>> {
  return api.get<Array<ListingItems[K]>>(LISTINGS_API[kind].list, init);
}

/** POST /api/{kind}/add, or /update when the form carries the record's id (multipart). */
export function saveListing(kind: ListingKind, form: FormData, update: boolean): Promise<SavedAnswer> {
  return api.post<SavedAnswer>(update ? LISTINGS_API[kind].update : LISTINGS_API[kind].add, form);
}

/** DELETE /api/{kind}/delete/{id} */
export function deleteListing(kind: ListingKind, id: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(LISTINGS_API[kind].remove(id));
}
