import { SqliteAdapter, type Kysely } from 'kysely';
import type { PhotoFormat } from '#shared/listings/listing-photos';
import type { Database } from '#server/db/schema';
import type { StoredImage } from './media.service';
import type { PhotoInfo, PreparedFile, PreparedPhoto } from './photos.service';

const isSqlite = (db: Kysely<Database>) => db.getExecutor().adapter instanceof SqliteAdapter;

/**
 * The tables whose rows point at an image (`image_hash`): an image none of them uses is removed.
 * Likewise a photo or a file none of the listings' `listing_media` rows names (below).
 */
const IMAGE_USERS = ['projects', 'products', 'studios'] as const;

/** Stores the image unless the same bytes are already there. */
export async function insertImage(db: Kysely<Database>, image: StoredImage): Promise<void> {
  await db
    .insertInto('images')
    .values({ ...image, createdAt: new Date() })
    .onConflict((oc) => oc.column('hash').doNothing())
    .execute();
}

export function findImage(db: Kysely<Database>, hash: string) {
  return db.selectFrom('images').select(['hash', 'bytes']).where('hash', '=', hash).executeTakeFirst();
}

export async function imageExists(db: Kysely<Database>, hash: string): Promise<boolean> {
  return (await db.selectFrom('images').select('hash').where('hash', '=', hash).executeTakeFirst()) !== undefined;
}

/** Deletes the image when no record uses it any more; call it in the transaction that dropped the last use. */
export async function deleteImageIfUnused(db: Kysely<Database>, hash: string): Promise<void> {
  await db
    .deleteFrom('images')
    .where('hash', '=', hash)
    .where((eb) => eb.and(IMAGE_USERS.map((table) => eb.not(eb.exists(eb.selectFrom(table).select('id').where('imageHash', '=', hash))))))
    .execute();
}

// Listing photos and files.

function widthsOf(json: string): number[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.map(Number) : [];
}

/** Stores a photo and its renditions unless the same upload is already there. */
export async function insertPhoto(db: Kysely<Database>, photo: PreparedPhoto): Promise<void> {
  const inserted = await db
    .insertInto('photos')
    .values({ id: photo.id, width: photo.width, height: photo.height, widths: JSON.stringify(photo.widths), createdAt: new Date() })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return;
  await db
    .insertInto('photoRenditions')
    .values(photo.renditions.map((r) => ({ photoId: photo.id, width: r.width, format: r.format, bytes: r.bytes })))
    .onConflict((oc) => oc.columns(['photoId', 'width', 'format']).doNothing())
    .execute();
}

/**
 * The photos of these ids that are stored. On PostgreSQL the rows are locked until the transaction
 * ends, so one that a listing is about to use cannot be removed as unused meanwhile.
 */
export async function findPhotos(db: Kysely<Database>, ids: readonly string[], lock = false): Promise<PhotoInfo[]> {
  if (ids.length === 0) return [];
  let query = db.selectFrom('photos').select(['id', 'width', 'height', 'widths']).where('id', 'in', ids);
  if (lock && !isSqlite(db)) query = query.forUpdate();
  const rows = await query.execute();
  return rows.map((row) => ({ id: row.id, width: Number(row.width), height: Number(row.height), widths: widthsOf(row.widths) }));
}

export function findRendition(db: Kysely<Database>, photoId: string, width: number, format: PhotoFormat) {
  return db
    .selectFrom('photoRenditions')
    .select('bytes')
    .where('photoId', '=', photoId)
    .where('width', '=', width)
    .where('format', '=', format)
    .executeTakeFirst();
}

export async function renditionExists(db: Kysely<Database>, photoId: string, width: number, format: PhotoFormat): Promise<boolean> {
  const row = await db
    .selectFrom('photoRenditions')
    .select('photoId')
    .where('photoId', '=', photoId)
    .where('width', '=', width)
    .where('format', '=', format)
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes the photo and its renditions when no listing shows it any more; call it in the transaction that dropped the last use. */
export async function deletePhotoIfUnused(db: Kysely<Database>, id: string): Promise<void> {
  const deleted = await db
    .deleteFrom('photos')
    .where('id', '=', id)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('listingMedia').select('mediaId').where('mediaId', '=', id).where('role', '=', 'photo'))))
    .returning('id')
    .executeTakeFirst();
  if (deleted) await db.deleteFrom('photoRenditions').where('photoId', '=', id).execute();
}

/** Stores a file unless the same upload is already there. */
export async function insertFile(db: Kysely<Database>, file: PreparedFile): Promise<void> {
  await db
    .insertInto('files')
    .values({ hash: file.hash, type: file.type, contentType: file.contentType, bytes: file.bytes, createdAt: new Date() })
    .onConflict((oc) => oc.column('hash').doNothing())
    .execute();
}

export function findFile(db: Kysely<Database>, hash: string) {
  return db.selectFrom('files').select(['hash', 'type', 'contentType', 'bytes']).where('hash', '=', hash).executeTakeFirst();
}

export function findFileType(db: Kysely<Database>, hash: string) {
  return db.selectFrom('files').select(['hash', 'type', 'contentType']).where('hash', '=', hash).executeTakeFirst();
}

/** Deletes the file when no listing uses it any more. */
export async function deleteFileIfUnused(db: Kysely<Database>, hash: string): Promise<void> {
  await db
    .deleteFrom('files')
    .where('hash', '=', hash)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('listingMedia').select('mediaId').where('mediaId', '=', hash).where('role', '=', 'floorPlan'))))
    .execute();
}
