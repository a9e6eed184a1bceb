import { sql, SqliteAdapter, type Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '#server/db/schema';
import { localDay } from '#shared/followup/working-hours';
import { ANY, CountSheet, ROW_ANSWER, ROW_QUESTION, type CountedAnswer, type CountRow } from '#shared/results/summary-buckets';
import { readSurveySummary, type SummaryReading } from '#shared/survey-json/survey-questions';
import { findCampaign } from '#server/features/surveys';
import { readFollowUpSettings } from '#server/features/settings';

/**
 * The results summary's counts (decision 0056), kept in the transaction of each write of the
 * answers: a response stored, unfinished answers saved or removed, a person erased, unfinished
 * answers expired. A campaign's delete takes them with it (cascade); a merge moves no answer.
 */

type Db = Kysely<Database>;

// Reading a survey builds a survey-core model (milliseconds): once per version of a survey.
const readings = new LRUCache<string, SummaryReading>({ max: 50 });
function summaryOf(questions: string): SummaryReading {
  let reading = readings.get(questions);
  if (!reading) {
    reading = readSurveySummary(questions);
    readings.set(questions, reading);
  }
  return reading;
}

const isPostgres = (db: Db) => !(db.getExecutor().adapter instanceof SqliteAdapter);

/** A change to the counted answers: +1 for an answer written, -1 for one removed. */
export interface CountChange {
  campaignId: string;
  row: CountedAnswer;
  sign: 1 | -1;
}

/**
 * Adds the changes to their campaigns' counts, after the rows themselves were written. A campaign
 * counted for the first time takes the studio's time zone; one whose survey changed since it was
 * counted (only possible before its first response) is counted again from its rows.
 */
export async function keepSummaryCounts(db: Db, changes: readonly CountChange[]): Promise<void> {
  const byCampaign = new Map<string, CountChange[]>();
  for (const c of changes) byCampaign.set(c.campaignId, [...(byCampaign.get(c.campaignId) ?? []), c]);
  for (const [campaignId, list] of [...byCampaign].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const campaign = await findCampaign(db, campaignId);
    // Deleted meanwhile: its counts went with it.
    if (!campaign) continue;
    let state = await countState(db, campaignId);
    if (!state) {
      const { timeZone } = await readFollowUpSettings(db);
      await db
        .insertInto('summaryCountStates')
        .values({ campaignId, timeZone, survey: campaign.questions })
        .onConflict((oc) => oc.column('campaignId').doNothing())
        .execute();
      state = (await countState(db, campaignId))!;
    }
    if (state.survey !== campaign.questions) {
      await rebuildSummaryCounts(db, campaignId, state.timeZone);
      continue;
    }
    const { timeZone } = state;
    const sheet = new CountSheet(summaryOf(campaign.questions), (at) => localDay(at, timeZone));
    for (const c of list) sheet.add(c.row, c.sign);
    await addCounts(db, campaignId, sheet.rows());
  }
}

function countState(db: Db, campaignId: string) {
  return db.selectFrom('summaryCountStates').select(['timeZone', 'survey']).where('campaignId', '=', campaignId).executeTakeFirst();
}

const KEY = ['campaignId', 'channelId', 'day', 'finished', 'question', 'answer'] as const;

/** Adds `rows` to the counts; a count that falls to zero goes (an erased person's value is not kept). */
async function addCounts(db: Db, campaignId: string, rows: CountRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    const written = await db
      .insertInto('summaryAnswerCounts')
      .values(rows.slice(i, i + 500).map((r) => ({ campaignId, ...r })))
      .onConflict((oc) => oc.columns([...KEY]).doUpdateSet({ n: sql<number>`summary_answer_counts.n + excluded.n` }))
      .returning([...KEY, 'n'])
      .execute();
    const empty = written.filter((r) => Number(r.n) === 0);
    if (empty.length === 0) continue;
    await db
      .deleteFrom('summaryAnswerCounts')
      .where('campaignId', '=', campaignId)
      .where('n', '=', 0)
      .where((eb) =>
        eb.or(
          empty.map((r) =>
            eb.and([
              eb('channelId', '=', r.channelId),
              eb('day', '=', r.day),
              eb('finished', '=', Boolean(r.finished)),
              eb('question', '=', r.question),
              eb('answer', '=', r.answer),
            ]),
          ),
        ),
      )
      .execute();
  }
}

const BATCH = 5000;

/**
 * The campaign's counts made again from its rows (in batches), in `timeZone`'s days and with its
 * survey as it is now: the migration's backfill, a survey changed, the benchmark's seeded rows.
 */
