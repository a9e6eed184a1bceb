import { sql, type Kysely } from 'kysely';
import { SqliteAdapter } from 'kysely';

/**
 * Storing a survey response completes its e-mail record, in the same statement: a trigger, so
 * that a response is one INSERT (atomic on its own) and no code path can store one and leave its
 * record open. ON CONFLICT DO NOTHING (a retried submission) inserts no row and fires nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`
      create trigger survey_response_completes_record after insert on survey_responses
      for each row begin
        update email_records set is_completed = 1 where id = new.email_record_id;
      end
    `.execute(db);
    return;
  }
  await sql`
    create function complete_email_record() returns trigger language plpgsql as $$
    begin
      update email_records set is_completed = true where id = new.email_record_id;
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger survey_response_completes_record after insert on survey_responses
    for each row execute function complete_email_record()
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`drop trigger survey_response_completes_record`.execute(db);
    return;
  }
  await sql`drop trigger survey_response_completes_record on survey_responses`.execute(db);
  await sql`drop function complete_email_record()`.execute(db);
}
