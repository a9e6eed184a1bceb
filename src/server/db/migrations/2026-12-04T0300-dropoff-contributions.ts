import { sql, type Kysely } from 'kysely';
import { dropoffSurvey } from '#server/lib/survey-dropoff';
import { timestampType } from './types';

/**
 * Each e-mail record's contribution to its survey's drop-off (decision 0058), kept from now on in the
 * transaction that writes the record's unfinished answers or its response; filled here from the rows.
 * Every reference cascades, so a contribution goes with the rows it was computed from. The index holds
 * every column the drop-off reads, in the order it groups them (campaign, version, contribution), the
 * channel and creation time tested inside it: the grouped count is one ordered pass over the
 * campaign's entries, no sort. The e-mail records get one for counting a campaign's records of a channel.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('dropoff_contributions')
    .addColumn('email_record_id', 'text', (c) => c.primaryKey().references('email_records.id').onDelete('cascade'))
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('channel_id', 'text')
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .addColumn('survey_version', 'text', (c) => c.notNull())
    .addColumn('contribution', 'text', (c) => c.notNull())
    .addColumn('response_id', 'text', (c) => c.references('survey_responses.id').onDelete('cascade'))
    .addColumn('progress_of', 'text', (c) => c.references('survey_progress.email_record_id').onDelete('cascade'))
    .execute();
  await db.schema
    .createIndex('dropoff_contributions_scope')
    .on('dropoff_contributions')
    .columns(['campaign_id', 'survey_version', 'contribution', 'channel_id', 'created_at'])
    .execute();
  await db.schema.createIndex('dropoff_contributions_response').on('dropoff_contributions').column('response_id').execute();
  await db.schema.createIndex('dropoff_contributions_progress').on('dropoff_contributions').column('progress_of').execute();
  await db.schema.createIndex('email_records_campaign_channel').on('email_records').columns(['campaign_id', 'channel_id', 'created_at']).execute();
  await fillDropoffContributions(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('email_records_campaign_channel').execute();
  await db.schema.dropTable('dropoff_contributions').execute();
}

const BATCH = 1000;

/**
 * Computes and stores the contribution of every e-mail record that has a response or unfinished
 * answers and no contribution yet (the migration; the benches, which seed rows directly). Campaign
 * by campaign, records in key order, a thousand at a time.
 */
export async function fillDropoffContributions(db: Kysely<any>): Promise<number> {
  const campaigns = (await db.selectFrom('campaigns').select(['id', 'questions']).execute()) as Array<{ id: string; questions: string }>;
  let kept = 0;
  for (const campaign of campaigns) {
    const survey = dropoffSurvey(campaign.questions);
    let after = '';
    for (;;) {
      const rows = (await db
        .selectFrom('email_records as e')
        .leftJoin('survey_responses as r', 'r.email_record_id', 'e.id')
        .leftJoin('survey_progress as p', 'p.email_record_id', 'e.id')
        .leftJoin('dropoff_contributions as d', 'd.email_record_id', 'e.id')
        .select([
          'e.id',
          'r.id as responseId',
          'r.answer as response',
          'p.email_record_id as progressOf',
          'p.answer as progress',
          'p.page',
          'p.furthest_page as furthestPage',
        ])
        .where('e.campaign_id', '=', campaign.id)
        .where('e.id', '>', after)
        .where((eb) => eb.or([eb('r.id', 'is not', null), eb('p.email_record_id', 'is not', null)]))
        .where('d.email_record_id', 'is', null)
        .orderBy('e.id')
        .limit(BATCH)
        .execute()) as Array<{
        id: string;
        responseId: string | null;
        response: string | null;
        progressOf: string | null;
        progress: string | null;
        page: number | null;
        furthestPage: number | null;
      }>;
      if (rows.length === 0) break;
      after = rows[rows.length - 1]!.id;
      const values = rows.map((r) => {
        const finished = r.responseId !== null;
        const contribution = !survey.keepable
          ? ''
          : survey.contribution(
              finished
                ? { answers: r.response, finished, page: 0, furthestPage: 0 }
                : { answers: r.progress, finished, page: Number(r.page ?? 0), furthestPage: Number(r.furthestPage ?? 0) },
            );
        return sql`(${r.id}, ${survey.version}, ${contribution}, ${finished ? r.responseId : null}, ${finished ? null : r.progressOf})`;
      });
      await sql`
        insert into dropoff_contributions (email_record_id, campaign_id, channel_id, created_at, survey_version, contribution, response_id, progress_of)
        select e.id, e.campaign_id, e.channel_id, e.created_at, v.column2, v.column3, v.column4, v.column5
        from (values ${sql.join(values)}) as v
        join email_records e on e.id = v.column1
      `.execute(db);
      kept += rows.length;
    }
  }
  return kept;
}
