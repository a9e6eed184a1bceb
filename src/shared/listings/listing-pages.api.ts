import type { z } from 'zod';
import { apiPath } from '../api-path';
import { route } from '../api-route';
import type { productItem, projectItem } from './listings.contract';

/**
 * What a home's or decor piece's page reads besides the item itself. No zod here: the
 * public pages load this file (answers are named by type only).
 */
export const LISTING_PAGES_API = {
  /** GET, public: up to four homes like this one (same locality or unit size, then nearest price); 404 for an unknown id. */
  similarProjects: apiPath('/api/project/similar/:id'),
  /** GET, public: up to four decor pieces like this one (most tags in common, then nearest price); 404 for an unknown id. */
  similarProducts: apiPath('/api/product/similar/:id'),
  /** GET, public: an SVG QR code of the home's RERA registration (reraQrText); 404 when it has none. */
  reraQr: apiPath('/api/project/rera-qr/:id'),
} as const;

/** Up to this many similar listings are shown. */
export const SIMILAR_MAX = 4;

export const LISTING_PAGES_ROUTES = {
  similarProjects: route<z.ZodArray<typeof projectItem>>('GET', LISTING_PAGES_API.similarProjects),
  similarProducts: route<z.ZodArray<typeof productItem>>('GET', LISTING_PAGES_API.similarProducts),
};
