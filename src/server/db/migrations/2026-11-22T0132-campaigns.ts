import type { Kysely } from 'kysely';
import { booleanType, timestampType } from './types';

export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  const bool = booleanType(db);

  await db.schema
    .createTable('campaigns')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('questions', 'text', (c) => c.notNull())
    .addColumn('questioncolumns', 'text', (c) => c.notNull())
    .addColumn('is_active', bool, (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('campaigns_created').on('campaigns').columns(['created_at', 'id']).execute();

  // campaign_id is null for a newsletter sign-up (no campaign was active).
  await db.schema
    .createTable('email_records')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('campaign_id', 'text', (c) => c.references('campaigns.id').onDelete('cascade'))
    .addColumn('is_completed', bool, (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_records_campaign_email').on('email_records').columns(['campaign_id', 'email']).execute();
  // A campaign's records in time order (results page, export batches), and everyone's (e-mail list).
  await db.schema.createIndex('email_records_campaign_created').on('email_records').columns(['campaign_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('email_records_created').on('email_records').columns(['created_at', 'id']).execute();

  // One response per e-mail record: the unique key makes a retried submission a no-op.
  await db.schema
    .createTable('survey_responses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('email_record_id', 'text', (c) => c.notNull().unique().references('email_records.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('survey_responses_campaign_created').on('survey_responses').columns(['campaign_id', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('survey_responses').execute();
  await db.schema.dropTable('email_records').execute();
  await db.schema.dropTable('campaigns').execute();
}
