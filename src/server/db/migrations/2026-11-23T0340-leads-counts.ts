import { sql, SqliteAdapter, type Kysely } from 'kysely';

/**
 * The inbox's counts per status and its text search over 100,000 leads: an index that holds
 * everything the counts filter on, so they read the index alone (88 ms → a few ms measured here),
 * and one lower-cased search column (e-mail, name, phone), kept by the database itself.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const expression = sql`lower(email_key || ' ' || coalesce(name, '') || ' ' || coalesce(phone, ''))`;
  await db.schema
    .alterTable('leads')
    .addColumn('search_text', 'text', (c) => (sqlite ? c.generatedAlwaysAs(expression) : c.generatedAlwaysAs(expression).stored()))
    .execute();
  await db.schema
    .createIndex('leads_counts')
    .on('leads')
    .columns(['status', 'has_survey', 'has_contact', 'has_newsletter', 'last_activity_at', 'search_text'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('leads_counts').execute();
  await db.schema.alterTable('leads').dropColumn('search_text').execute();
}
