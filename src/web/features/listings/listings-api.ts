import type { FilterableKind, ListingChoices } from '#shared/listings/listing-filters';
import { LISTING_CHOICES_ROUTES, LISTINGS_ROUTES } from '#shared/listings/listings.api';
import { FLOOR_PLAN_ROUTES, LISTING_PHOTOS_ROUTES } from '#shared/listings/listing-photos.api';
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

/** POST /api/{kind}/photos/{id} (multipart): one `file` part per photo, appended after the others. */
export function uploadPhotos(kind: ListingKind, id: string, files: readonly File[]) {
  const body = new FormData();
  for (const file of files) body.append('file', file, file.name);
  return api.call(LISTING_PHOTOS_ROUTES[kind].add, { params: [id], body });
}

/** PUT /api/{kind}/photos/{id}/order: every photo id, cover first. */
export function orderPhotos(kind: ListingKind, id: string, ids: readonly string[]) {
  return api.call(LISTING_PHOTOS_ROUTES[kind].order, { params: [id], body: { ids: [...ids] } });
}

/** PUT /api/{kind}/photos/{id}/{photoId}: the photo's alt text. */
export function savePhotoAlt(kind: ListingKind, id: string, photoId: string, alt: string) {
  return api.call(LISTING_PHOTOS_ROUTES[kind].alt, { params: [id, photoId], body: { alt } });
}

/** DELETE /api/{kind}/photos/{id}/{photoId} */
export function deletePhoto(kind: ListingKind, id: string, photoId: string) {
  return api.call(LISTING_PHOTOS_ROUTES[kind].remove, { params: [id, photoId] });
}

/** POST /api/project/floorplan/{id} (multipart `file` and `filename`): sets or replaces the floor plan. */
export function uploadFloorPlan(id: string, file: File) {
  const body = new FormData();
  body.append('filename', file.name);
  body.append('file', file, file.name);
  return api.call(FLOOR_PLAN_ROUTES.set, { params: [id], body });
}

/** DELETE /api/project/floorplan/{id} */
export function removeFloorPlan(id: string) {
  return api.call(FLOOR_PLAN_ROUTES.remove, { params: [id] });
}
