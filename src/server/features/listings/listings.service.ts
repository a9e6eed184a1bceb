import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { IMAGE_REQUIRED, type ListingItems, type ListingKind } from '#shared/listings/listings.contract';
import type { Database } from '#server/db/schema';
import { CompressedBody } from '#server/lib/compressed-body';
import type { ContentCache } from '#server/lib/content-cache';
import { badRequest, notFound } from '#server/lib/errors';
import { newId } from '#server/lib/ids';
import { changedFields, recordAudit, type AuditActor } from '#server/features/audit';
import { deleteImageIfUnused, insertImage, prepareImage } from '#server/features/media';
import { parseFields, type ListingForm } from './listing-form';
import type { ListingKindSpec } from './listing-kinds';
import * as listings from './listings.repository';

export async function listItems(db: Kysely<Database>, spec: ListingKindSpec) {
  const rows = await listings.listListings(db, spec.table);
  return rows.map((row) => spec.toItem(row));
}

/** One record as the API sends it; 404 with the kind's message when there is none. */
export async function getItem<K extends ListingKind>(db: Kysely<Database>, spec: ListingKindSpec<K>, id: string): Promise<ListingItems[K]> {
  const row = await listings.findListing(db, spec.table, id);
  if (!row) throw notFound(spec.notFound);
  return spec.toItem(row);
}

/** A public list, serialized (and compressed) once and shared by every request until it changes. */
export interface SerializedList {
  body: CompressedBody;
  /** Weak: the same list is sent as identity, br or gzip. */
  etag: string;
}

/**
 * The public list as JSON, from the app's content cache (lib/content-cache.ts: the busiest reads,
 * DESIGN.md §9); a staff write makes it stale on every instance.
 */
export function serializedList(cache: ContentCache, db: Kysely<Database>, spec: ListingKindSpec): Promise<SerializedList> {
  return cache.get(`list:${spec.kind}`, async () => {
    const json = Buffer.from(JSON.stringify(await listItems(db, spec)));
    return { body: new CompressedBody(json), etag: `W/"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"` };
  });
}

/** Adds a record with its image; refused input stores nothing. Returns the new id. */
export async function addItem(db: Kysely<Database>, spec: ListingKindSpec, form: ListingForm, actor: AuditActor): Promise<string> {
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
    await recordAudit(trx, { actor, kind: 'listing.created', recordType: spec.kind, recordId: id });
  });
  return id;
}

/** Replaces a record's fields; its image too when a file is sent, else the current one stays. */
export async function updateItem(db: Kysely<Database>, spec: ListingKindSpec, form: ListingForm, actor: AuditActor): Promise<string> {
  const input = parseFields(spec.updateSchema, form.fields);
  const id = String(input[spec.idField]);
  const image = form.file ? await prepareImage(form.file.bytes) : null;
  await db.transaction().execute(async (trx) => {
    const current = await listings.findListing(trx, spec.table, id);
    if (!current) throw notFound(spec.notFound);
    if (image) await insertImage(trx, image);
    const imageHash = image?.hash ?? current.imageHash;
    const filename = form.file ? input.filename || form.file.filename : current.filename;
    const fields = spec.toColumns(input);
    const updated = await listings.updateListing(trx, spec.table, { id, imageHash, filename, fields });
    if (!updated) throw notFound(spec.notFound);
    const changed = changedFields({ ...current.fields, imageHash: current.imageHash, filename: current.filename }, { ...current.fields, ...fields, imageHash, filename });
    await recordAudit(trx, { actor, kind: 'listing.updated', recordType: spec.kind, recordId: id, fields: changed.map((f) => (f === 'imageHash' ? 'image' : f)) });
    if (imageHash !== current.imageHash) await deleteImageIfUnused(trx, current.imageHash);
  });
  return id;
}

/** Deletes a record, and its image when no other record uses it. */
export async function deleteItem(db: Kysely<Database>, spec: ListingKindSpec, id: string, actor: AuditActor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const imageHash = await listings.deleteListing(trx, spec.table, id);
    if (imageHash === undefined) throw notFound(spec.notFound);
    await deleteImageIfUnused(trx, imageHash);
    await recordAudit(trx, { actor, kind: 'listing.deleted', recordType: spec.kind, recordId: id });
  });
}
