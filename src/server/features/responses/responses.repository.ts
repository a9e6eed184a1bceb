import { sql, type Kysely } from 'kysely';
import { prepared } from '#server/db/prepared';
import type { Database } from '#server/db/schema';
import { keepSummaryCounts } from './summary-counts';

type Db = Kysely<Database>;

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
 * Another attempt of a person who has a record for the campaign: the survey again,
 * or someone who only knows the e-mail. It never reads or changes the person's record.
 */
export async function insertExtraEmailRecord(
  db: Db,
  record: { id: string; email: string; campaignId: string; leadId: string; now: Date; attribution?: RecordAttribution | undefined },
): Promise<void> {
  await db
    .insertInto('emailRecords')
    .values({
      id: record.id,
      email: record.email,
      campaignId: record.campaignId,
      isCompleted: false,
      createdAt: record.now,
      leadId: record.leadId,
      isExtra: true,
      ...(record.attribution ?? {}),
    })
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
export async function insertOpenEmailRecord(
  db: Db,
  record: { id: string; email: string; campaignId: string | null; leadId: string; now: Date },
): Promise<boolean> {
  const { id, email, campaignId, leadId, now: createdAt } = record;
  const result =
    campaignId === null
      ? await insertOpenNewsletterRecordQuery.execute(db, { id, email, leadId, createdAt })
      : await insertOpenEmailRecordQuery.execute(db, { id, email, campaignId, leadId, createdAt });
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** Where an attributed record came from (README "Channels"). */
export interface RecordAttribution {
  channelId: string | null;
  /** JSON text of the UTM values, or null. */
  utm: string | null;
  referrerHost: string | null;
}

/**
 * insertOpenEmailRecord for a visitor who came with a channel, UTM values or a referrer: the same
 * one statement, with them. A channel's visitor may answer any campaign the channel points at
 * (`anyCampaign`); others only the active one.
 */
export async function insertAttributedEmailRecord(
  db: Db,
  record: { id: string; email: string; campaignId: string | null; leadId: string; now: Date; anyCampaign: boolean } & RecordAttribution,
): Promise<boolean> {
  const { id, email, campaignId, leadId, now, channelId, utm, referrerHost } = record;
  if (campaignId === null) {
    const result = await db
      .insertInto('emailRecords')
      .values({ id, email, campaignId: null, isCompleted: false, createdAt: now, leadId, channelId, utm, referrerHost })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }
  let source = db
    .selectFrom('campaigns')
    .select([
      sql<string>`${id}`.as('id'),
      sql<string>`${email}`.as('email'),
      'campaigns.id as campaignId',
      sql<boolean>`${false}`.as('isCompleted'),
      sql<Date>`${now}`.as('createdAt'),
      sql<string>`${leadId}`.as('leadId'),
      sql<string | null>`${channelId}`.as('channelId'),
      sql<string | null>`${utm}`.as('utm'),
      sql<string | null>`${referrerHost}`.as('referrerHost'),
    ])
    .where('campaigns.id', '=', campaignId);
  if (!record.anyCampaign) source = source.where('campaigns.isActive', '=', true);
  const result = await db
    .insertInto('emailRecords')
    .columns(['id', 'email', 'campaignId', 'isCompleted', 'createdAt', 'leadId', 'channelId', 'utm', 'referrerHost'])
    .expression(source)
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

const emailRecordById = prepared<{ id: string }>()((db, param) => db.selectFrom('emailRecords').selectAll().where('id', '=', param('id')));

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

/**
 * Every e-mail record, newest first, matching `q` in the e-mail or belonging to one of
 * `campaignIds` (the campaigns whose name matches, found by their owner, surveys).
 */
export async function searchEmailRecords(db: Db, query: { q?: string; campaignIds?: readonly string[]; limit: number; offset: number }) {
  let base = db.selectFrom('emailRecords').where('emailRecords.isExtra', '=', false);
  if (query.q) {
    const pattern = likePattern(query.q);
    const campaignIds = [...(query.campaignIds ?? [])];
    base = base.where((eb) =>
      eb.or([
        sql<boolean>`lower(${eb.ref('emailRecords.email')}) like ${pattern} escape '\\'`,
        ...(campaignIds.length > 0 ? [eb('emailRecords.campaignId', 'in', campaignIds)] : []),
      ]),
    );
  }
  const [total, items] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .select(['emailRecords.id', 'emailRecords.email', 'emailRecords.createdAt', 'emailRecords.isCompleted', 'emailRecords.campaignId'])
      .orderBy('emailRecords.createdAt', 'desc')
      .orderBy('emailRecords.id', 'desc')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
  ]);
  return { total: Number(total.n), items };
}

/**
 * A person's e-mail records, oldest first, each with its response and its unfinished answers (the
 * lead's page; this feature's own tables only: the campaign's name comes from surveys).
 */
export async function leadSurveyRecords(db: Db, leadId: string) {
  const [records, withoutEmail] = await Promise.all([leadEmailRecords(db, leadId), leadResponsesWithoutEmail(db, leadId)]);
  const rows = [...records.map((r) => ({ ...r, withoutEmail: false })), ...withoutEmail];
  return rows.sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime());
}

