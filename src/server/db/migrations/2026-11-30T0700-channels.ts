import type { Kysely } from 'kysely';
import { booleanType, timestampType } from './types';

/**
 * Channels: a campaign's short links (unique code) with their UTM defaults, schedule, cap and
 * pause switch. E-mail records name the channel they came through (null: none), so a channel's
 * completed responses are counted from them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('channels')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('utm_source', 'text')
    .addColumn('utm_medium', 'text')
    .addColumn('utm_campaign', 'text')
    .addColumn('utm_content', 'text')
    .addColumn('opens_at', ts)
    .addColumn('closes_at', ts)
    .addColumn('cap', 'integer')
    .addColumn('paused', booleanType(db), (c) => c.notNull().defaultTo(false))
    .addColumn('allowed_origins', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('channels_campaign').on('channels').column('campaign_id').execute();
  await db.schema.alterTable('email_records').addColumn('channel_id', 'text').execute();
  await db.schema.createIndex('email_records_channel').on('email_records').columns(['channel_id', 'is_completed']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('email_records_channel').execute();
  await db.schema.alterTable('email_records').dropColumn('channel_id').execute();
  await db.schema.dropTable('channels').execute();
}
