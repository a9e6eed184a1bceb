import type { z } from 'zod';
import type { MessageAnswer, messageAnswer } from '../api-answer';
import { apiPath } from '../api-path';
import { route, type ApiRoute } from '../api-route';
import type { FilterableKind, ListingChoices } from './listing-filters';
import type { productChoicesSchema, projectChoicesSchema } from './listing-filters.contract';
import type { ListingItems, ListingKind, ListingSaved, listingSavedSchema, productItem, projectItem, studioItem } from './listings.contract';

/** One kind's routes: the list (public), add and update (staff, multipart) and delete (staff). */
function listingPaths<const K extends ListingKind>(kind: K) {
  return {
    /**
     * GET, public: the records, newest first. Homes and decor take filters and an order as query
     * parameters (listing-filters.ts); without any the answer is the whole list, as it always was.
     */
    list: `/api/${kind}/get`,
    /** GET, public: one record, or 404 with the kind's "id not found" message. */
    one: apiPath(`/api/${kind}/get/:id`),
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

interface ItemSchemas {
  project: typeof projectItem;
  product: typeof productItem;
  studio: typeof studioItem;
}

/** One kind's routes with their answers (by type only: the public listing pages load this file). */
function listingRoutes<const K extends ListingKind>(kind: K) {
  const paths = LISTINGS_API[kind];
  return {
    list: route<z.ZodArray<ItemSchemas[K]>>('GET', paths.list),
    one: route<z.ZodType<ListingItems[K]>>('GET', paths.one),
    add: route<typeof listingSavedSchema>('POST', paths.add),
    update: route<typeof listingSavedSchema>('POST', paths.update),
    remove: route<typeof messageAnswer>('DELETE', paths.remove),
  };
}

/** The same routes for any kind: `LISTINGS_ROUTES[kind]` keeps the kind's item type for a generic `kind`. */
interface ListingRoutes<K extends ListingKind> {
  list: ApiRoute<Array<ListingItems[K]>>;
  one: ApiRoute<ListingItems[K]>;
  add: ApiRoute<ListingSaved>;
  update: ApiRoute<ListingSaved>;
  remove: ApiRoute<MessageAnswer>;
}

export const LISTINGS_ROUTES: { [K in ListingKind]: ListingRoutes<K> } = {
  project: listingRoutes('project'),
  product: listingRoutes('product'),
  studio: listingRoutes('studio'),
};

/** GET, public: what the filter forms of the homes and decor pages offer, from the listings themselves. */
export const LISTING_CHOICES_API = {
  project: '/api/project/choices',
  product: '/api/product/choices',
} as const;

export const LISTING_CHOICES_ROUTES: { [K in FilterableKind]: ApiRoute<ListingChoices[K]> } = {
  project: route<typeof projectChoicesSchema>('GET', LISTING_CHOICES_API.project),
  product: route<typeof productChoicesSchema>('GET', LISTING_CHOICES_API.product),
};
