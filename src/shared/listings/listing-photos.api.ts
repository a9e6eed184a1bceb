import { apiPath } from '../api-path';
import { route } from '../api-route';
import type { ListingKind } from './listings.contract';
import type { floorPlanAnswer, photosAnswer } from './listing-photos.contract';

/** One kind's photo routes (staff): upload, order, alt text and delete. */
function photoPaths<const K extends ListingKind>(kind: K) {
  return {
    /** POST (multipart): one `file` part per photo, optional `alt` parts in the same order; appended after the others. */
    add: apiPath(`/api/${kind}/photos/:id`),
    /** PUT `{ ids }`: every photo of the listing, cover first. */
    order: apiPath(`/api/${kind}/photos/:id/order`),
    /** PUT `{ alt }` (the alt text) or DELETE (the photo). */
    one: apiPath(`/api/${kind}/photos/:id/:photoId`),
  } as const;
}

export const LISTING_PHOTOS_API = {
  project: photoPaths('project'),
  product: photoPaths('product'),
  studio: photoPaths('studio'),
} as const satisfies Record<ListingKind, unknown>;

/** A project's floor plan (staff): POST (multipart `file`, a PDF or an image; replaces the current one) and DELETE. */
export const FLOOR_PLAN_API = {
  project: apiPath('/api/project/floorplan/:id'),
} as const;

function photoRoutes<const K extends ListingKind>(kind: K) {
  const paths = LISTING_PHOTOS_API[kind];
  return {
    add: route<typeof photosAnswer>('POST', paths.add),
    order: route<typeof photosAnswer>('PUT', paths.order),
    alt: route<typeof photosAnswer>('PUT', paths.one),
    remove: route<typeof photosAnswer>('DELETE', paths.one),
  };
}

export const LISTING_PHOTOS_ROUTES = {
  project: photoRoutes('project'),
  product: photoRoutes('product'),
  studio: photoRoutes('studio'),
};

export const FLOOR_PLAN_ROUTES = {
  set: route<typeof floorPlanAnswer>('POST', FLOOR_PLAN_API.project),
  remove: route<typeof floorPlanAnswer>('DELETE', FLOOR_PLAN_API.project),
};
