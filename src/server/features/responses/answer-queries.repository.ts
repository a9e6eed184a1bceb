/**
 * The queries behind the results (summary, answers table, export), kept with the tables they read:
 * the results feature calls them through the responses feature's face (`responseQueries`, result-reads.ts).
 */
import { splitPeriod } from '#server/lib/utc-days';
import { sql, SqliteAdapter, type Expression, type Kysely, type SqlBool } from 'kysely';
import { inBatches, type After } from '#server/db/batches';
import type { Dialect } from '#server/db/database';
import type { Database } from '#server/db/schema';

type Db = Kysely<Database>;

// Filters ---------------------------------------------------------------------------

/** Dates and answers that narrow a campaign's results; none: everything, as before. */
export interface ResultFilters {
  /** Included. */
  from?: Date;
  /** Excluded (the day after the last one asked for). */
  until?: Date;
  /** "The answer under `key` is `value`" (or, for an array of picks, includes it); all must hold. */
  answers: { key: string; value: string }[];
  /** README "Channels": only visitors who came through this channel. */
  channelId?: string;
}

export const NO_FILTERS: ResultFilters = { answers: [] };

const isSqlite = (db: Db) => db.getExecutor().adapter instanceof SqliteAdapter;

/**
 * True when the answers (JSON text in `column`) hold `value` under `key`: as the value itself, or
 * as one item of an array of picks. Values compare as text, so a filter "3" finds the number 3.
 */
export function answerHolds(db: Db, column: string, key: string, value: string) {
  const ref = sql.ref(column);
  // A stored answer the database's JSON functions refuse (SQLite: nested past 1,000 levels;
  // PostgreSQL: a lone surrogate escape) holds nothing, rather than failing the read.
  if (isSqlite(db)) {
    const json = sql`(case when json_valid(${ref}) then ${ref} else '{}' end)`;
    return sql<boolean>`exists (select 1 from json_each(${json}) a where a.key = ${key} and case when a.type = 'array' then exists (select 1 from json_each(a.value) b where cast(b.value as text) = ${value}) else cast(a.value as text) = ${value} end)`;
  }
  // The plain cast for text that cannot fail it: no \u escape, and too short to nest past the
  // parser's stack (about 10,000 levels; 4,000 need 8,000 characters). Anything else is read through
  // answer_jsonb_or_null (a subtransaction each), which turns a refusal into null.
  const json = sql`(case when strpos(${ref}, ${'\\u'}) = 0 and length(${ref}) <= 8000 then ${ref}::jsonb else answer_jsonb_or_null(${ref}) end)`;
  return sql<boolean>`exists (select 1 from jsonb_array_elements_text(case jsonb_typeof(${json} -> ${key}) when 'array' then ${json} -> ${key} else jsonb_build_array(${json} -> ${key}) end) e where e = ${value})`;
}

type Where = Expression<SqlBool>;

/** The conditions on a table's answer and date columns. */
function filterConditions(db: Db, filters: ResultFilters, answer: string, date: string, channel: string): Where[] {
  const out: Where[] = [];
  if (filters.channelId !== undefined) out.push(sql<boolean>`${sql.ref(channel)} = ${filters.channelId}`);
  if (filters.from) out.push(sql<boolean>`${sql.ref(date)} >= ${filters.from}`);
  if (filters.until) out.push(sql<boolean>`${sql.ref(date)} < ${filters.until}`);
  for (const { key, value } of filters.answers) out.push(answerHolds(db, answer, key, value));
  return out;
}

/** Completed responses of the campaign under the filters. */
function filteredResponses(db: Db, campaignId: string, filters: ResultFilters) {
  let query = db.selectFrom('surveyResponses').where('surveyResponses.campaignId', '=', campaignId);
  for (const condition of filterConditions(db, filters, 'survey_responses.answer', 'survey_responses.created_at', 'survey_responses.channel_id'))
    query = query.where(condition);
  return query;
}

