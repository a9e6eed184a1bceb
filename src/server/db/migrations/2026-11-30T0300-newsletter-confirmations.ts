import { sql, type Kysely } from 'kysely';
import { timestampType } from './types';

/**
 * Double opt-in for the newsletter (decision 0018, amended): a ticked box on a public form is a
 * pending consent until the person opens the link mailed to the address. `consents.confirmed_at` is
 * when a newsletter consent was proved from the mailbox; the boxes ticked before this rule count as
 * confirmed when they were ticked (they were the rule then). `newsletter_confirmations` is each
 * link sent: single use (`used_at`), expiring (`expires_at`), one a day per person.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('consents').addColumn('confirmed_at', timestampType(db)).execute();
  // `granted` is a boolean on PostgreSQL and 0/1 on SQLite: both read as true in a WHERE.
  await sql`update consents set confirmed_at = created_at where purpose = 'newsletter' and granted`.execute(db);

  await db.schema
    .createTable('newsletter_confirmations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('lead_id', 'text', (c) => c.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('consent_id', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .addColumn('expires_at', timestampType(db), (c) => c.notNull())
    .addColumn('used_at', timestampType(db))
    .execute();
  await db.schema.createIndex('newsletter_confirmations_lead').on('newsletter_confirmations').columns(['lead_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('newsletter_confirmations').execute();
  await db.schema.alterTable('consents').dropColumn('confirmed_at').execute();
}
