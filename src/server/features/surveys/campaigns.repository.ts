import { sql, SqliteAdapter, type Expression, type Kysely, type SqlBool } from 'kysely';
import { inBatches, type After } from '#server/db/batches';
import type { Dialect } from '#server/db/database';
import { prepared } from '#server/db/prepared';
import type { Database } from '#server/db/schema';

type Db = Kysely<Database>;

export interface CampaignFields {
  name: string;
  questions: string;
  questioncolumns: string;
  leadFields: string;
}

// Campaigns -----------------------------------------------------------------------------------

export async function insertCampaign(db: Db, campaign: CampaignFields & { id: string; isActive: boolean; now: Date }): Promise<void> {
  const { now, ...fields } = campaign;
  await db
    .insertInto('campaigns')
    .values({ ...fields, createdAt: now, updatedAt: now })
    .execute();
}

/** Updates a campaign only while it has no responses (one statement, so no response slips in between). */
export async function updateCampaignWithoutResponses(db: Db, id: string, fields: CampaignFields, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('campaigns')
    .set({ ...fields, updatedAt: now })
    .where('id', '=', id)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('surveyResponses').select('surveyResponses.id').where('surveyResponses.campaignId', '=', id))),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function findCampaign(db: Db, id: string) {
  return db.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirst();
}

// The visitor's writes run these for every lead: compiled once (db/prepared.ts), not per request.

const campaignById = prepared<{ id: string }>()((db, param) => db.selectFrom('campaigns').select('id').where('id', '=', param('id')));

export async function campaignExists(db: Db, id: string): Promise<boolean> {
  return (await campaignById.first(db, { id })) !== undefined;
}

const campaignActivity = prepared<{ id: string }>()((db, param) => db.selectFrom('campaigns').select('isActive').where('id', '=', param('id')));

/** Whether the campaign is active; undefined when there is no such campaign. */
export async function isCampaignActive(db: Db, id: string): Promise<boolean | undefined> {
  const row = await campaignActivity.first(db, { id });
  return row === undefined ? undefined : Boolean(row.isActive);
}

/**
 * PostgreSQL: locks the campaign's row until the transaction ends. FOR UPDATE conflicts with the
 * KEY SHARE lock a response's foreign-key check holds until it commits, so an edit waits for a
 * response being stored, and its next statement sees it. SQLite runs one write at a time already.
 */
export async function lockCampaign(trx: Db, id: string): Promise<void> {
  if (trx.getExecutor().adapter instanceof SqliteAdapter) return;
  await trx.selectFrom('campaigns').select('id').where('id', '=', id).forUpdate().execute();
}

export async function hasAnyCampaign(db: Db): Promise<boolean> {
  return (await db.selectFrom('campaigns').select('id').limit(1).executeTakeFirst()) !== undefined;
}

export function listCampaignsWithResponseCounts(db: Db) {
  return db
    .selectFrom('campaigns')
    .selectAll('campaigns')
    .select((eb) =>
      eb
        .selectFrom('surveyResponses')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('surveyResponses.campaignId', '=', 'campaigns.id')
        .as('responseCount'),
    )
    .orderBy('campaigns.createdAt', 'desc')
    .orderBy('campaigns.id', 'desc')
    .execute();
}

export function listActiveCampaigns(db: Db) {
  return db.selectFrom('campaigns').selectAll().where('isActive', '=', true).orderBy('updatedAt', 'desc').execute();
}

/**
 * Makes `id` the only active campaign in one statement over every row: even two activations at
 * the same moment leave exactly one campaign active (the later statement re-checks each row).
 */
export async function activateOnly(db: Db, id: string): Promise<void> {
  await db
    .updateTable('campaigns')
    .set((eb) => ({ isActive: eb('id', '=', id).$castTo<boolean>() }))
    .execute();
}

export async function deactivate(db: Db, id: string): Promise<void> {
  await db.updateTable('campaigns').set({ isActive: false }).where('id', '=', id).execute();
}

// E-mail records ------------------------------------------------------------------------------

/**
 * The person's record for this e-mail (in any letter case) and campaign (null: newsletter), finished
 * or not; not the extra attempts. Written as the unique index email_records_person is, so it is used.
 */
const personRecordQuery = prepared<{ email: string; campaignKey: string }>()((db, param) =>
  db
    .selectFrom('emailRecords')
    .select(['id', 'isCompleted'])
    .where(sql<boolean>`coalesce(campaign_id, '') = ${param('campaignKey')}`)
    .where(sql<boolean>`lower(email) = lower(${param('email')})`)
    .where(sql<boolean>`is_extra = false`),
);

