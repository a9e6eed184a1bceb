import { sql, type Kysely } from 'kysely';

/**
 * The e-mail is stored once (decision 0020). A survey response kept a copy of its e-mail
 * record's address; the answers table, the export and the person's data export now read it through
 * the record. The copy was always the record's text (written from it since the first version, after
 * checking the visitor sent exactly that): this checks it before dropping the column, and stops
 * rather than lose a spelling that differs.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const differing = await sql<{ n: number | string }>`
    select count(*) as n from survey_responses r join email_records e on e.id = r.email_record_id where r.email <> e.email
  `.execute(db);
  const count = Number(differing.rows[0]?.n ?? 0);
  if (count > 0) {
    throw new Error(
      `${count} survey response(s) carry an e-mail other than their e-mail record's; the copy cannot be dropped without losing it. ` +
        `Compare survey_responses.email with email_records.email, then start again.`,
    );
  }
  await db.schema.alterTable('survey_responses').dropColumn('email').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('survey_responses')
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`update survey_responses set email = (select e.email from email_records e where e.id = survey_responses.email_record_id)`.execute(db);
}
