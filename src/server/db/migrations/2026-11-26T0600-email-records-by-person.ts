import { sql, type Kysely } from 'kysely';
import { booleanType } from './types';

/**
 * One e-mail record per person and campaign, whatever the letter case of the e-mail. The person's record is the row with `is_extra` false: unique on the campaign and
 * lower(email). Every other row of the same person is an extra attempt: the survey answered again,
 * or from a device that only knew the e-mail. An e-mail alone never hands out the person's record
 * (so nobody who merely knows it can overwrite their answers or revoke their link); it gets an
 * extra attempt of its own, which staff lists and counts do not show as another person.
 *
 * Rows from before: of each person's rows, a finished one (the oldest) stays the person's record,
 * else the oldest; the others become extras. Nothing is deleted. A lead whose latest campaign the
 * person has finished is finished again (asking again no longer makes it unfinished).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('email_records')
    .addColumn('is_extra', booleanType(db), (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`drop index email_records_one_open`.execute(db);
  await sql`
    update email_records set is_extra = true
    where exists (
      select 1 from email_records p
      where coalesce(p.campaign_id, '') = coalesce(email_records.campaign_id, '')
        and lower(p.email) = lower(email_records.email)
        and p.id <> email_records.id
        and ((p.is_completed and not email_records.is_completed)
          or (p.is_completed = email_records.is_completed
            and (p.created_at < email_records.created_at
              or (p.created_at = email_records.created_at and p.id < email_records.id))))
    )
  `.execute(db);
  await sql`
    create unique index email_records_person
    on email_records (coalesce(campaign_id, ''), lower(email))
    where is_extra = false
  `.execute(db);
  await sql`
    update leads set last_completed = true
    where last_campaign_id is not null
      and exists (
        select 1 from email_records e
        where e.lead_id = leads.id and e.campaign_id = leads.last_campaign_id and e.is_completed = true
      )
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index email_records_person`.execute(db);
  // The earlier rule allowed one open record per exact e-mail and campaign: open extras beyond it go.
  await sql`
    delete from email_records
    where is_completed = false and is_extra = true
      and exists (
        select 1 from email_records other
        where other.is_completed = false and other.id <> email_records.id
          and other.email = email_records.email
          and coalesce(other.campaign_id, '') = coalesce(email_records.campaign_id, '')
          and (other.is_extra = false or other.id < email_records.id)
      )
  `.execute(db);
  await sql`
    create unique index email_records_one_open
    on email_records (coalesce(campaign_id, ''), email)
    where is_completed = false
  `.execute(db);
  await db.schema.alterTable('email_records').dropColumn('is_extra').execute();
}
