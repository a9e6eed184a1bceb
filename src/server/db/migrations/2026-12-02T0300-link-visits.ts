import type { Kysely } from 'kysely';

/**
 * Link visits (decision 0035): per channel and studio day, the keyed hashes of the visitors seen
 * (kept 2 days, never the address) and the count of distinct visitors (kept). Indexes for the
 * funnel: leads by creation time and by first channel.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('link_visitors')
    .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('visitor_hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('link_visitors_pk', ['channel_id', 'day', 'visitor_hash'])
    .execute();
  await db.schema.createIndex('link_visitors_day').on('link_visitors').column('day').execute();
  await db.schema
    .createTable('link_visit_counts')
    .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('visitors', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('link_visit_counts_pk', ['channel_id', 'day'])
    .execute();
  await db.schema.createIndex('link_visit_counts_day').on('link_visit_counts').columns(['day', 'channel_id']).execute();
  await db.schema.createIndex('leads_created').on('leads').columns(['created_at']).execute();
  await db.schema.createIndex('leads_first_channel_created').on('leads').columns(['first_channel_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('leads_first_channel_created').execute();
  await db.schema.dropIndex('leads_created').execute();
  await db.schema.dropTable('link_visit_counts').execute();
  await db.schema.dropTable('link_visitors').execute();
}
