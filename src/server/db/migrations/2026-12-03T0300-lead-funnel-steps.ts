import { sql, type Kysely } from 'kysely';
import { booleanType } from './types';

/**
 * The funnel's steps kept on the lead (decision 0035, amended): whether the person completed a survey
 * (any campaign: `leads.survey_completed`; a given campaign: `lead_campaigns.completed`), has a site
 * visit in any state (`visit_booked`, cancelled ones included) and has one marked done
 * (`visit_done`). Written in the transaction of the write that changes them (a response, a booking,
 * a visit's status, a merge or an unmerge); filled here from the rows. Indexes for the grouped
 * count: the leads by first channel and creation time with every column the count reads, and a
 * campaign's leads with their completed flag.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const bool = booleanType(db);
  for (const column of ['survey_completed', 'visit_booked', 'visit_done']) {
    await db.schema
      .alterTable('leads')
      .addColumn(column, bool, (c) => c.notNull().defaultTo(false))
      .execute();
  }
  await db.schema
    .alterTable('lead_campaigns')
    .addColumn('completed', bool, (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`
    update leads set
      survey_completed = exists (select 1 from email_records e where e.lead_id = leads.id and e.is_completed = true),
      visit_booked = exists (select 1 from visits v where v.lead_id = leads.id),
      visit_done = exists (select 1 from visits v where v.lead_id = leads.id and v.status = 'done')
    where exists (select 1 from email_records e where e.lead_id = leads.id and e.is_completed = true)
       or exists (select 1 from visits v where v.lead_id = leads.id)
  `.execute(db);
  await sql`
    update lead_campaigns set completed = true
    where exists (
      select 1 from email_records e
      where e.lead_id = lead_campaigns.lead_id and e.campaign_id = lead_campaigns.campaign_id and e.is_completed = true
    )
  `.execute(db);
  // Every column the grouped count reads, grouped by first channel and ranged by creation time: the
  // count reads the index alone (a covering index on SQLite, an index-only scan on PostgreSQL). It
  // begins as leads_first_channel_created did (decision 0035), which it replaces.
  await db.schema
    .createIndex('leads_funnel')
    .on('leads')
    .columns(['first_channel_id', 'created_at', 'has_survey', 'status', 'first_contacted_at', 'survey_completed', 'visit_booked', 'visit_done', 'id'])
    .execute();
  await db.schema.dropIndex('leads_first_channel_created').execute();
  await db.schema.dropIndex('lead_campaigns_campaign').execute();
  await db.schema.createIndex('lead_campaigns_campaign').on('lead_campaigns').columns(['campaign_id', 'lead_id', 'completed']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('lead_campaigns_campaign').execute();
  await db.schema.createIndex('lead_campaigns_campaign').on('lead_campaigns').columns(['campaign_id', 'lead_id']).execute();
  await db.schema.createIndex('leads_first_channel_created').on('leads').columns(['first_channel_id', 'created_at']).execute();
  await db.schema.dropIndex('leads_funnel').execute();
  await db.schema.alterTable('lead_campaigns').dropColumn('completed').execute();
  for (const column of ['visit_done', 'visit_booked', 'survey_completed']) await db.schema.alterTable('leads').dropColumn(column).execute();
}
