import type { Kysely } from 'kysely';
import { IMAGE_REQUIRED } from '../../../shared/listings';
import type { Database } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { deleteImageIfUnused, insertImage } from '../media/media.repository';
import { prepareImage } from '../media/media.service';
import { listCache, type SerializedList } from './list-cache';
import { parseFields, type ListingForm } from './listing-form';
import type { ListingKindSpec } from './listing-kinds';
import * as listings from './listings.repository';

export async function listItems(db: Kysely<Database>, spec: ListingKindSpec) {
  const rows = await listings.listListings(db, spec.table);
  return rows.map((row) => spec.toItem(row));
}

/** The public list as JSON, from memory while it is fresh (list-cache.ts). */
export function serializedList(db: Kysely<Database>, spec: ListingKindSpec): Promise<SerializedList> {
  return listCache(db).get(spec.kind, () => listItems(db, spec));
}

/** Adds a record with its image; refused input stores nothing. Returns the new id. */
export async function addItem(db: Kysely<Database>, spec: ListingKindSpec, form: ListingForm): Promise<string> {
  const input = parseFields(spec.newSchema, form.fields);
  if (!form.file) throw badRequest(IMAGE_REQUIRED, [{ field: 'file', message: IMAGE_REQUIRED }]);
  // Decoding and re-encoding happen before the transaction opens, so it stays short.
  const image = await prepareImage(form.file.bytes);
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await insertImage(trx, image);
    await listings.insertListing(trx, spec.table, {
      id,
      imageHash: image.hash,
      filename: input.filename || form.file!.filename,
      fields: spec.toColumns(input),
    });
  });
  listCache(db).invalidate(spec.kind);
  return id;
}

/** Replaces a record's fields; its image too when a file is sent, else the current one stays. */
export async function updateItem(db: Kysely<Database>, spec: ListingKindSpec, form: ListingForm): Promise<string> {
  const input = parseFields(spec.updateSchema, form.fields);
  const id = String(input[spec.idField]);
  const image = form.file ? await prepareImage(form.file.bytes) : null;
  await db.transaction().execute(async (trx) => {
    const current = await listings.findListing(trx, spec.table, id);
    if (!current) throw notFound(spec.notFound);
    if (image) await insertImage(trx, image);
    const imageHash = image?.hash ?? current.imageHash;
    const filename = form.file ? input.filename || form.file.filename : current.filename;
    const updated = await listings.updateListing(trx, spec.table, { id, imageHash, filename, fields: spec.toColumns(input) });
    if (!updated) throw notFound(spec.notFound);
    if (imageHash !== current.imageHash) await deleteImageIfUnused(trx, current.imageHash);
  });
  listCache(db).invalidate(spec.kind);
  return id;
}

/** Deletes a record, and its image when no other record uses it. */
export async function deleteItem(db: Kysely<Database>, spec: ListingKindSpec, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const imageHash = await listings.deleteListing(trx, spec.table, id);
    if (imageHash === undefined) throw notFound(spec.notFound);
    await deleteImageIfUnused(trx, imageHash);
  });
  listCache(db).invalidate(spec.kind);
}
