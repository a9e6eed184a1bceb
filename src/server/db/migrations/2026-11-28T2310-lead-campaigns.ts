import { sql, type Kysely } from 'kysely';

/**
 * Which campaigns each lead answered (gave an e-mail for), kept by leads themselves (decision 0020):
 * the inbox's campaign filter reads it instead of responses' e-mail records. One row per lead and
 * campaign; it goes with the lead (erasure) and with the campaign (deleting it deletes its records
 * too), as the e-mail records do. Filled from the e-mail records there are.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lead_campaigns')
    .addColumn('lead_id', 'text', (c) => c.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('lead_campaigns_pk', ['lead_id', 'campaign_id'])
    .execute();
  await db.schema.createIndex('lead_campaigns_campaign').on('lead_campaigns').columns(['campaign_id', 'lead_id']).execute();
  await sql`
    insert into lead_campaigns (lead_id, campaign_id)
    select distinct lead_id, campaign_id from email_records where campaign_id is not null
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('lead_campaigns').execute();
}
