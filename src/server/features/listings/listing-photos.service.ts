import type { Kysely } from 'kysely';
import { PHOTOS_MAX, type ListingFile, type ListingPhoto } from '#shared/listings/listing-photos';
import { FLOOR_PLAN_MESSAGES, PHOTO_MESSAGES } from '#shared/listings/listing-photos.contract';
import type { Database } from '#server/db/schema';
import { badRequest, notFound } from '#server/lib/errors';
import { recordAudit, type AuditActor } from '#server/features/audit';
import {
  checkPhoto,
  contentHash,
  deleteFileIfUnused,
  deletePhotoIfUnused,
  fileUrl,
  findPhotos,
  insertFile,
  insertPhoto,
  prepareFloorPlan,
  preparePhoto,
  servedFileName,
  type PhotoInfo,
  type PreparedPhoto,
} from '#server/features/media';
import type { ListingExtras, ListingKindSpec } from './listing-kinds';
import * as media from './listing-media.repository';
import type { ListingMediaRow } from './listing-media.repository';

/**
 * A listing's photos (up to PHOTOS_MAX, cover first) and a project's floor plan. The
 * bytes are media's (each upload stored once, by its hash); here is which listing shows which, in
 * what order. Every change is checked, encoded before its transaction and audited in it.
 */

export function toPhoto(row: ListingMediaRow): ListingPhoto {
  return { id: row.mediaId, width: row.width, height: row.height, widths: widthsOf(row.widths), alt: row.alt };
}

function toFloorPlan(row: ListingMediaRow): ListingFile {
  return { url: fileUrl(row.mediaId, row.filename, row.contentType), type: row.fileType === 'pdf' ? 'pdf' : 'image', filename: row.filename };
}

function widthsOf(json: string): number[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.map(Number).filter(Number.isFinite) : [];
  } catch {
    return [];
  }
}

function extrasFrom(rows: readonly ListingMediaRow[]): ListingExtras {
  const photos = rows.filter((row) => row.role === 'photo').map(toPhoto);
  const plan = rows.find((row) => row.role === 'floorPlan');
  return { photos, floorPlan: plan ? toFloorPlan(plan) : null };
}

/** The photos and floor plans of a page of listings, by listing id: one query whatever the page's length. */
export async function extrasOf(db: Kysely<Database>, spec: ListingKindSpec, ids: readonly string[]): Promise<Map<string, ListingExtras>> {
  const rows = await media.mediaOfListings(db, spec.kind, ids);
  const byListing = new Map<string, ListingMediaRow[]>();
  for (const row of rows) {
    const list = byListing.get(row.listingId);
    if (list) list.push(row);
    else byListing.set(row.listingId, [row]);
  }
  return new Map([...byListing].map(([id, list]) => [id, extrasFrom(list)]));
}

async function photosOf(db: Kysely<Database>, spec: ListingKindSpec, id: string): Promise<ListingPhoto[]> {
  return extrasFrom(await media.mediaOfListing(db, spec.kind, id)).photos;
}

async function requireListing(db: Kysely<Database>, spec: ListingKindSpec, id: string): Promise<void> {
  if (!(await media.lockListing(db, spec.table, id))) throw notFound(spec.notFound);
}

/** Removes everything a deleted listing showed, and the bytes no other listing uses (call in its transaction). */
export async function deleteListingMedia(trx: Kysely<Database>, spec: ListingKindSpec, id: string): Promise<void> {
  for (const row of await media.deleteListingMedia(trx, spec.kind, id)) {
    if (row.role === 'photo') await deletePhotoIfUnused(trx, row.mediaId);
    else await deleteFileIfUnused(trx, row.mediaId);
  }
}

export interface PhotoUpload {
  bytes: Buffer;
  /** Text for screen readers ('' for none). */
  alt: string;
  /** Its renditions, when encoded already (the demo content encodes several photos at once). */
  prepared?: PreparedPhoto;
}

export interface PhotosResult {
  photos: ListingPhoto[];
  /** The id of each upload, in the order sent. */
  added: string[];
}

/** A photo another change removed between the encoding and the transaction: encode it and try again. */
class PhotoGone extends Error {
  constructor(readonly ids: string[]) {
    super('photo removed meanwhile');
  }
}

/**
 * Adds photos after the listing's others, in the order sent. The same file twice, or one the listing
 * already shows, is one photo. Refused whole (nothing stored) when a file is no image or the listing
 * would have more than PHOTOS_MAX.
 */
