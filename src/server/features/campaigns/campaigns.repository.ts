import { sql, SqliteAdapter, type Kysely } from 'kysely';
import { inBatches, type After } from '../../db/batches';
import type { Dialect } from '../../db/database';
import { prepared } from '../../db/prepared';
import type { Database } from '../../db/schema';

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

/** The visitor's record for this campaign (null: newsletter) that has no response yet. */
// No ORDER BY: there is at most one open record per e-mail and campaign, and ordering by date
// made SQLite walk the (campaign_id, created_at) index over every record of the campaign.
const openRecordForCampaign = prepared<{ email: string; campaignId: string }>()((db, param) =>
  db
    .selectFrom('emailRecords')
    .select(['id'])
    .where('email', '=', param('email'))
    .where('campaignId', '=', param('campaignId'))
    .where('isCompleted', '=', false),
);
const openNewsletterRecord = prepared<{ email: string }>()((db, param) =>
  db.selectFrom('emailRecords').select(['id']).where('email', '=', param('email')).where('campaignId', 'is', null).where('isCompleted', '=', false),
);

export function findOpenEmailRecord(db: Db, email: string, campaignId: string | null): Promise<{ id: string } | undefined> {
  return campaignId === null ? openNewsletterRecord.first(db, { email }) : openRecordForCampaign.first(db, { email, campaignId });
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
    // The unique index email_records_one_open: an open record for this e-mail and campaign exists.
    .onConflict((oc) => oc.doNothing()),
);

const insertOpenNewsletterRecordQuery = prepared<{ id: string; email: string; leadId: string; createdAt: Date }>()((db, param) =>
  db
    .insertInto('emailRecords')
    .values({ id: param('id'), email: param('email'), campaignId: null, isCompleted: false, createdAt: param('createdAt'), leadId: param('leadId') })
    .onConflict((oc) => oc.doNothing()),
);

/**
 * Adds an open e-mail record unless one is already open for the same e-mail and campaign, and,
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
  let base = db.selectFrom('emailRecords').leftJoin('campaigns', 'campaigns.id', 'emailRecords.campaignId');
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

export function listResponses(db: Db, campaignId: string, page: { limit?: number; offset?: number }) {
  let query = db
    .selectFrom('surveyResponses')
    .select(['id', 'email', 'answer', 'createdAt'])
    .where('campaignId', '=', campaignId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc');
  if (page.limit !== undefined) query = query.limit(page.limit);
  // SQLite accepts OFFSET only after a LIMIT.
  if (page.offset !== undefined) query = (page.limit === undefined ? query.limit(Number.MAX_SAFE_INTEGER) : query).offset(page.offset);
  return query.execute();
}

/** A campaign's responses, oldest first (after `after` when given): the export's query. */
function responsesInOrder(db: Db, campaignId: string, after: After | null) {
  let query = db
    .selectFrom('surveyResponses')
    .select(['id', 'email', 'answer', 'createdAt'])
    .where('campaignId', '=', campaignId);
  if (after) {
    query = query.where((eb) => eb(eb.refTuple('createdAt', 'id'), '>', eb.tuple(after.createdAt, after.id)));
  }
  return query.orderBy('createdAt').orderBy('id');
}

/** A campaign's e-mail records, oldest first (after `after` when given): the export's query. */
function emailRecordsInOrder(db: Db, campaignId: string, after: After | null) {
  let query = db
    .selectFrom('emailRecords')
    .select(['id', 'email', 'isCompleted', 'createdAt'])
    .where('campaignId', '=', campaignId);
  if (after) {
    query = query.where((eb) => eb(eb.refTuple('createdAt', 'id'), '>', eb.tuple(after.createdAt, after.id)));
  }
  return query.orderBy('createdAt').orderBy('id');
}

/** A campaign's responses, oldest first, `size` at a time (the export reads them this way). */
export function responseBatches(db: Db, dialect: Dialect, campaignId: string, size: number) {
  return inBatches(db, dialect, size, (d, after) => responsesInOrder(d, campaignId, after));
}

/** A campaign's e-mail records, oldest first, `size` at a time. */
export function emailRecordBatches(db: Db, dialect: Dialect, campaignId: string, size: number) {
  return inBatches(db, dialect, size, (d, after) => emailRecordsInOrder(d, campaignId, after));
}
