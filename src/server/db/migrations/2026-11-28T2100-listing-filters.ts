import type { Kysely } from 'kysely';

/**
 * The homes and decor lists filter in the database. What a filter compares but a field
 * does not hold as such is derived on write and kept beside it: a home's bedrooms (`bhk`, from
 * "3 BHK", "4 BHK villa"), a product's folded name, description and tags (`search_text`) and one
 * row per tag (`product_tags`). Rows written before are filled in here. "Ready by" compares
 * `dateofcomplition`, already stored as YYYY-MM-DD. Every filtered or sorted column has its index.
 * The rules are copied, not imported, so this migration does the same whatever later code does.
 */

/** "3 BHK" → 3, "4 BHK villa" → 4, "5+ BHK" → 5, "Studio" → null (shared/matching `bedroomsOf` as of this migration). */
function bedroomsOf(sizeofunit: string): number | null {
  const match = /(\d+)\s*\+?\s*(?:bhk|bed|br\b|bedroom)/i.exec(sizeofunit) ?? /^\s*(\d+)\b/.exec(sizeofunit);
  return match ? Number(match[1]) : null;
}

/** Lower case, accents and punctuation folded to single spaces (shared/listings `foldForSearch` as of this migration). */
function fold(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function tagsOf(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json || '[]');
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('projects').addColumn('bhk', 'integer').execute();
  await db.schema
    .alterTable('products')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('product_tags')
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('tag_key', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_tags_pk', ['tag_key', 'product_id'])
    .execute();
  await db.schema.createIndex('product_tags_product').on('product_tags').column('product_id').execute();

  const projects = (await db.selectFrom('projects').select(['id', 'sizeofunit']).execute()) as Array<{ id: string; sizeofunit: string }>;
  for (const row of projects) {
    const bhk = bedroomsOf(row.sizeofunit);
    if (bhk !== null) await db.updateTable('projects').set({ bhk }).where('id', '=', row.id).execute();
  }
  const products = (await db.selectFrom('products').select(['id', 'productname', 'description', 'tags']).execute()) as Array<{
    id: string;
    productname: string;
    description: string;
    tags: string;
  }>;
  for (const row of products) {
    const tags = tagsOf(row.tags);
    await db
      .updateTable('products')
      .set({ search_text: fold([row.productname, row.description, ...tags].join(' ')) })
      .where('id', '=', row.id)
      .execute();
    const keyed = new Map<string, string>();
    for (const tag of tags) if (fold(tag) && !keyed.has(fold(tag))) keyed.set(fold(tag), tag);
    if (keyed.size > 0) {
      await db
        .insertInto('product_tags')
        .values([...keyed].map(([tag_key, tag]) => ({ product_id: row.id, tag, tag_key })))
        .execute();
    }
  }

  // What the filters compare and the orders sort by. Each index leads with one filter's column, then
  // the newest-first order, then every other filter's column: a filtered list is read from one index
  // alone (no row lookups), in order when it is the newest first (bench/listing-filters.ts).
  const projectFilters = ['area', 'bhk', 'squareft', 'dateofcomplition', 'price'];
  for (const [name, column, newest] of [
    ['projects_area', 'area', ['created_at desc', 'id desc']],
    ['projects_bhk', 'bhk', ['created_at desc', 'id desc']],
    ['projects_squareft', 'squareft', ['created_at', 'id']],
    ['projects_ready', 'dateofcomplition', ['created_at', 'id']],
    ['projects_price', 'price', ['created_at', 'id']],
  ] as const) {
    await db.schema
      .createIndex(name)
      .on('projects')
      .columns([column, ...newest, ...projectFilters.filter((c) => c !== column)])
      .execute();
  }
  await db.schema.createIndex('products_price').on('products').columns(['price', 'created_at', 'id']).execute();
  // The keyword filter reads every product's search text: from this index, newest first, not from the rows.
  await db.schema.createIndex('products_search').on('products').columns(['created_at desc', 'id desc', 'price', 'search_text']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ['products_search', 'products_price', 'projects_price', 'projects_ready', 'projects_squareft', 'projects_bhk', 'projects_area']) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.dropTable('product_tags').execute();
  await db.schema.alterTable('products').dropColumn('search_text').execute();
  await db.schema.alterTable('projects').dropColumn('bhk').execute();
}