/** Unfinished answers (no response yet) of the campaign under the filters; their date is their last change. */
function filteredProgress(db: Db, campaignId: string, filters: ResultFilters) {
  let query = db
    .selectFrom('surveyProgress')
    .innerJoin('emailRecords', 'emailRecords.id', 'surveyProgress.emailRecordId')
    .where('surveyProgress.campaignId', '=', campaignId)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('surveyResponses').select('surveyResponses.id').whereRef('surveyResponses.emailRecordId', '=', 'surveyProgress.emailRecordId'))),
    );
  for (const condition of filterConditions(db, filters, 'survey_progress.answer', 'survey_progress.updated_at', 'email_records.channel_id'))
    query = query.where(condition);
  return query;
}

export async function countFiltered(db: Db, campaignId: string, filters: ResultFilters): Promise<{ completed: number; unfinished: number }> {
  const [done, open] = await Promise.all([
    filteredResponses(db, campaignId, filters)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    filteredProgress(db, campaignId, filters)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { completed: Number(done.n), unfinished: Number(open.n) };
}

export type ResultStatusPick = 'completed' | 'unfinished' | 'all';

/**
 * The answers table, newest first. `completed` is 1 for a response, 0 for unfinished answers
 * (the unfinished ones carry the e-mail record's id).
 */
export function listResponses(
  db: Db,
  campaignId: string,
  page: { limit?: number; offset?: number },
  filters: ResultFilters = NO_FILTERS,
  status: ResultStatusPick = 'completed',
) {
  // The address as typed lives on the e-mail record (decision 0020).
  // A person known by phone only has no e-mail record (decision 0044): their answers show with no address.
  const done = filteredResponses(db, campaignId, filters)
    .leftJoin('emailRecords', 'emailRecords.id', 'surveyResponses.emailRecordId')
    .select((eb) => [
      'surveyResponses.id',
      eb.fn.coalesce('emailRecords.email', sql<string>`''`).as('email'),
      'surveyResponses.answer',
      'surveyResponses.createdAt',
      sql<number>`1`.as('completed'),
      'surveyResponses.channelId',
      'surveyResponses.utm',
    ]);
  const open = filteredProgress(db, campaignId, filters).select([
    'surveyProgress.emailRecordId as id',
    'emailRecords.email',
    'surveyProgress.answer',
    'surveyProgress.updatedAt as createdAt',
    sql<number>`0`.as('completed'),
    'emailRecords.channelId',
    'emailRecords.utm',
  ]);
  let query =
    status === 'completed'
      ? db.selectFrom(done.as('r')).selectAll()
      : status === 'unfinished'
        ? db.selectFrom(open.as('r')).selectAll()
        : db.selectFrom(done.unionAll(open).as('r')).selectAll();
  query = query.orderBy('r.createdAt', 'desc').orderBy('r.id', 'desc');
  if (page.limit !== undefined) query = query.limit(page.limit);
  // SQLite accepts OFFSET only after a LIMIT.
  if (page.offset !== undefined) query = (page.limit === undefined ? query.limit(Number.MAX_SAFE_INTEGER) : query).offset(page.offset);
  return query.execute();
}

/** A campaign's responses, oldest first (after `after` when given), with the address from their e-mail record: the export's query. */
function responsesInOrder(db: Db, campaignId: string, after: After | null, filters: ResultFilters) {
  let query = filteredResponses(db, campaignId, filters)
    .leftJoin('emailRecords', 'emailRecords.id', 'surveyResponses.emailRecordId')
    .select((eb) => [
      'surveyResponses.id',
      eb.fn.coalesce('emailRecords.email', sql<string>`''`).as('email'),
      'surveyResponses.answer',
      'surveyResponses.createdAt',
      'surveyResponses.channelId',
      'surveyResponses.utm',
    ]);
  if (after) {
    query = query.where((eb) => eb(eb.refTuple('surveyResponses.createdAt', 'surveyResponses.id'), '>', eb.tuple(after.createdAt, after.id)));
  }
  return query.orderBy('surveyResponses.createdAt').orderBy('surveyResponses.id');
}

/** The same without the address (the summary reads the answers and dates only). */
function answersInOrder(db: Db, campaignId: string, after: After | null, filters: ResultFilters) {
  let query = filteredResponses(db, campaignId, filters).select(['surveyResponses.id', 'surveyResponses.answer', 'surveyResponses.createdAt']);
  if (after) {
    query = query.where((eb) => eb(eb.refTuple('surveyResponses.createdAt', 'surveyResponses.id'), '>', eb.tuple(after.createdAt, after.id)));
  }
  return query.orderBy('surveyResponses.createdAt').orderBy('surveyResponses.id');
}

/** A campaign's unfinished answers, by last change (after `after` when given). */
function progressInOrder(db: Db, campaignId: string, after: After | null, filters: ResultFilters) {
  let query = filteredProgress(db, campaignId, filters).select([
    'surveyProgress.emailRecordId as id',
    'emailRecords.email',
    'surveyProgress.answer',
    'surveyProgress.updatedAt as createdAt',
    'emailRecords.channelId',
    'emailRecords.utm',
  ]);
  if (after) {
    query = query.where((eb) => eb(eb.refTuple('surveyProgress.updatedAt', 'surveyProgress.emailRecordId'), '>', eb.tuple(after.createdAt, after.id)));
  }
  return query.orderBy('surveyProgress.updatedAt').orderBy('surveyProgress.emailRecordId');
}

/**
 * A campaign's e-mail records, oldest first (after `after` when given): the export's query. With
 * filters: given in the period, completed or not as `status` asks, answers (sent or kept) matching.
 */
function emailRecordsInOrder(db: Db, campaignId: string, after: After | null, filters: ResultFilters, status: ResultStatusPick) {
  let query = db
    .selectFrom('emailRecords')
    .select(['emailRecords.id', 'emailRecords.email', 'emailRecords.isCompleted', 'emailRecords.createdAt', 'emailRecords.channelId', 'emailRecords.utm'])
    .where('emailRecords.campaignId', '=', campaignId)
    .where('emailRecords.isExtra', '=', false);
  if (filters.channelId !== undefined) query = query.where('emailRecords.channelId', '=', filters.channelId);
  if (filters.from) query = query.where('emailRecords.createdAt', '>=', filters.from);
  if (filters.until) query = query.where('emailRecords.createdAt', '<', filters.until);
  if (status !== 'all') query = query.where('emailRecords.isCompleted', '=', status === 'completed');
  for (const { key, value } of filters.answers) {
    query = query.where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('surveyResponses')
            .select('surveyResponses.id')
            .whereRef('surveyResponses.emailRecordId', '=', 'emailRecords.id')
            .where(answerHolds(db, 'survey_responses.answer', key, value)),
        ),
        eb.exists(
          eb
            .selectFrom('surveyProgress')
            .select('surveyProgress.emailRecordId')
            .whereRef('surveyProgress.emailRecordId', '=', 'emailRecords.id')
            .where(answerHolds(db, 'survey_progress.answer', key, value)),
        ),
      ]),
    );
  }
  if (after) {
    query = query.where((eb) => eb(eb.refTuple('emailRecords.createdAt', 'emailRecords.id'), '>', eb.tuple(after.createdAt, after.id)));
  }
  return query.orderBy('emailRecords.createdAt').orderBy('emailRecords.id');
}