export function findPersonRecord(db: Db, email: string, campaignId: string | null): Promise<{ id: string; isCompleted: boolean | number } | undefined> {
  return personRecordQuery.first(db, { email, campaignKey: campaignId ?? '' });
}

/**
 * Another attempt of a person who has a record for the campaign (issue 22 item 6): the survey again,
 * or someone who only knows the e-mail. It never reads or changes the person's record.
 */
export async function insertExtraEmailRecord(db: Db, record: { id: string; email: string; campaignId: string; leadId: string; now: Date }): Promise<void> {
  await db
    .insertInto('emailRecords')
    .values({ id: record.id, email: record.email, campaignId: record.campaignId, isCompleted: false, createdAt: record.now, leadId: record.leadId, isExtra: true })
    .execute();
}

/**
 * An extra attempt was just finished: when the person's own record is not, the finished attempt
 * becomes the person's record (staff see the person finished) and the other one an extra (its
 * answers so far and its links stay as they are). Two statements; the first one decides, so two
 * attempts finished at once cannot both take the place.
 */
export async function promoteFinishedAttempt(db: Db, attempt: { id: string; email: string; campaignId: string }): Promise<void> {
  const person = await findPersonRecord(db, attempt.email, attempt.campaignId);
  if (!person || person.id === attempt.id || Boolean(person.isCompleted)) return;
  const demoted = await db
    .updateTable('emailRecords')
    .set({ isExtra: true })
    .where('id', '=', person.id)
    .where('isExtra', '=', false)
    .where('isCompleted', '=', false)
    .executeTakeFirst();
  if (Number(demoted.numUpdatedRows) === 0) return;
  await db.updateTable('emailRecords').set({ isExtra: false }).where('id', '=', attempt.id).execute();
}

// Only the active campaign takes a new record: the campaign's flag is read in the INSERT itself,
// so the check and the write are one statement (atomic, and still one write for the group commit).
const insertOpenEmailRecordQuery = prepared<{ id: string; email: string; campaignId: string; leadId: string; createdAt: Date }>()((db, param) =>
  db
    .insertInto('emailRecords')
    .columns(['id', 'email', 'campaignId', 'isCompleted', 'createdAt', 'leadId'])
    .expression(
      db
        .selectFrom('campaigns')
        .select([
          sql<string>`${param('id')}`.as('id'),
          sql<string>`${param('email')}`.as('email'),
          'campaigns.id as campaignId',
          sql<boolean>`${false}`.as('isCompleted'),
          sql<Date>`${param('createdAt')}`.as('createdAt'),
          sql<string>`${param('leadId')}`.as('leadId'),
        ])
        .where('campaigns.id', '=', param('campaignId'))
        .where('campaigns.isActive', '=', true),
    )
    // The unique index email_records_person: the person has a record for this campaign already.
    .onConflict((oc) => oc.doNothing()),
);

const insertOpenNewsletterRecordQuery = prepared<{ id: string; email: string; leadId: string; createdAt: Date }>()((db, param) =>
  db
    .insertInto('emailRecords')
    .values({ id: param('id'), email: param('email'), campaignId: null, isCompleted: false, createdAt: param('createdAt'), leadId: param('leadId') })
    .onConflict((oc) => oc.doNothing()),
);

/**
 * Adds the person's e-mail record unless they have one for the campaign (in any letter case), and,
 * for a campaign, only while it is active; true when added. One statement, atomic on its own.
 * False tells neither case apart: the caller looks.
 */
export async function insertOpenEmailRecord(db: Db, record: { id: string; email: string; campaignId: string | null; leadId: string; now: Date }): Promise<boolean> {
  const { id, email, campaignId, leadId, now: createdAt } = record;
  const result =
    campaignId === null
      ? await insertOpenNewsletterRecordQuery.execute(db, { id, email, leadId, createdAt })
      : await insertOpenEmailRecordQuery.execute(db, { id, email, campaignId, leadId, createdAt });
  return Number(result.numAffectedRows ?? 0) > 0;
}

const emailRecordById = prepared<{ id: string }>()((db, param) => db.selectFrom('emailRecords').selectAll().where('id', '=', param('id')));

const campaignLeadFieldsQuery = prepared<{ id: string }>()((db, param) => db.selectFrom('campaigns').select(['leadFields']).where('id', '=', param('id')));

/** The campaign's leadField questions (answer key → "name" | "phone"). */
export async function campaignLeadFields(db: Db, id: string): Promise<Record<string, 'name' | 'phone'>> {
  const row = await campaignLeadFieldsQuery.first(db, { id });
  return row ? (JSON.parse(row.leadFields) as Record<string, 'name' | 'phone'>) : {};
}

