import { sql, SqliteAdapter, type Kysely } from 'kysely';
import { CountSheet, type CountRow } from '#shared/results/summary-buckets';
import { localDay } from '#shared/followup/working-hours';
import { readSurveySummary } from '#shared/survey-json/survey-questions';
import { booleanType } from './types';

/**
 * (decision 0056): the results summary from counts kept as answers are written.
 * `summary_answer_counts`: per campaign, finished (a response) or not (unfinished answers), channel
 * ('' none, '*' any), the studio's day ('*' any), question ('' the row itself) and answer (the value
 * as JSON text, `#answered` for a text question), how many answers. `summary_count_states`: the
 * time zone the days were counted in and the survey the buckets were made with; the summary is
 * read from the counts only while both are still the campaign's.
 * Filled here from the rows, each campaign's in memory (its counts grow with channels × days ×
 * values, not with answers), with the bucket function the writes use.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const bool = booleanType(db);
  await db.schema
    .createTable('summary_answer_counts')
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('finished', bool, (c) => c.notNull())
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('summary_answer_counts_pk', ['campaign_id', 'channel_id', 'day', 'finished', 'question', 'answer'])
    .execute();
  await db.schema
    .createTable('summary_count_states')
    .addColumn('campaign_id', 'text', (c) => c.primaryKey().references('campaigns.id').onDelete('cascade'))
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('survey', 'text', (c) => c.notNull())
    .execute();

  const settings = await sql<{ data: string }>`select data from studio_settings where id = 1`.execute(db);
  const saved = settings.rows[0] ? (JSON.parse(settings.rows[0].data) as { timeZone?: string }) : {};
  const timeZone = saved.timeZone ?? 'Asia/Kolkata';
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const campaigns = await sql<{ id: string; questions: string }>`select id, questions from campaigns`.execute(db);
  for (const campaign of campaigns.rows) {
    const sheet = new CountSheet(readSurveySummary(campaign.questions), (at) => localDay(at, timeZone));
    // In batches by id; read by position (the app's CamelCasePlugin renames result columns).
    for (let after = ''; ;) {
      const batch = await sql<Record<string, unknown>>`
        select id, answer, created_at, channel_id from survey_responses where campaign_id = ${campaign.id} and id > ${after} order by id limit ${BATCH}`.execute(
        db,
      );
      for (const row of batch.rows) {
        const [id, answer, at, channelId] = Object.values(row) as [string, string, Date | string, string | null];
        sheet.add({ finished: true, channelId, at, answer }, 1);
        after = id;
      }
      if (batch.rows.length < BATCH) break;
    }
    for (let after = ''; ;) {
      const batch = await sql<Record<string, unknown>>`
        select p.email_record_id, p.answer, p.updated_at, e.channel_id from survey_progress p join email_records e on e.id = p.email_record_id
        where p.campaign_id = ${campaign.id} and p.email_record_id > ${after}
          and not exists (select 1 from survey_responses r where r.email_record_id = p.email_record_id)
        order by p.email_record_id limit ${BATCH}`.execute(db);
      for (const row of batch.rows) {
        const [id, answer, at, channelId] = Object.values(row) as [string, string, Date | string, string | null];
        sheet.add({ finished: false, channelId, at, answer }, 1);
        after = id;
      }
      if (batch.rows.length < BATCH) break;
    }
    await insertCounts(db, campaign.id, sheet.rows(), sqlite);
    await sql`insert into summary_count_states (campaign_id, time_zone, survey) values (${campaign.id}, ${timeZone}, ${campaign.questions})`.execute(db);
  }
}

const BATCH = 5000;

async function insertCounts(db: Kysely<any>, campaignId: string, rows: CountRow[], sqlite: boolean): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    const values = rows
      .slice(i, i + 1000)
      .map((r) => sql`(${campaignId}, ${sqlite ? Number(r.finished) : r.finished}, ${r.channelId}, ${r.day}, ${r.question}, ${r.answer}, ${r.n})`);
    await sql`insert into summary_answer_counts (campaign_id, finished, channel_id, day, question, answer, n) values ${sql.join(values)}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('summary_count_states').execute();
  await db.schema.dropTable('summary_answer_counts').execute();
}
