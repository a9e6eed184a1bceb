import type { Kysely } from 'kysely';
import { foldForSearch, type ProductChoices, type ProductSort, type ProjectChoices, type ProjectSort } from '#shared/listings/listing-filters';
import type { Database } from '#server/db/schema';

/**
 * The public lists' filters, as typed queries on the homes and decor tables. Each filter is a
 * condition on a column (derived on write where the field itself cannot be compared: `bhk`,
 * `search_text`, `product_tags`) with its index (migration 2026-11-28T2100-listing-filters). A query
 * answers ids in order; the items' JSON comes from the content cache (listings.service.ts `itemsJson`).
 */

/** A homes query, its dates already turned into bounds on `dateofcomplition` (YYYY-MM-DD) by the service. */
export interface ProjectQuery {
  locality?: string;
  bhk?: number;
  minSqft?: number;
  maxSqft?: number;
  /** Completed on or before this day. */
  readyOnOrBefore?: string;
  /** Completed after this day. */
  readyAfter?: string;
  minPrice?: number;
  maxPrice?: number;
  sort: ProjectSort;
}

export interface ProductQuery {
  minPrice?: number;
  maxPrice?: number;
  /** Folded (`foldForSearch`). */
  tagKey?: string;
  /** Folded words, each of which must appear in the name, description or tags. */
  words: string[];
  sort: ProductSort;
}

/** The ids of the homes that pass, in the order asked for. */
export async function queryProjectIds(db: Kysely<Database>, query: ProjectQuery): Promise<string[]> {
  let select = db.selectFrom('projects').select('id');
  if (query.locality !== undefined) select = select.where('area', '=', query.locality);
  if (query.bhk !== undefined) select = select.where('bhk', '=', query.bhk);
  if (query.minSqft !== undefined) select = select.where('squareft', '>=', query.minSqft);
  if (query.maxSqft !== undefined) select = select.where('squareft', '<=', query.maxSqft);
  if (query.readyOnOrBefore !== undefined) select = select.where('dateofcomplition', '<=', query.readyOnOrBefore);
  if (query.readyAfter !== undefined) select = select.where('dateofcomplition', '>', query.readyAfter);
  // A home without a price is outside every price range.
  if (query.minPrice !== undefined) select = select.where('price', '>=', query.minPrice);
  if (query.maxPrice !== undefined) select = select.where('price', '<=', query.maxPrice);
  switch (query.sort) {
    case 'price':
      select = select.orderBy('price', (o) => o.asc().nullsLast());
      break;
    case '-price':
      select = select.orderBy('price', (o) => o.desc().nullsLast());
      break;
    case 'size':
      select = select.orderBy('squareft', 'asc');
      break;
    case 'newest':
      break;
  }
  const rows = await select.orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
  return rows.map((row) => row.id);
}

/** The ids of the decor items that pass, in the order asked for. */
export async function queryProductIds(db: Kysely<Database>, query: ProductQuery): Promise<string[]> {
  let select = db.selectFrom('products').select('id');
  if (query.minPrice !== undefined) select = select.where('price', '>=', query.minPrice);
  if (query.maxPrice !== undefined) select = select.where('price', '<=', query.maxPrice);
  const { tagKey } = query;
  if (tagKey !== undefined) select = select.where('id', 'in', (eb) => eb.selectFrom('productTags').select('productId').where('tagKey', '=', tagKey));
  // Folded words hold letters and digits only: nothing in them is a LIKE wildcard.
  for (const word of query.words) select = select.where('searchText', 'like', `%${word}%`);
  if (query.sort === 'price') select = select.orderBy('price', 'asc');
  if (query.sort === '-price') select = select.orderBy('price', 'desc');
  const rows = await select.orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
  return rows.map((row) => row.id);
}

/** A product's tag rows, as its tags are now (in the transaction that writes the product). */
export async function replaceProductTags(db: Kysely<Database>, productId: string, tags: readonly string[]): Promise<void> {
  await db.deleteFrom('productTags').where('productId', '=', productId).execute();
  const rows = new Map<string, { productId: string; tag: string; tagKey: string }>();
  for (const tag of tags) {
    const tagKey = foldForSearch(tag);
    if (tagKey && !rows.has(tagKey)) rows.set(tagKey, { productId, tag, tagKey });
  }
  if (rows.size > 0)
    await db
      .insertInto('productTags')
      .values([...rows.values()])
      .execute();
}

const range = (row: { min: number | string | null; max: number | string | null } | undefined) =>
  row && row.min !== null && row.max !== null ? { min: Number(row.min), max: Number(row.max) } : null;

/** Choices in the order people read them, whatever the database's collation. */
const byText = new Intl.Collator('en-IN', { sensitivity: 'base', numeric: true }).compare;

export async function projectChoices(db: Kysely<Database>): Promise<ProjectChoices> {
  const [localities, bhk, sqft, price] = await Promise.all([
    db.selectFrom('projects').select('area').distinct().execute(),
    db.selectFrom('projects').select('bhk').distinct().where('bhk', 'is not', null).execute(),
    db
      .selectFrom('projects')
      .select((eb) => [eb.fn.min('squareft').as('min'), eb.fn.max('squareft').as('max')])
      .executeTakeFirst(),
    db
      .selectFrom('projects')
      .where('price', 'is not', null)
      .select((eb) => [eb.fn.min('price').as('min'), eb.fn.max('price').as('max')])
      .executeTakeFirst(),
  ]);
  return {
    localities: localities.map((r) => r.area).sort(byText),
    bhk: bhk.flatMap((r) => (r.bhk === null ? [] : [Number(r.bhk)])).sort((a, b) => a - b),
    sqft: range(sqft),
    price: range(price),
  };
}

export async function productChoices(db: Kysely<Database>): Promise<ProductChoices> {
  const [spellings, price] = await Promise.all([
    db.selectFrom('productTags').select(['tagKey', 'tag']).distinct().execute(),
    db
      .selectFrom('products')
      .select((eb) => [eb.fn.min('price').as('min'), eb.fn.max('price').as('max')])
      .executeTakeFirst(),
  ]);
  // One spelling per tag: the first in code-point order ("Boho" before "boho"), the same on every database.
  const tags = new Map<string, string>();
  for (const { tagKey, tag } of spellings) {
    const known = tags.get(tagKey);
    if (known === undefined || tag < known) tags.set(tagKey, tag);
  }
  return { tags: [...tags.values()].sort(byText), price: range(price) };
}