export function findEmailRecord(db: Db, id: string) {
  return emailRecordById.first(db, { id });
}

export function listEmailRecords(db: Db, campaignId: string) {
  return db
    .selectFrom('emailRecords')
    .select(['id', 'email', 'createdAt', 'isCompleted'])
    .where('campaignId', '=', campaignId)
    .where('isExtra', '=', false)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Escapes LIKE wildcards so a search for "a_b" finds "a_b" only. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Every e-mail record, newest first, matching `q` in the e-mail or the campaign name. */
export async function searchEmailRecords(db: Db, query: { q?: string; limit: number; offset: number }) {
  let base = db.selectFrom('emailRecords').leftJoin('campaigns', 'campaigns.id', 'emailRecords.campaignId').where('emailRecords.isExtra', '=', false);
  if (query.q) {
    const pattern = likePattern(query.q);
    base = base.where((eb) =>
      eb.or([
        sql<boolean>`lower(${eb.ref('emailRecords.email')}) like ${pattern} escape '\\'`,
        sql<boolean>`lower(${eb.ref('campaigns.name')}) like ${pattern} escape '\\'`,
      ]),
    );
  }
  const [total, items] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .select([
        'emailRecords.id',
        'emailRecords.email',
        'emailRecords.createdAt',
        'emailRecords.isCompleted',
        'emailRecords.campaignId',
        'campaigns.name as campaignName',
      ])
      .orderBy('emailRecords.createdAt', 'desc')
      .orderBy('emailRecords.id', 'desc')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
  ]);
  return { total: Number(total.n), items };
}

// Survey responses ----------------------------------------------------------------------------

const insertResponseQuery = prepared<{ id: string; campaignId: string; emailRecordId: string; email: string; answer: string; matches: string | null; createdAt: Date }>()(
  (db, param) =>
    db
      .insertInto('surveyResponses')
      .values({
        id: param('id'),
        campaignId: param('campaignId'),
        emailRecordId: param('emailRecordId'),
        email: param('email'),
        answer: param('answer'),
        matches: param('matches'),
        createdAt: param('createdAt'),
      })
      .onConflict((oc) => oc.column('emailRecordId').doNothing()),
);

/**
 * Stores the response unless the e-mail record already has one; true when stored. One statement:
 * a trigger completes the e-mail record with it (migration 2026-11-22T0210).
 */
export async function insertResponseOnce(
  db: Db,
  response: { id: string; campaignId: string; emailRecordId: string; email: string; answer: string; matches: string | null; now: Date },
): Promise<boolean> {
  const { now, ...fields } = response;
  const result = await insertResponseQuery.execute(db, { ...fields, createdAt: now });
  return Number(result.numAffectedRows ?? 0) > 0;
}

