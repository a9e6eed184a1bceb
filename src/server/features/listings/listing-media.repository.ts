import { SqliteAdapter, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { ListingKind } from '#shared/listings/listings.contract';
import type { Database } from '#server/db/schema';
import type { ListingMediaTable } from './listing-media.tables';
import type { ListingTableName } from './listings.tables';

export type ListingMediaRow = Omit<Selectable<ListingMediaTable>, 'createdAt' | 'kind'>;
const COLUMNS = ['listingId', 'role', 'mediaId', 'position', 'alt', 'width', 'height', 'widths', 'fileType', 'contentType', 'filename'] as const;

/** Past this many listings, a page's media are read by kind (one query still) rather than by a list of ids. */
const IDS_PER_QUERY = 500;

/**
 * The photos and floor plans of a page of listings in one query, ordered by listing and position.
 * `ids` are the page's listings; a long page reads the kind's media instead of naming every id.
 */
export async function mediaOfListings(db: Kysely<Database>, kind: ListingKind, ids: readonly string[]): Promise<ListingMediaRow[]> {
  if (ids.length === 0) return [];
  let query = db.selectFrom('listingMedia').select(COLUMNS).where('kind', '=', kind);
  if (ids.length <= IDS_PER_QUERY) query = query.where('listingId', 'in', ids);
  const rows = await query.orderBy('listingId').orderBy('role').orderBy('position').orderBy('createdAt').execute();
  return rows.map(normalize);
}

/** One listing's media (photos in order, then its floor plan). */
export async function mediaOfListing(db: Kysely<Database>, kind: ListingKind, listingId: string): Promise<ListingMediaRow[]> {
  return mediaOfListings(db, kind, [listingId]);
}

/** Counts come back as text from some drivers: numbers here. */
function normalize(row: ListingMediaRow): ListingMediaRow {
  return { ...row, position: Number(row.position), width: Number(row.width), height: Number(row.height) };
}

export async function insertMedia(db: Kysely<Database>, rows: Array<Insertable<ListingMediaTable>>): Promise<void> {
  if (rows.length > 0) await db.insertInto('listingMedia').values(rows).execute();
}

export async function setPosition(db: Kysely<Database>, kind: ListingKind, listingId: string, photoId: string, position: number): Promise<void> {
  await db
    .updateTable('listingMedia')
    .set({ position })
    .where('kind', '=', kind)
    .where('listingId', '=', listingId)
    .where('role', '=', 'photo')
    .where('mediaId', '=', photoId)
    .execute();
}

/** False when the listing has no such photo. */
export async function setAlt(db: Kysely<Database>, kind: ListingKind, listingId: string, photoId: string, alt: string): Promise<boolean> {
  const result = await db
    .updateTable('listingMedia')
    .set({ alt })
    .where('kind', '=', kind)
    .where('listingId', '=', listingId)
    .where('role', '=', 'photo')
    .where('mediaId', '=', photoId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** False when the listing had no such photo or file. */
export async function deleteMedia(
  db: Kysely<Database>,
  kind: ListingKind,
  listingId: string,
  role: ListingMediaTable['role'],
  mediaId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('listingMedia')
    .where('kind', '=', kind)
    .where('listingId', '=', listingId)
    .where('role', '=', role)
    .where('mediaId', '=', mediaId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Removes everything a listing shows; returns what it named, for media to remove what nothing else uses. */
export async function deleteListingMedia(db: Kysely<Database>, kind: ListingKind, listingId: string) {
  return db.deleteFrom('listingMedia').where('kind', '=', kind).where('listingId', '=', listingId).returning(['role', 'mediaId']).execute();
}

/**
 * True when the listing exists. On PostgreSQL its row is locked until the transaction ends, so two
 * uploads to one listing take turns (the 12-photo limit holds); SQLite has one writer anyway.
 */
export async function lockListing(db: Kysely<Database>, table: ListingTableName, id: string): Promise<boolean> {
  let query = db.selectFrom(table).select('id').where('id', '=', id);
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) query = query.forUpdate();
  return (await query.executeTakeFirst()) !== undefined;
}
