import type { CreateTableBuilder, Kysely } from 'kysely';
import { timestampType } from './types';

/** The columns every listing table shares; newest-first lists read (created_at, id). */
function listingTable(db: Kysely<any>, name: string, fields: (t: CreateTableBuilder<string>) => CreateTableBuilder<string>) {
  const ts = timestampType(db);
  const table = db.schema
    .createTable(name)
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('image_hash', 'text', (c) => c.notNull().references('images.hash'))
    .addColumn('filename', 'text', (c) => c.notNull().defaultTo(''));
  return fields(table)
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull());
}

export async function up(db: Kysely<any>): Promise<void> {
  await listingTable(db, 'projects', (t) =>
    t
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('area', 'text', (c) => c.notNull())
      .addColumn('squareft', 'double precision', (c) => c.notNull())
      .addColumn('dateofcomplition', 'text', (c) => c.notNull())
      .addColumn('sizeofunit', 'text', (c) => c.notNull())
      .addColumn('gmaplink', 'text', (c) => c.notNull().defaultTo('')),
  ).execute();

  await listingTable(db, 'products', (t) =>
    t
      .addColumn('productname', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('price', 'double precision', (c) => c.notNull()),
  ).execute();

  await listingTable(db, 'studios', (t) =>
    t
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('gmaplink', 'text', (c) => c.notNull()),
  ).execute();

  for (const table of ['projects', 'products', 'studios']) {
    await db.schema.createIndex(`${table}_newest`).on(table).columns(['created_at desc', 'id desc']).execute();
    // Finding whether an image is still used must not scan the tables.
    await db.schema.createIndex(`${table}_image`).on(table).column('image_hash').execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['studios', 'products', 'projects']) await db.schema.dropTable(table).execute();
}
