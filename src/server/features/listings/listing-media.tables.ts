import type { Timestamp } from '#server/db/column-types';
import type { ListingKind } from '#shared/listings/listings.contract';

/**
 * What a listing shows besides its image: its photos, in order, and a project's floor
 * plan. A row names a stored photo or file by its hash (media keeps the bytes, and removes them when
 * no row names them any more) and copies what the item needs (size, widths, type), so a page of
 * listings gets all of theirs in one query of this table.
 */
export interface ListingMediaTable {
  kind: ListingKind;
  listingId: string;
  role: 'photo' | 'floorPlan';
  /** The photo's id, or the file's hash. */
  mediaId: string;
  /** 0 is the cover; a floor plan's is 0. */
  position: number;
  /** A photo's text for screen readers; empty means the listing's name. */
  alt: string;
  /** A photo's largest rendition (0 for a floor plan). */
  width: number;
  height: number;
  /** A photo's widths, as a JSON array ('[]' for a floor plan). */
  widths: string;
  /** A floor plan's type ('image' or 'pdf') and content type ('' for a photo). */
  fileType: string;
  contentType: string;
  /** A floor plan's name as served ('' for a photo). */
  filename: string;
  createdAt: Timestamp;
}

export interface ListingMediaTables {
  listingMedia: ListingMediaTable;
}
