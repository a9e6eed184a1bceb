import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date | string, Date | string, Date | string>;

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