export async function countResponses(db: Db, campaignId: string): Promise<number> {
  const row = await db
    .selectFrom('surveyResponses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('campaignId', '=', campaignId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// Filters (issue 17) ---------------------------------------------------------------------------

/** Dates and answers that narrow a campaign's results; none: everything, as before. */
export interface ResultFilters {
  /** Included. */
  from?: Date;
  /** Excluded (the day after the last one asked for). */
  until?: Date;
  /** "The answer under `key` is `value`" (or, for an array of picks, includes it); all must hold. */
  answers: { key: string; value: string }[];
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
  // PostgreSQL: a lone surrogate escape) holds nothing, rather than failing the read (issue 22 item 14).
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
function filterConditions(db: Db, filters: ResultFilters, answer: string, date: string): Where[] {
  const out: Where[] = [];
  if (filters.from) out.push(sql<boolean>`${sql.ref(date)} >= ${filters.from}`);
  if (filters.until) out.push(sql<boolean>`${sql.ref(date)} < ${filters.until}`);
  for (const { key, value } of filters.answers) out.push(answerHolds(db, answer, key, value));
  return out;
}

/** Completed responses of the campaign under the filters. */
function filteredResponses(db: Db, campaignId: string, filters: ResultFilters) {
  let query = db.selectFrom('surveyResponses').where('surveyResponses.campaignId', '=', campaignId);
  for (const condition of filterConditions(db, filters, 'survey_responses.answer', 'survey_responses.created_at')) query = query.where(condition);
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
  for (const condition of filterConditions(db, filters, 'survey_progress.answer', 'survey_progress.updated_at')) query = query.where(condition);
  return query;
}

export async function countFiltered(db: Db, campaignId: string, filters: ResultFilters): Promise<{ completed: number; unfinished: number }> {
  const [done, open] = await Promise.all([
    filteredResponses(db, campaignId, filters).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    filteredProgress(db, campaignId, filters).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { completed: Number(done.n), unfinished: Number(open.n) };
}

export type ResultStatusPick = 'completed' | 'unfinished' | 'all';

/**
 * The answers table, newest first. `completed` is 1 for a response, 0 for unfinished answers
 * (the unfinished ones carry the e-mail record's id).
 */
export function listResponses(db: Db, campaignId: string, page: { limit?: number; offset?: number }, filters: ResultFilters = NO_FILTERS, status: ResultStatusPick = 'completed') {
  const done = filteredResponses(db, campaignId, filters).select([
    'surveyResponses.id',
    'surveyResponses.email',
    'surveyResponses.answer',
    'surveyResponses.createdAt',
    sql<number>`1`.as('completed'),
  ]);
  const open = filteredProgress(db, campaignId, filters).select([
    'surveyProgress.emailRecordId as id',
    'emailRecords.email',
    'surveyProgress.answer',
    'surveyProgress.updatedAt as createdAt',
    sql<number>`0`.as('completed'),
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

/** A campaign's responses, oldest first (after `after` when given): the export's and the summary's query. */
function responsesInOrder(db: Db, campaignId: string, after: After | null, filters: ResultFilters) {
  let query = filteredResponses(db, campaignId, filters).select(['surveyResponses.id', 'surveyResponses.email', 'surveyResponses.answer', 'surveyResponses.createdAt']);
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
    .select(['emailRecords.id', 'emailRecords.email', 'emailRecords.isCompleted', 'emailRecords.createdAt'])
    .where('emailRecords.campaignId', '=', campaignId)
    .where('emailRecords.isExtra', '=', false);
  if (filters.from) query = query.where('emailRecords.createdAt', '>=', filters.from);
  if (filters.until) query = query.where('emailRecords.createdAt', '<', filters.until);
  if (status !== 'all') query = query.where('emailRecords.isCompleted', '=', status === 'completed');
  for (const { key, value } of filters.answers) {
    query = query.where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('surveyResponses').select('surveyResponses.id').whereRef('surveyResponses.emailRecordId', '=', 'emailRecords.id').where(answerHolds(db, 'survey_responses.answer', key, value))),
        eb.exists(eb.selectFrom('surveyProgress').select('surveyProgress.emailRecordId').whereRef('surveyProgress.emailRecordId', '=', 'emailRecords.id').where(answerHolds(db, 'survey_progress.answer', key, value))),
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

/** A campaign's unfinished answers, by last change, `size` at a time. */
export function progressBatches(db: Db, dialect: Dialect, campaignId: string, size: number, filters: ResultFilters = NO_FILTERS) {
  return inBatches(db, dialect, size, (d, after) => progressInOrder(d, campaignId, after, filters));
}

/** A campaign's e-mail records, oldest first, `size` at a time. */
export function emailRecordBatches(db: Db, dialect: Dialect, campaignId: string, size: number, filters: ResultFilters = NO_FILTERS, status: ResultStatusPick = 'all') {
  return inBatches(db, dialect, size, (d, after) => emailRecordsInOrder(d, campaignId, after, filters, status));
}

// Summary ---------------------------------------------------------------------------------------

/**
 * The funnel over the e-mail records given in the period (answers matching, with answer filters):
 * how many started (answers kept or sent), reached each later page (`pages` of them, zero-based
 * furthest page, or completed) and completed. One pass over the records.
 */
export async function funnelCounts(db: Db, campaignId: string, filters: ResultFilters, pages: number): Promise<{ given: number; started: number; reached: number[]; completed: number }> {
  if (filters.answers.length === 0) return funnelFromFlags(db, campaignId, filters, pages);
  let query = db
    .selectFrom('emailRecords')
    .leftJoin('surveyProgress', 'surveyProgress.emailRecordId', 'emailRecords.id')
    .leftJoin('surveyResponses', 'surveyResponses.emailRecordId', 'emailRecords.id')
    .where('emailRecords.campaignId', '=', campaignId)
    .where('emailRecords.isExtra', '=', false);
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
 * The funnel without answer filters, from the records' completed flag (a trigger sets it with the
 * response) and the unfinished records' progress: two index-sized queries instead of joining every
 * record to its response (a fifth of the summary's time on 100,000 responses).
 */
async function funnelFromFlags(db: Db, campaignId: string, filters: ResultFilters, pages: number) {
  // People, not attempts: another attempt of the same person is not another e-mail given.
  let records = db.selectFrom('emailRecords').where('emailRecords.campaignId', '=', campaignId).where('emailRecords.isExtra', '=', false);
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