/** A campaign's responses, oldest first, `size` at a time (the export reads them this way). */
export function responseBatches(db: Db, dialect: Dialect, campaignId: string, size: number, filters: ResultFilters = NO_FILTERS) {
  return inBatches(db, dialect, size, (d, after) => responsesInOrder(d, campaignId, after, filters));
}

/** A campaign's responses' answers and dates, oldest first, `size` at a time (the summary reads them this way). */
export function answerBatches(db: Db, dialect: Dialect, campaignId: string, size: number, filters: ResultFilters = NO_FILTERS) {
  return inBatches(db, dialect, size, (d, after) => answersInOrder(d, campaignId, after, filters));
}

/** A campaign's unfinished answers, by last change, `size` at a time. */
export function progressBatches(db: Db, dialect: Dialect, campaignId: string, size: number, filters: ResultFilters = NO_FILTERS) {
  return inBatches(db, dialect, size, (d, after) => progressInOrder(d, campaignId, after, filters));
}

/** A campaign's e-mail records, oldest first, `size` at a time. */
export function emailRecordBatches(
  db: Db,
  dialect: Dialect,
  campaignId: string,
  size: number,
  filters: ResultFilters = NO_FILTERS,
  status: ResultStatusPick = 'all',
) {
  return inBatches(db, dialect, size, (d, after) => emailRecordsInOrder(d, campaignId, after, filters, status));
}

