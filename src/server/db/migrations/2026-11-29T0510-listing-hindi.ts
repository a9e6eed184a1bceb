import type { Kysely } from 'kysely';

/**
 * Listings in Hindi: a listing's name (and a product's description) may carry a Hindi
 * version. Optional: null is none, and the Hindi pages show the English text.
 */
const COLUMNS: ReadonlyArray<readonly [table: string, column: string]> = [
  ['projects', 'name_hi'],
  ['products', 'productname_hi'],
  ['products', 'description_hi'],
  ['studios', 'title_hi'],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, column] of COLUMNS) await db.schema.alterTable(table).addColumn(column, 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, column] of [...COLUMNS].reverse()) await db.schema.alterTable(table).dropColumn(column).execute();
}
