import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { toListingRow as toRow, type StoredListingRow } from './listings.repository';

/*
 * "Similar homes" and "similar decor" on a listing's page: ranked in the database, one
 * query each, so the answer does not grow with the number of listings.
 */

/** The home whose page is shown: what its neighbours are ranked by. */
export interface SimilarProjectQuery {
  id: string;
  area: string;
  sizeofunit: string;
  price: number | null;
}

/**
 * Other homes: those in the same locality or of the same unit size first (both before either),
 * then the nearest in price (unpriced ones after priced ones), then the newest.
 */
export async function similarProjects(db: Kysely<Database>, home: SimilarProjectQuery, limit: number): Promise<StoredListingRow[]> {
  const shared = sql<number>`(case when lower(${sql.ref('area')}) = lower(${home.area}) then 1 else 0 end) + (case when lower(${sql.ref('sizeofunit')}) = lower(${home.sizeofunit}) then 1 else 0 end)`;
  let query = db.selectFrom('projects').selectAll().where('id', '!=', home.id).orderBy(shared, 'desc');
  if (home.price !== null) {
    query = query.orderBy(sql`case when ${sql.ref('price')} is null then 1 else 0 end`).orderBy(sql`abs(${sql.ref('price')} - ${home.price})`);
  }
  const rows = await query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => toRow(row));
}

/** The decor piece whose page is shown. */
export interface SimilarProductQuery {
  id: string;
  tags: string[];
  price: number;
}

/** ASCII letters only, as SQLite's lower() does; tags are compared case-insensitively on both databases. */
const lowerAscii = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Other decor: most tags in common first (tags are kept as a JSON array of text, so a tag is matched
 * as its quoted JSON form inside it), then the nearest in price, then the newest.
 */
export async function similarProducts(db: Kysely<Database>, piece: SimilarProductQuery, limit: number): Promise<StoredListingRow[]> {
  const matches = piece.tags.map(
    (tag) => sql<number>`(case when lower(${sql.ref('tags')}) like ${`%${likeEscape(lowerAscii(JSON.stringify(tag)))}%`} escape '\\' then 1 else 0 end)`,
  );
  let query = db.selectFrom('products').selectAll().where('id', '!=', piece.id);
  if (matches.length > 0) query = query.orderBy(sql`${sql.join(matches, sql` + `)}`, 'desc');
  const rows = await query
    .orderBy(sql`abs(${sql.ref('price')} - ${piece.price})`)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => toRow(row));
}