// Summary ---------------------------------------------------------------------------------------

/**
 * The funnel over the e-mail records given in the period (answers matching, with answer filters):
 * how many started (answers kept or sent), reached each later page (`pages` of them, zero-based
 * furthest page, or completed) and completed. One pass over the records.
 */
export async function funnelCounts(
  db: Db,
  campaignId: string,
  filters: ResultFilters,
  pages: number,
  from: 'kept' | 'rows' = 'kept',
): Promise<{ given: number; started: number; reached: number[]; completed: number }> {
  if (filters.answers.length === 0) return from === 'kept' ? funnelFromKept(db, campaignId, filters, pages) : funnelFromFlags(db, campaignId, filters, pages);
  let query = db
    .selectFrom('emailRecords')
    .leftJoin('surveyProgress', 'surveyProgress.emailRecordId', 'emailRecords.id')
    .leftJoin('surveyResponses', 'surveyResponses.emailRecordId', 'emailRecords.id')
    .where('emailRecords.campaignId', '=', campaignId)
    .where('emailRecords.isExtra', '=', false);
  if (filters.channelId !== undefined) query = query.where('emailRecords.channelId', '=', filters.channelId);
  if (filters.from) query = query.where('emailRecords.createdAt', '>=', filters.from);
  if (filters.until) query = query.where('emailRecords.createdAt', '<', filters.until);
  for (const { key, value } of filters.answers) {
    query = query.where((eb) => eb.or([answerHolds(db, 'survey_responses.answer', key, value), answerHolds(db, 'survey_progress.answer', key, value)]));
  }
  const reachedColumns = Array.from({ length: Math.max(0, pages - 1) }, (_, i) =>
    sql<number>`sum(case when survey_responses.id is not null or survey_progress.furthest_page >= ${i + 1} then 1 else 0 end)`.as(`p${i + 1}`),
  );
  const row = (await query
    .select((eb) => [
      eb.fn.countAll<number>().as('given'),
      sql<number>`sum(case when survey_responses.id is not null or survey_progress.email_record_id is not null then 1 else 0 end)`.as('started'),
      eb.fn.count<number>('surveyResponses.id').as('completed'),
      ...reachedColumns,
    ])
    .executeTakeFirstOrThrow()) as Record<string, unknown>;
  return {
    given: Number(row.given ?? 0),
    started: Number(row.started ?? 0),
    completed: Number(row.completed ?? 0),
    reached: reachedColumns.map((_, i) => Number(row[`p${i + 1}`] ?? 0)),
  };
}

/**
 * The funnel without answer filters from the counts the triggers keep (decision 0063): whole UTC
 * days from summary_funnel_counts, the pieces of days at either end of the range from the records.
 */
