import { sql, type Kysely } from 'kysely';

/**
 * At most one open (not completed) e-mail record per e-mail and campaign (newsletter sign-ups,
 * with no campaign, count as one campaign). The application used to ensure it by looking before
 * inserting, which two instances on PostgreSQL could both pass at once; the index makes it a
 * rule of the database, and lets a lead be added with one INSERT … ON CONFLICT DO NOTHING.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Duplicates that slipped through: keep the oldest open record of each pair. The others have no
  // response (a response completes its record), so only their duplicate rows go.
  await sql`
    delete from email_records
    where is_completed = false
      and exists (
        select 1 from email_records older
        where older.is_completed = false
          and older.email = email_records.email
          and coalesce(older.campaign_id, '') = coalesce(email_records.campaign_id, '')
          and (older.created_at < email_records.created_at
               or (older.created_at = email_records.created_at and older.id < email_records.id))
      )
  `.execute(db);
  await sql`
    create unique index email_records_one_open
    on email_records (coalesce(campaign_id, ''), email)
    where is_completed = false
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index email_records_one_open`.execute(db);
}
