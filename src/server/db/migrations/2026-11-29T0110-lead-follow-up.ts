import type { Kysely } from 'kysely';
import { timestampType } from './types';

/**
 * Follow-up: a lead's first-contact due time and its escalation (twice the target),
 * counted in working hours when the lead came; when each reminder was taken (a conditional UPDATE
 * takes it once, on any instance); when the lead was first contacted; its next action. The morning
 * digest keeps one row per person and studio day, taken before it is sent.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  for (const column of [
    'first_contact_due_at',
    'first_contact_escalate_at',
    'first_contact_reminded_at',
    'first_contact_escalated_at',
    'first_contacted_at',
    'next_action_due_at',
    'next_action_reminded_at',
  ]) {
    await db.schema.alterTable('leads').addColumn(column, ts).execute();
  }
  await db.schema.alterTable('leads').addColumn('next_action_text', 'text').execute();
  await db.schema.createIndex('leads_first_contact_due').on('leads').columns(['first_contact_due_at']).execute();
  await db.schema.createIndex('leads_next_action_due').on('leads').columns(['next_action_due_at']).execute();
  await db.schema
    .createTable('followup_digests')
    .addColumn('staff_id', 'text', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('taken_at', ts, (c) => c.notNull())
    .addColumn('leads', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('followup_digests_pk', ['staff_id', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('followup_digests').execute();
  await db.schema.dropIndex('leads_next_action_due').execute();
  await db.schema.dropIndex('leads_first_contact_due').execute();
  for (const column of [
    'next_action_text',
    'next_action_reminded_at',
    'next_action_due_at',
    'first_contacted_at',
    'first_contact_escalated_at',
    'first_contact_reminded_at',
    'first_contact_escalate_at',
    'first_contact_due_at',
  ]) {
    await db.schema.alterTable('leads').dropColumn(column).execute();
  }
}