async function funnelFromKept(db: Db, campaignId: string, filters: ResultFilters, pages: number) {
  const { days, edges } = splitPeriod(filters.from, filters.until);
  let kept = db.selectFrom('summaryFunnelCounts').where('campaignId', '=', campaignId);
  if (filters.channelId !== undefined) kept = kept.where('channelId', '=', filters.channelId);
  if (days?.from) kept = kept.where('day', '>=', days.from);
  if (days && days.to !== '~') kept = kept.where('day', '<', days.to);
  const [states, ...pieces] = await Promise.all([
    days
      ? kept
          .select((eb) => ['state', eb.fn.sum<number | string>('n').as('n')])
          .groupBy('state')
          .execute()
      : Promise.resolve([]),
    ...edges.map((edge) => funnelFromFlags(db, campaignId, { ...filters, from: edge.since, until: edge.until }, pages)),
  ]);
  const out = { given: 0, started: 0, completed: 0, reached: Array.from({ length: Math.max(0, pages - 1) }, () => 0) };
  for (const { state, n: count } of states) {
    const n = Number(count);
    out.given += n;
    if (state === 'c') {
      out.completed += n;
      out.started += n;
      for (let i = 0; i < out.reached.length; i++) out.reached[i]! += n;
    } else if (state.startsWith('p')) {
      const furthest = Number(state.slice(1));
      out.started += n;
      for (let i = 0; i < out.reached.length; i++) if (furthest >= i + 1) out.reached[i]! += n;
    }
  }
  for (const p of pieces) {
    out.given += p.given;
    out.started += p.started;
    out.completed += p.completed;
    p.reached.forEach((n, i) => (out.reached[i]! += n));
  }
  return out;
}

/**
 * The funnel without answer filters, from the records' completed flag (a trigger sets it with the
 * response) and the unfinished records' progress: two index-sized queries instead of joining every
 * record to its response (a fifth of the summary's time on 100,000 responses).
 */
async function funnelFromFlags(db: Db, campaignId: string, filters: ResultFilters, pages: number) {
  // People, not attempts: another attempt of the same person is not another e-mail given.
  let records = db.selectFrom('emailRecords').where('emailRecords.campaignId', '=', campaignId).where('emailRecords.isExtra', '=', false);
  if (filters.channelId !== undefined) records = records.where('emailRecords.channelId', '=', filters.channelId);
  if (filters.from) records = records.where('emailRecords.createdAt', '>=', filters.from);
  if (filters.until) records = records.where('emailRecords.createdAt', '<', filters.until);
  const reachedColumns = Array.from({ length: Math.max(0, pages - 1) }, (_, i) =>
    sql<number>`sum(case when survey_progress.furthest_page >= ${i + 1} then 1 else 0 end)`.as(`p${i + 1}`),
  );
  const [flags, open] = await Promise.all([
    records
      .select((eb) => [eb.fn.countAll<number>().as('given'), sql<number>`sum(case when email_records.is_completed then 1 else 0 end)`.as('completed')])
      .executeTakeFirstOrThrow(),
    records
      .innerJoin('surveyProgress', 'surveyProgress.emailRecordId', 'emailRecords.id')
      .where('emailRecords.isCompleted', '=', false)
      .select((eb) => [eb.fn.countAll<number>().as('started'), ...reachedColumns])
      .executeTakeFirstOrThrow() as Promise<Record<string, unknown>>,
  ]);
  const completed = Number(flags.completed ?? 0);
  return {
    given: Number(flags.given ?? 0),
    started: completed + Number(open.started ?? 0),
    completed,
    reached: reachedColumns.map((_, i) => completed + Number(open[`p${i + 1}`] ?? 0)),
  };
}

/**
 * Answers under the filters, newest first, and among equal times in the order the summary's fold
 * meets them (responses before unfinished answers, then by id): the text questions' latest answers.
 */
export function latestAnswers(db: Db, campaignId: string, filters: ResultFilters, status: ResultStatusPick, page: { limit: number; offset: number }) {
  const done = filteredResponses(db, campaignId, filters).select([
    'surveyResponses.id',
    'surveyResponses.answer',
    'surveyResponses.createdAt',
    sql<number>`1`.as('completed'),
  ]);
  const open = filteredProgress(db, campaignId, filters).select([
    'surveyProgress.emailRecordId as id',
    'surveyProgress.answer',
    'surveyProgress.updatedAt as createdAt',
    sql<number>`0`.as('completed'),
  ]);
  const rows = status === 'completed' ? done : status === 'unfinished' ? open : done.unionAll(open);
  return db
    .selectFrom(rows.as('r'))
    .select(['r.answer'])
    .orderBy('r.createdAt', 'desc')
    .orderBy('r.completed', 'desc')
    .orderBy('r.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}
