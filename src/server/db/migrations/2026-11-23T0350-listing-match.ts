import type { Kysely } from 'kysely';

/**
 * Matching answers to listings: a project's optional price, a product's tags (a JSON
 * array), and the matches computed for each response, stored with it (JSON).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('projects').addColumn('price', 'double precision').execute();
  await db.schema
    .alterTable('products')
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.alterTable('survey_responses').addColumn('matches', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('survey_responses').dropColumn('matches').execute();
  await db.schema.alterTable('products').dropColumn('tags').execute();
  await db.schema.alterTable('projects').dropColumn('price').execute();
}
