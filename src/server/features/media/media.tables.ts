import type { Timestamp } from '#server/db/column-types';
import type { PhotoFormat } from '#shared/listings/listing-photos';

/** Stored images: 300×300 JPEGs, keyed by the SHA-256 of their bytes (stored once, shared by records). */
export interface ImagesTable {
  hash: string;
  bytes: Buffer;
  width: number;
  height: number;
  createdAt: Timestamp;
}

/**
 * A listing photo, keyed by the SHA-256 of the uploaded file: the same upload is stored
 * once, whichever listings show it. Its renditions are in `photo_renditions`.
 */
export interface PhotosTable {
  id: string;
  /** The largest rendition's size. */
  width: number;
  height: number;
  /** JSON array of the widths stored, ascending. */
  widths: string;
  createdAt: Timestamp;
}

/** One size and format of a photo, as served at /media/photos/{photoId}/{width}.{ext}. */
export interface PhotoRenditionsTable {
  photoId: string;
  width: number;
  format: PhotoFormat;
  bytes: Buffer;
}

/** A document (a project's floor plan): a PDF as uploaded, or an image re-encoded; keyed by the SHA-256 of the upload. */
export interface FilesTable {
  hash: string;
  type: 'image' | 'pdf';
  contentType: string;
  bytes: Buffer;
  createdAt: Timestamp;
}

export interface MediaTables {
  images: ImagesTable;
  photos: PhotosTable;
  photoRenditions: PhotoRenditionsTable;
  files: FilesTable;
}