/** The answers of a person known by phone only (decision 0044), shaped as a completed record. */
async function leadResponsesWithoutEmail(db: Db, leadId: string) {
  const rows = await db
    .selectFrom('surveyResponses')
    .select(['id', 'campaignId', 'createdAt', 'answer', 'matches'])
    .where('leadId', '=', leadId)
    .where('emailRecordId', 'is', null)
    .orderBy('createdAt')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    campaignId: r.campaignId as string | null,
    isCompleted: true as boolean | number,
    createdAt: r.createdAt,
    answer: r.answer as string | null,
    matches: r.matches,
    answeredAt: r.createdAt as Date | string | null,
    progressAnswer: null,
    progressPage: null,
    progressFurthestPage: null,
    progressSavedAt: null,
    withoutEmail: true,
  }));
}

function leadEmailRecords(db: Db, leadId: string) {
  return db
    .selectFrom('emailRecords')
    .leftJoin('surveyResponses', 'surveyResponses.emailRecordId', 'emailRecords.id')
    .leftJoin('surveyProgress', 'surveyProgress.emailRecordId', 'emailRecords.id')
    .select([
      'emailRecords.id',
      'emailRecords.campaignId',
      'emailRecords.isCompleted',
      'emailRecords.createdAt',
      'surveyResponses.answer',
      'surveyResponses.matches',
      'surveyResponses.createdAt as answeredAt',
      'surveyProgress.answer as progressAnswer',
      'surveyProgress.page as progressPage',
      'surveyProgress.furthestPage as progressFurthestPage',
      'surveyProgress.updatedAt as progressSavedAt',
    ])
    .where('emailRecords.leadId', '=', leadId)
    .orderBy('emailRecords.createdAt')
    .execute();
}

// Survey responses ----------------------------------------------------------------------------

const insertResponseQuery = prepared<{
  id: string;
  campaignId: string;
  emailRecordId: string;
  leadId: string;
  answer: string;
  matches: string | null;
  language: string;
  createdAt: Date;
  channelId: string | null;
  utm: string | null;
  referrerHost: string | null;
}>()((db, param) =>
  db
    .insertInto('surveyResponses')
    .values({
      id: param('id'),
      campaignId: param('campaignId'),
      emailRecordId: param('emailRecordId'),
      leadId: param('leadId'),
      answer: param('answer'),
      matches: param('matches'),
      language: param('language'),
      createdAt: param('createdAt'),
      channelId: param('channelId'),
      utm: param('utm'),
      referrerHost: param('referrerHost'),
    })
    .onConflict((oc) => oc.column('emailRecordId').doNothing()),
);

/**
 * Stores the response unless the e-mail record already has one; true when stored. One statement:
 * a trigger completes the e-mail record with it (migration 2026-11-22T0210).
 */
export async function insertResponseOnce(
  db: Db,
  response: {
    id: string;
    campaignId: string;
    emailRecordId: string;
    leadId: string;
    answer: string;
    matches: string | null;
    language: string;
    now: Date;
  } & Partial<RecordAttribution>,
): Promise<boolean> {
  const { now, channelId = null, utm = null, referrerHost = null, ...fields } = response;
  const result = await insertResponseQuery.execute(db, { ...fields, channelId, utm, referrerHost, createdAt: now });
  const stored = Number(result.numAffectedRows ?? 0) > 0;
  // The summary's counts, in the same transaction (decision 0056).
  if (stored) await keepSummaryCounts(db, [{ campaignId: fields.campaignId, row: { finished: true, channelId, at: now, answer: fields.answer }, sign: 1 }]);
  return stored;
}

