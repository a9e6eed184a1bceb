import type { ListingItems, ListingKind } from '../../../shared/listings/listings.contract';
import { api } from '../../lib/api-client';

export interface SavedAnswer {
  message: string;
  _id: string;
}

/** GET /api/{kind}/get: the records, newest first. */
export function fetchListings<K extends ListingKind>(kind: K, init?: RequestInit): Promise<Array<ListingItems[K]>> {
  return api.get<Array<ListingItems[K]>>(`/api/${kind}/get`, init);
}

/** POST /api/{kind}/add, or /update when the form carries the record's id (multipart). */
export function saveListing(kind: ListingKind, form: FormData, update: boolean): Promise<SavedAnswer> {
  return api.post<SavedAnswer>(`/api/${kind}/${update ? 'update' : 'add'}`, form);
}

/** DELETE /api/{kind}/delete/{id} */
export function deleteListing(kind: ListingKind, id: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/api/${kind}/delete/${encodeURIComponent(id)}`);
}
