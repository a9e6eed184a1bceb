import type { Kysely } from 'kysely';
import type { Timestamp } from '#server/db/column-types';
import { toIso } from '#server/db/database';
import type { Database } from '#server/db/schema';
import type { ListingColumns, ListingTableName } from './listings.tables';

/** A kind's own columns (name, price, …), as its descriptor maps them. */
export type ListingFieldColumns = Record<string, string | number | null>;

/**
 * One repository for the three listing tables. Kysely cannot type a query over "one of three
 * tables", so the queries here see them through their shared columns plus a record of the rest;
 * each kind's descriptor maps its own columns (listing-kinds.ts).
 */
interface AnyListingTable extends ListingColumns {
  [column: string]: string | number | Timestamp;
}
type ListingDb = Record<ListingTableName, AnyListingTable>;
const tables = (db: Kysely<Database>) => db as unknown as Kysely<ListingDb>;

export interface ListingRow {
  id: string;
  imageHash: string;
  filename: string;
  fields: ListingFieldColumns;
}

/** A row as read back: with when it was added and last changed (ISO 8601, UTC). */
export interface StoredListingRow extends ListingRow {
  createdAt: string;
  updatedAt: string;
}

export function toListingRow(raw: Record<string, unknown>): StoredListingRow {
  const { id, imageHash, filename, createdAt, updatedAt, ...fields } = raw;
  return {
    id: String(id),
    imageHash: String(imageHash),
    filename: String(filename),
    fields: fields as ListingFieldColumns,
    createdAt: toIso(createdAt as Date | string),
    updatedAt: toIso(updatedAt as Date | string),
  };
}

/** Newest first, one query, no image bytes (the image is a hash; its bytes are served by /media). */
export async function listListings(db: Kysely<Database>, table: ListingTableName): Promise<StoredListingRow[]> {
  const rows = await tables(db).selectFrom(table).selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toListingRow);
}

export async function findListing(db: Kysely<Database>, table: ListingTableName, id: string): Promise<StoredListingRow | undefined> {
  const row = await tables(db).selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
  return row && toListingRow(row);
}

/** The records with these ids, in no particular order. */
export async function findListings(db: Kysely<Database>, table: ListingTableName, ids: readonly string[]): Promise<StoredListingRow[]> {
  if (ids.length === 0) return [];
  const rows = await tables(db).selectFrom(table).selectAll().where('id', 'in', ids).execute();
  return rows.map(toListingRow);
}

export async function insertListing(db: Kysely<Database>, table: ListingTableName, row: ListingRow): Promise<void> {
  const now = new Date();
  await tables(db)
    .insertInto(table)
    .values({ ...row.fields, id: row.id, imageHash: row.imageHash, filename: row.filename, createdAt: now, updatedAt: now })
    .execute();
}

/** Returns false when there is no such record. */
export async function updateListing(db: Kysely<Database>, table: ListingTableName, row: ListingRow): Promise<boolean> {
  const result = await tables(db)
    .updateTable(table)
    .set({ ...row.fields, imageHash: row.imageHash, filename: row.filename, updatedAt: new Date() })
    .where('id', '=', row.id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The deleted record's image hash, or undefined when there was no such record. */
export async function deleteListing(db: Kysely<Database>, table: ListingTableName, id: string): Promise<string | undefined> {
  const row = await tables(db).deleteFrom(table).where('id', '=', id).returning('imageHash').executeTakeFirst();
  return row?.imageHash;
}

export async function countListings(db: Kysely<Database>, table: ListingTableName): Promise<number> {
  const row = await tables(db)
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