export async function addPhotos(
  db: Kysely<Database>,
  spec: ListingKindSpec,
  id: string,
  uploads: readonly PhotoUpload[],
  actor: AuditActor,
): Promise<PhotosResult> {
  if (uploads.length === 0) throw badRequest(PHOTO_MESSAGES.required, [{ field: 'file', message: PHOTO_MESSAGES.required }]);
  await requireListing(db, spec, id);
  const ids = uploads.map((upload) => contentHash(upload.bytes));
  const distinct = new Map<string, PhotoUpload>();
  uploads.forEach((upload, i) => {
    if (!distinct.has(ids[i]!)) distinct.set(ids[i]!, upload);
  });

  const current = await photosOf(db, spec, id);
  const shown = new Set(current.map((photo) => photo.id));
  const fresh = [...distinct.keys()].filter((photoId) => !shown.has(photoId));
  if (current.length + fresh.length > PHOTOS_MAX)
    throw badRequest(PHOTO_MESSAGES.tooMany(current.length), [{ field: 'file', message: PHOTO_MESSAGES.tooMany(current.length) }]);
  // Every file is checked before any is encoded: one that is not an image refuses the upload at once.
  for (const upload of distinct.values()) await checkPhoto(upload.bytes);

  // A photo stored already (another listing shows it) is not encoded again.
  const prepared = new Map<string, PreparedPhoto>();
  for (const upload of distinct.values()) if (upload.prepared) prepared.set(upload.prepared.id, upload.prepared);
  const encode = async (photoIds: readonly string[]) => {
    for (const photoId of photoIds) if (!prepared.has(photoId)) prepared.set(photoId, await preparePhoto(distinct.get(photoId)!.bytes));
  };
  const stored = new Set(
    (
      await findPhotos(
        db,
        fresh.filter((photoId) => !prepared.has(photoId)),
      )
    ).map((photo) => photo.id),
  );
  await encode(fresh.filter((photoId) => !stored.has(photoId)));

  for (let attempt = 0; ; attempt++) {
    try {
      await db.transaction().execute(async (trx) => {
        await requireListing(trx, spec, id);
        const now = await media.mediaOfListing(trx, spec.kind, id);
        const photos = now.filter((row) => row.role === 'photo');
        const already = new Set(photos.map((row) => row.mediaId));
        const adding = [...distinct.keys()].filter((photoId) => !already.has(photoId));
        if (photos.length + adding.length > PHOTOS_MAX)
          throw badRequest(PHOTO_MESSAGES.tooMany(photos.length), [{ field: 'file', message: PHOTO_MESSAGES.tooMany(photos.length) }]);
        // Those not encoded here must still be stored, and stay so until this commits.
        const reused = adding.filter((photoId) => !prepared.has(photoId));
        const found = new Map((await findPhotos(trx, reused, true)).map((photo) => [photo.id, photo]));
        const gone = reused.filter((photoId) => !found.has(photoId));
        if (gone.length > 0) throw new PhotoGone(gone);
        let position = photos.reduce((max, row) => Math.max(max, row.position + 1), 0);
        const createdAt = new Date();
        const rows = [];
        for (const photoId of adding) {
          const photo = prepared.get(photoId);
          if (photo) await insertPhoto(trx, photo);
          const info: PhotoInfo = photo ?? found.get(photoId)!;
          rows.push({
            kind: spec.kind,
            listingId: id,
            role: 'photo' as const,
            mediaId: photoId,
            position: position++,
            alt: distinct.get(photoId)!.alt,
            width: info.width,
            height: info.height,
            widths: JSON.stringify(info.widths),
            fileType: '',
            contentType: '',
            filename: '',
            createdAt,
          });
        }
        await media.insertMedia(trx, rows);
        if (rows.length > 0) await recordAudit(trx, { actor, kind: 'listing.updated', recordType: spec.kind, recordId: id, fields: ['photos'] });
      });
      break;
    } catch (error) {
      if (!(error instanceof PhotoGone) || attempt >= 2) throw error;
      await encode(error.ids);
    }
  }
  return { photos: await photosOf(db, spec, id), added: ids };
}

