import type { Timestamp } from '#server/db/column-types';

/** Stored images: 300×300 JPEGs, keyed by the SHA-256 of their bytes (stored once, shared by records). */
export interface ImagesTable {
  hash: string;
  bytes: Buffer;
  width: number;
  height: number;
  createdAt: Timestamp;
}

export interface MediaTables {
  images: ImagesTable;
}
