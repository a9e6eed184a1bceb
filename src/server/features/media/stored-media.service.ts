import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import * as repo from './media.repository';
import type { StoredImage } from './media.service';
import type { PhotoInfo, PreparedFile, PreparedPhoto } from './photos.service';

/*
 * What the listings keep and drop of media, in their own transactions: an image, a photo or a file
 * is stored once by its content, and removed only when no listing uses it any more (checked in the
 * DELETE itself, so call the removals in the transaction that dropped the last use).
 */

type Db = Kysely<Database>;

/** Stores the image unless the same bytes are already there. */
export function insertImage(db: Db, image: StoredImage): Promise<void> {
  return repo.insertImage(db, image);
}

export function deleteImageIfUnused(db: Db, hash: string): Promise<void> {
  return repo.deleteImageIfUnused(db, hash);
}

/** Stores a photo and its renditions unless the same upload is already there. */
export function insertPhoto(db: Db, photo: PreparedPhoto): Promise<void> {
  return repo.insertPhoto(db, photo);
}

/** The photos of these ids that are stored; `lock`: held until the transaction ends (PostgreSQL), so none goes as unused meanwhile. */
export function findPhotos(db: Db, ids: readonly string[], lock = false): Promise<PhotoInfo[]> {
  return repo.findPhotos(db, ids, lock);
}

export function deletePhotoIfUnused(db: Db, id: string): Promise<void> {
  return repo.deletePhotoIfUnused(db, id);
}

/** Stores a floor plan unless the same upload is already there. */
export function insertFile(db: Db, file: PreparedFile): Promise<void> {
  return repo.insertFile(db, file);
}

export function deleteFileIfUnused(db: Db, hash: string): Promise<void> {
  return repo.deleteFileIfUnused(db, hash);
}