/** Puts the listing's photos in this order (the first is the cover): every photo once, no other. */
export async function orderPhotos(db: Kysely<Database>, spec: ListingKindSpec, id: string, ids: readonly string[], actor: AuditActor): Promise<ListingPhoto[]> {
  await db.transaction().execute(async (trx) => {
    await requireListing(trx, spec, id);
    const current = await photosOf(trx, spec, id);
    const known = new Set(current.map((photo) => photo.id));
    const valid = ids.length === current.length && new Set(ids).size === ids.length && ids.every((photoId) => known.has(photoId));
    if (!valid) throw badRequest(PHOTO_MESSAGES.orderInvalid, [{ field: 'ids', message: PHOTO_MESSAGES.orderInvalid }]);
    if (ids.every((photoId, i) => current[i]!.id === photoId)) return;
    for (const [position, photoId] of ids.entries()) await media.setPosition(trx, spec.kind, id, photoId, position);
    await recordAudit(trx, { actor, kind: 'listing.updated', recordType: spec.kind, recordId: id, fields: ['photos'] });
  });
  return photosOf(db, spec, id);
}

export async function setPhotoAlt(
  db: Kysely<Database>,
  spec: ListingKindSpec,
  id: string,
  photoId: string,
  alt: string,
  actor: AuditActor,
): Promise<ListingPhoto[]> {
  await db.transaction().execute(async (trx) => {
    await requireListing(trx, spec, id);
    if (!(await media.setAlt(trx, spec.kind, id, photoId, alt))) throw notFound(PHOTO_MESSAGES.notFound);
    await recordAudit(trx, { actor, kind: 'listing.updated', recordType: spec.kind, recordId: id, fields: ['photos'] });
  });
  return photosOf(db, spec, id);
}

/** Takes a photo off the listing; its renditions go when no listing shows it any more. */
export async function deletePhoto(db: Kysely<Database>, spec: ListingKindSpec, id: string, photoId: string, actor: AuditActor): Promise<ListingPhoto[]> {
  await db.transaction().execute(async (trx) => {
    await requireListing(trx, spec, id);
    if (!(await media.deleteMedia(trx, spec.kind, id, 'photo', photoId))) throw notFound(PHOTO_MESSAGES.notFound);
    await deletePhotoIfUnused(trx, photoId);
    await recordAudit(trx, { actor, kind: 'listing.updated', recordType: spec.kind, recordId: id, fields: ['photos'] });
  });
  return photosOf(db, spec, id);
}

/** Sets (or replaces) a project's floor plan: a PDF or an image, checked and stored before the transaction. */
export async function setFloorPlan(
  db: Kysely<Database>,
  spec: ListingKindSpec,
  id: string,
  upload: { bytes: Buffer; filename: string },
  actor: AuditActor,
): Promise<ListingFile> {
  await requireListing(db, spec, id);
  const file = await prepareFloorPlan(upload.bytes);
  const filename = servedFileName(upload.filename, file.contentType);
  await db.transaction().execute(async (trx) => {
    await requireListing(trx, spec, id);
    const previous = (await media.mediaOfListing(trx, spec.kind, id)).find((row) => row.role === 'floorPlan');
    if (previous) await media.deleteMedia(trx, spec.kind, id, 'floorPlan', previous.mediaId);
    await insertFile(trx, file);
    await media.insertMedia(trx, [
      {
        kind: spec.kind,
        listingId: id,
        role: 'floorPlan',
        mediaId: file.hash,
        position: 0,
        alt: '',
        width: 0,
        height: 0,
        widths: '[]',
        fileType: file.type,
        contentType: file.contentType,
        filename,
        createdAt: new Date(),
      },
    ]);
    if (previous && previous.mediaId !== file.hash) await deleteFileIfUnused(trx, previous.mediaId);
    await recordAudit(trx, { actor, kind: 'listing.updated', recordType: spec.kind, recordId: id, fields: ['floorPlan'] });
  });
  return { url: fileUrl(file.hash, filename, file.contentType), type: file.type, filename };
}

export async function removeFloorPlan(db: Kysely<Database>, spec: ListingKindSpec, id: string, actor: AuditActor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await requireListing(trx, spec, id);
    const previous = (await media.mediaOfListing(trx, spec.kind, id)).find((row) => row.role === 'floorPlan');
    if (!previous) throw notFound(FLOOR_PLAN_MESSAGES.none);
    await media.deleteMedia(trx, spec.kind, id, 'floorPlan', previous.mediaId);
    await deleteFileIfUnused(trx, previous.mediaId);
    await recordAudit(trx, { actor, kind: 'listing.updated', recordType: spec.kind, recordId: id, fields: ['floorPlan'] });
  });
}
