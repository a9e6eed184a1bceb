import type { Kysely } from 'kysely';
import { timestampType } from './types';

/**
 * Site visits (decision 0024): each studio's slot settings, the visits, the seats they hold (the primary
 * key (studio, slot start, seat) keeps a seat to one visit on both databases) and their mail outbox.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('visit_slot_settings')
    .addColumn('studio_id', 'text', (c) => c.primaryKey())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('visits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('lead_id', 'text', (c) => c.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('studio_id', 'text', (c) => c.notNull())
    .addColumn('starts_at', ts, (c) => c.notNull())
    .addColumn('ends_at', ts, (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('phone', 'text')
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addColumn('reminded_day_at', ts)
    .addColumn('reminded_hours_at', ts)
    .execute();
  await db.schema.createIndex('visits_starts_at').on('visits').columns(['starts_at', 'status']).execute();
  await db.schema.createIndex('visits_lead').on('visits').column('lead_id').execute();
  await db.schema
    .createTable('visit_seats')
    .addColumn('studio_id', 'text', (c) => c.notNull())
    .addColumn('slot_start', 'text', (c) => c.notNull())
    .addColumn('seat', 'integer', (c) => c.notNull())
    .addColumn('visit_id', 'text', (c) => c.notNull().references('visits.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('visit_seats_pk', ['studio_id', 'slot_start', 'seat'])
    .execute();
  await db.schema.createIndex('visit_seats_visit').on('visit_seats').column('visit_id').execute();
  await db.schema
    .createTable('visit_mails')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('visit_id', 'text', (c) => c.notNull().references('visits.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('locked_until', ts)
    .addColumn('sent_at', ts)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('visit_mails_pending').on('visit_mails').columns(['sent_at', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['visit_mails', 'visit_seats', 'visits', 'visit_slot_settings']) await db.schema.dropTable(table).execute();
}
