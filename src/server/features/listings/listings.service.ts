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
import { listingKinds, type ListingKindSpec } from './listing-kinds';
import { deleteListingMedia, extrasOf } from './listing-photos.service';
import * as listings from './listings.repository';

export async function listItems<K extends ListingKind>(db: Kysely<Database>, spec: ListingKindSpec<K>): Promise<Array<ListingItems[K]>> {
  const rows = await listings.listListings(db, spec.table);
  // The page's photos and floor plans: one more query, whatever the number of rows.
  const extras = await extrasOf(
    db,
    spec,
    rows.map((row) => row.id),
  );
  return rows.map((row) => spec.toItem(row, extras.get(row.id)));
}

/** One record as the API sends it; 404 with the kind's message when there is none. */
export async function getItem<K extends ListingKind>(db: Kysely<Database>, spec: ListingKindSpec<K>, id: string): Promise<ListingItems[K]> {
  const row = await listings.findListing(db, spec.table, id);
  if (!row) throw notFound(spec.notFound);
  return spec.toItem(row, (await extrasOf(db, spec, [row.id])).get(row.id));
}

/** A listing as other features name it: its kind, id and name (a studio record's title). */
export interface ListingSummary {
  kind: ListingKind;
  id: string;
  name: string;
  /** A studio location's street address (studios only). */
  address?: string;
}

const NAME_FIELD: Record<ListingKind, string> = { project: 'name', product: 'productname', studio: 'title' };

/** One listing's summary by kind and id; undefined when there is no such listing. */
export async function findListingSummary(db: Kysely<Database>, kind: ListingKind, id: string): Promise<ListingSummary | undefined> {
  const row = await listings.findListing(db, listingKinds[kind].table, id);
  // A studio location also gives its street address (a visit's calendar LOCATION).
  return (
    row && { kind, id: row.id, name: String(row.fields[NAME_FIELD[kind]] ?? ''), ...(kind === 'studio' ? { address: String(row.fields.address ?? '') } : {}) }
  );
}

/** The prices of these listings by id (null: not priced); a listing that is gone is left out. */
export async function listingPrices(db: Kysely<Database>, kind: 'project' | 'product', ids: readonly string[]): Promise<Map<string, number | null>> {
  const rows = await listings.findListings(db, listingKinds[kind].table, ids);
  return new Map(rows.map((row) => [row.id, typeof row.fields.price === 'number' ? row.fields.price : null]));
}

/** A public list, serialized (and compressed) once and shared by every request until it changes. */
export interface SerializedList {
  body: CompressedBody;
  /** Weak: the same list is sent as identity, br or gzip. */
  etag: string;
}

/** Every item of a kind as its JSON text, by id, and the ids newest first. */
export interface ItemTexts {
  byId: ReadonlyMap<string, string>;
  newest: readonly string[];
}

/**
 * The items as JSON texts, from the app's content cache (lib/content-cache.ts: the busiest reads,
 * DESIGN.md §9); a staff write makes them stale on every instance. The whole list is made of them,
 * and so is a filtered one: the database picks the ids and their order, each item is
 * written once per change.
 */
export function itemTexts(cache: ContentCache, db: Kysely<Database>, spec: ListingKindSpec): Promise<ItemTexts> {
  return cache.get(`items:${spec.kind}`, async () => {
    const items = await listItems(db, spec);
    return { byId: new Map(items.map((item) => [item._id, JSON.stringify(item)])), newest: items.map((item) => item._id) };
  });
}

/**
 * The items with these ids, in this order, as a JSON array: what `JSON.stringify` would write for
 * them. One the cache does not hold yet (written on another instance within the last second) is
 * read from the database.
 */
export async function itemsJson(cache: ContentCache, db: Kysely<Database>, spec: ListingKindSpec, ids: readonly string[]): Promise<string> {
  const texts = await itemTexts(cache, db, spec);
  const missing = ids.filter((id) => !texts.byId.has(id));
  const fresh = new Map<string, string>();
  if (missing.length) {
    const rows = await listings.findListings(db, spec.table, missing);
    const extras = await extrasOf(
      db,
      spec,
      rows.map((row) => row.id),
    );
    for (const row of rows) fresh.set(row.id, JSON.stringify(spec.toItem(row, extras.get(row.id))));
  }
  const parts: string[] = [];
  for (const id of ids) {
    const text = texts.byId.get(id) ?? fresh.get(id);
    if (text !== undefined) parts.push(text);
  }
  return `[${parts.join(',')}]`;
}

/**
 * The public list as JSON, from the app's content cache; a staff write makes it stale on every
 * instance. Byte for byte `JSON.stringify` of the items, newest first.
 */
export function serializedList(cache: ContentCache, db: Kysely<Database>, spec: ListingKindSpec): Promise<SerializedList> {
  return cache.get(`list:${spec.kind}`, async () => {
    const texts = await itemTexts(cache, db, spec);
    const json = Buffer.from(`[${texts.newest.map((id) => texts.byId.get(id)!).join(',')}]`);
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
      fields: { ...spec.toColumns(input), ...spec.derive(input) },
    });
    await spec.afterWrite(trx, id, input);
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
    const updated = await listings.updateListing(trx, spec.table, { id, imageHash, filename, fields: { ...fields, ...spec.derive(input) } });
    if (!updated) throw notFound(spec.notFound);
    await spec.afterWrite(trx, id, input);
    const changed = changedFields(
      { ...current.fields, imageHash: current.imageHash, filename: current.filename },
      { ...current.fields, ...fields, imageHash, filename },
    );
    await recordAudit(trx, {
      actor,
      kind: 'listing.updated',
      recordType: spec.kind,
      recordId: id,
      fields: changed.map((f) => (f === 'imageHash' ? 'image' : f)),
    });
    if (imageHash !== current.imageHash) await deleteImageIfUnused(trx, current.imageHash);
  });
  return id;
}

/** Deletes a record, and its image, photos and floor plan when no other record uses them. */
export async function deleteItem(db: Kysely<Database>, spec: ListingKindSpec, id: string, actor: AuditActor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const imageHash = await listings.deleteListing(trx, spec.table, id);
    if (imageHash === undefined) throw notFound(spec.notFound);
    await deleteImageIfUnused(trx, imageHash);
    await deleteListingMedia(trx, spec, id);
    await recordAudit(trx, { actor, kind: 'listing.deleted', recordType: spec.kind, recordId: id });
  });
}
