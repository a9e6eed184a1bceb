import { sql, SqliteAdapter, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { ANY, ROW_ANSWER, ROW_QUESTION, type CountRow } from '#shared/results/summary-buckets';

/*
 * The results summary's kept counts (decision 0056): `summary_count_states` (the time zone and survey
 * a campaign's counts were made with) and `summary_answer_counts` (a count per campaign, channel,
 * studio day, finished or not, question and value), and the rows they are made again from. What is
 * counted, and when, is summary-counts.ts's.
 */

type Db = Kysely<Database>;

/** The time zone and survey a campaign's counts were made with; undefined: not counted. */
export function summaryCountState(db: Db, campaignId: string): Promise<{ timeZone: string; survey: string } | undefined> {
  return db.selectFrom('summaryCountStates').select(['timeZone', 'survey']).where('campaignId', '=', campaignId).executeTakeFirst();
}

/** A campaign counted for the first time: its state, unless another write has just made it. */
export async function startCountState(db: Db, state: { campaignId: string; timeZone: string; survey: string }): Promise<void> {
  await db
    .insertInto('summaryCountStates')
    .values(state)
    .onConflict((oc) => oc.column('campaignId').doNothing())
    .execute();
}

const KEY = ['campaignId', 'channelId', 'day', 'finished', 'question', 'answer'] as const;

/** Adds `rows` to the counts, 500 to a statement; a count that falls to zero goes (an erased person's value is not kept). */
export async function addCounts(db: Db, campaignId: string, rows: CountRow[]): Promise<void> {
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

// Counted again from the rows -------------------------------------------------------------------

/** PostgreSQL: locks the campaign's count state (if any) until the transaction ends; SQLite writes one at a time already. */
export async function lockCountState(db: Db, campaignId: string): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await db.selectFrom('summaryCountStates').select('campaignId').where('campaignId', '=', campaignId).forUpdate().execute();
}

/** Removes the campaign's counts and their state. */
export async function deleteCounts(db: Db, campaignId: string): Promise<void> {
  await db.deleteFrom('summaryAnswerCounts').where('campaignId', '=', campaignId).execute();
  await db.deleteFrom('summaryCountStates').where('campaignId', '=', campaignId).execute();
}

/** The campaign's responses after the id `after`, by id, `limit` of them. */
export function responsesAfter(db: Db, campaignId: string, after: string, limit: number) {
  return db
    .selectFrom('surveyResponses')
    .select(['id', 'answer', 'createdAt', 'channelId'])
    .where('campaignId', '=', campaignId)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The campaign's unfinished answers (of records without a response) after the record `after`, by record, `limit` of them. */
export function unfinishedAfter(db: Db, campaignId: string, after: string, limit: number) {
  return db
    .selectFrom('surveyProgress')
    .innerJoin('emailRecords', 'emailRecords.id', 'surveyProgress.emailRecordId')
    .select(['surveyProgress.emailRecordId', 'surveyProgress.answer', 'surveyProgress.updatedAt', 'emailRecords.channelId'])
    .where('surveyProgress.campaignId', '=', campaignId)
    .where('surveyProgress.emailRecordId', '>', after)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('surveyResponses').select('surveyResponses.id').whereRef('surveyResponses.emailRecordId', '=', 'surveyProgress.emailRecordId'))),
    )
    .orderBy('surveyProgress.emailRecordId')
    .limit(limit)
    .execute();
}

/** Writes the campaign's counts made again (1000 to a statement), then their state. */
export async function insertCounts(db: Db, state: { campaignId: string; timeZone: string; survey: string }, rows: CountRow[]): Promise<void> {
  const { campaignId } = state;
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('summaryAnswerCounts')
      .values(rows.slice(i, i + 1000).map((r) => ({ campaignId, ...r })))
      .execute();
  await db.insertInto('summaryCountStates').values(state).execute();
}

// Reads (the results' summary) ---------------------------------------------------------------

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