export async function rebuildSummaryCounts(db: Db, campaignId: string, timeZone: string): Promise<void> {
  const campaign = await findCampaign(db, campaignId);
  if (!campaign) return;
  if (isPostgres(db)) await db.selectFrom('summaryCountStates').select('campaignId').where('campaignId', '=', campaignId).forUpdate().execute();
  await db.deleteFrom('summaryAnswerCounts').where('campaignId', '=', campaignId).execute();
  await db.deleteFrom('summaryCountStates').where('campaignId', '=', campaignId).execute();
  const sheet = new CountSheet(summaryOf(campaign.questions), (at) => localDay(at, timeZone));
  for (let after = ''; ;) {
    const rows = await db
      .selectFrom('surveyResponses')
      .select(['id', 'answer', 'createdAt', 'channelId'])
      .where('campaignId', '=', campaignId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const r of rows) sheet.add({ finished: true, channelId: r.channelId, at: r.createdAt, answer: r.answer }, 1);
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
  for (let after = ''; ;) {
    const rows = await db
      .selectFrom('surveyProgress')
      .innerJoin('emailRecords', 'emailRecords.id', 'surveyProgress.emailRecordId')
      .select(['surveyProgress.emailRecordId', 'surveyProgress.answer', 'surveyProgress.updatedAt', 'emailRecords.channelId'])
      .where('surveyProgress.campaignId', '=', campaignId)
      .where('surveyProgress.emailRecordId', '>', after)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('surveyResponses').select('surveyResponses.id').whereRef('surveyResponses.emailRecordId', '=', 'surveyProgress.emailRecordId'))),
      )
      .orderBy('surveyProgress.emailRecordId')
      .limit(BATCH)
      .execute();
    for (const r of rows) sheet.add({ finished: false, channelId: r.channelId, at: r.updatedAt, answer: r.answer }, 1);
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]!.emailRecordId;
  }
  const rows = sheet.rows();
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('summaryAnswerCounts')
      .values(rows.slice(i, i + 1000).map((r) => ({ campaignId, ...r })))
      .execute();
  await db.insertInto('summaryCountStates').values({ campaignId, timeZone, survey: campaign.questions }).execute();
}

// Reads (the results' summary) ---------------------------------------------------------------

/** The time zone and survey a campaign's counts were made with; undefined: not counted. */
export function summaryCountState(db: Db, campaignId: string): Promise<{ timeZone: string; survey: string } | undefined> {
  return countState(db, campaignId);
}

/** Which counts: a channel (none: every one), studio days `from`…`to` (both included; none: every day). */
export interface CountScope {
  channelId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

function scoped(db: Db, campaignId: string, scope: CountScope, everyDay: boolean) {
  let query = db
    .selectFrom('summaryAnswerCounts')
    .where('campaignId', '=', campaignId)
    .where('channelId', '=', scope.channelId ?? ANY);
  if (scope.from === undefined && scope.to === undefined) return query.where('day', everyDay ? '=' : '<>', ANY);
  query = query.where('day', '<>', ANY);
  if (scope.from !== undefined) query = query.where('day', '>=', scope.from);
  if (scope.to !== undefined) query = query.where('day', '<=', scope.to);
  return query;
}

/** Answers per studio day, finished and not, in the scope. */
export async function summaryDayCounts(db: Db, campaignId: string, scope: CountScope): Promise<Array<{ finished: boolean; day: string; n: number }>> {
  const rows = await scoped(db, campaignId, scope, false)
    .where('question', '=', ROW_QUESTION)
    .where('answer', '=', ROW_ANSWER)
    .where('n', '<>', 0)
    .select(['finished', 'day', 'n'])
    .execute();
  return rows.map((r) => ({ finished: Boolean(r.finished), day: r.day, n: Number(r.n) }));
}

/** Answers per question and value, of the finished and/or unfinished ones, in the scope. */
export async function summaryAnswerCounts(
  db: Db,
  campaignId: string,
  scope: CountScope & { finished: boolean[] },
): Promise<Array<{ question: string; answer: string; n: number }>> {
  // With neither channel nor dates: the counts over every channel and day, a row per value.
  const everyDay = scope.channelId === undefined;
  const rows = await scoped(db, campaignId, scope, everyDay)
    .where('finished', 'in', scope.finished)
    .where('question', '<>', ROW_QUESTION)
    .select(['question', 'answer', (eb) => eb.fn.sum<number | string>('n').as('n')])
    .groupBy(['question', 'answer'])
    .execute();
  return rows.map((r) => ({ question: r.question, answer: r.answer, n: Number(r.n) })).filter((r) => r.n !== 0);
}
