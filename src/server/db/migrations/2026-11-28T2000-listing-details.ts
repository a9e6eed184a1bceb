import type { Kysely } from 'kysely';

/**
 * A page per home: a project's RERA registration number (empty when none) and its
 * amenities (a JSON array of text).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('rera', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('projects')
    .addColumn('amenities', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('projects').dropColumn('amenities').execute();
  await db.schema.alterTable('projects').dropColumn('rera').execute();
}