/**
 * A response of a person known by phone only (an expo tablet's visitor without an e-mail, decision
 * 0044): the lead's, with no e-mail record. Whoever calls it keeps it once (the tablet's id does).
 */
export async function insertLeadResponse(
  db: Db,
  response: {
    id: string;
    campaignId: string;
    leadId: string;
    answer: string;
    matches: string | null;
    language: string;
    createdAt: Date;
    channelId: string | null;
    utm: string | null;
  },
): Promise<void> {
  await db
    .insertInto('surveyResponses')
    .values({ ...response, emailRecordId: null, referrerHost: null })
    .execute();
  await keepSummaryCounts(db, [
    { campaignId: response.campaignId, row: { finished: true, channelId: response.channelId, at: response.createdAt, answer: response.answer }, sign: 1 },
  ]);
}

export async function countResponses(db: Db, campaignId: string): Promise<number> {
  const row = await db
    .selectFrom('surveyResponses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('campaignId', '=', campaignId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The number of responses of every campaign that has any, in one grouped query (the campaign list). */
export async function responseCountsByCampaign(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('surveyResponses')
    .select(['campaignId', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('campaignId')
    .execute();
  return new Map(rows.map((row) => [row.campaignId, Number(row.n)]));
}

/** Whether anyone's e-mail record or answers still belong to this campaign (deleting it would cascade to them). */
export async function campaignHasRecords(db: Db, campaignId: string): Promise<boolean> {
  const record = await db.selectFrom('emailRecords').select('id').where('campaignId', '=', campaignId).limit(1).executeTakeFirst();
  if (record) return true;
  return (await countResponses(db, campaignId)) > 0;
}

/** Completed e-mail records (finished surveys) of each of these channels that has any. */
export async function completedCountsByChannel(db: Db, channelIds: readonly string[]): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('emailRecords')
    .select(['channelId', (eb) => eb.fn.countAll<number | string | bigint>().as('n')])
    .where('channelId', 'in', [...channelIds])
    .where('isCompleted', '=', true)
    .groupBy('channelId')
    .execute();
  return new Map(rows.map((r) => [r.channelId!, Number(r.n)]));
}

// What the notification mails read (notification-reads.ts) -------------------------------------

/** A response's answers, matches, campaign, language and attribution; undefined when there is none. */
export function responseForMail(db: Db, responseId: string) {
  return db
    .selectFrom('surveyResponses')
    .select(['answer', 'matches', 'createdAt', 'campaignId', 'language', 'channelId', 'utm'])
    .where('id', '=', responseId)
    .executeTakeFirst();
}

/** An e-mail record's date, campaign, completion and attribution; undefined when there is none. */
export function emailRecordForMail(db: Db, emailRecordId: string) {
  return db
    .selectFrom('emailRecords')
    .select(['createdAt', 'campaignId', 'isCompleted', 'channelId', 'utm'])
    .where('id', '=', emailRecordId)
    .executeTakeFirst();
}

/** An e-mail record's completion, lead and campaign; undefined when there is none. */
export function emailRecordState(db: Db, emailRecordId: string) {
  return db.selectFrom('emailRecords').select(['isCompleted', 'leadId', 'campaignId']).where('id', '=', emailRecordId).executeTakeFirst();
}

/** Whether the lead has finished the campaign in any of its e-mail records (another attempt, another device). */
export async function leadFinishedCampaign(db: Db, leadId: string, campaignId: string): Promise<boolean> {
  const other = await db
    .selectFrom('emailRecords')
    .select('id')
    .where('leadId', '=', leadId)
    .where('campaignId', '=', campaignId)
    .where('isCompleted', '=', true)
    .executeTakeFirst();
  return other !== undefined;
}

/** An e-mail record's unfinished answers' campaign and language, with the record's completion; undefined without answers kept. */
export function progressForMail(db: Db, emailRecordId: string) {
  return db
    .selectFrom('surveyProgress as p')
    .innerJoin('emailRecords as e', 'e.id', 'p.emailRecordId')
    .select(['e.isCompleted', 'p.campaignId', 'p.language'])
    .where('p.emailRecordId', '=', emailRecordId)
    .executeTakeFirst();
}
