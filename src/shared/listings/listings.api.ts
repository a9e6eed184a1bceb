import { apiPath } from '../api-path';
import type { ListingKind } from './listings.contract';

/** One kind's routes: the list (public), add and update (staff, multipart) and delete (staff). */
function listingPaths<const K extends ListingKind>(kind: K) {
  return {
    /** GET, public: the records, newest first. */
    list: `/api/${kind}/get`,
    /** POST, staff (multipart). */
    add: `/api/${kind}/add`,
    /** POST, staff (multipart): the form carries the record's id. */
    update: `/api/${kind}/update`,
    /** DELETE, staff. */
    remove: apiPath(`/api/${kind}/delete/:id`),
  } as const;
}

/** Projects (homes), products (decor) and studio records (SPEC.md §5): the same four routes per kind. */
export const LISTINGS_API = {
  project: listingPaths('project'),
  product: listingPaths('product'),
  studio: listingPaths('studio'),
} as const satisfies Record<ListingKind, unknown>;
