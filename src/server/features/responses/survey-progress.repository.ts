import { sql, SqliteAdapter, type Kysely } from 'kysely';
import { prepared } from '#server/db/prepared';
import type { Database } from '#server/db/schema';
import { keepSummaryCounts, type CountChange } from './summary-counts';

type Db = Kysely<Database>;

// Progress ------------------------------------------------------------------------------------

/** The record's unfinished answers as the summary's counts hold them (with its channel), if it has any. */
async function countedProgress(db: Db, emailRecordId: string) {
  return db
    .selectFrom('emailRecords')
    .leftJoin('surveyProgress', 'surveyProgress.emailRecordId', 'emailRecords.id')
    .select(['emailRecords.channelId', 'surveyProgress.campaignId', 'surveyProgress.answer', 'surveyProgress.updatedAt'])
    .where('emailRecords.id', '=', emailRecordId)
    .executeTakeFirst();
}

/**
 * Writes the record's answers so far (the last write wins) and keeps `furthest_page` the highest
 * page ever saved: the funnel reads it. The summary's counts lose the old answers (on their day)
 * and take the new ones; the caller holds the record's lock (lockEmailRecord), so saves of one
 * record are counted in the order they are written.
 */
export async function upsertProgress(
  db: Db,
  row: { emailRecordId: string; campaignId: string; answer: string; page: number; language: string; now: Date },
): Promise<void> {
  const { now, ...fields } = row;
  const before = await countedProgress(db, row.emailRecordId);
  await db
    .insertInto('surveyProgress')
    .values({ ...fields, furthestPage: row.page, createdAt: now, updatedAt: now })
    .onConflict((oc) =>
      oc.column('emailRecordId').doUpdateSet((eb) => ({
        answer: eb.ref('excluded.answer'),
        page: eb.ref('excluded.page'),
        language: eb.ref('excluded.language'),
        furthestPage: sql<number>`case when ${eb.ref('surveyProgress.furthestPage')} > ${eb.ref('excluded.page')} then ${eb.ref('surveyProgress.furthestPage')} else ${eb.ref('excluded.page')} end`,
        updatedAt: eb.ref('excluded.updatedAt'),
      })),
    )
    .execute();
  const changes: CountChange[] = [
    { campaignId: row.campaignId, row: { finished: false, channelId: before?.channelId ?? null, at: now, answer: row.answer }, sign: 1 },
  ];
  if (before?.answer != null && before.campaignId && before.updatedAt) {
    changes.push({
      campaignId: before.campaignId,
      row: { finished: false, channelId: before.channelId, at: before.updatedAt, answer: before.answer },
      sign: -1,
    });
  }
  await keepSummaryCounts(db, changes);
}

export function findProgress(db: Db, emailRecordId: string) {
  return db.selectFrom('surveyProgress').selectAll().where('emailRecordId', '=', emailRecordId).executeTakeFirst();
}

const progressExistsQuery = prepared<{ id: string }>()((db, param) =>
  db.selectFrom('surveyProgress').select('emailRecordId').where('emailRecordId', '=', param('id')),
);

export async function hasProgress(db: Db, emailRecordId: string): Promise<boolean> {
  return (await progressExistsQuery.first(db, { id: emailRecordId })) !== undefined;
}

/**
 * PostgreSQL: locks the e-mail record's row until the transaction ends. Storing a response updates
 * that row (the trigger that completes it), so a save waits for a response being stored and then
 * sees the record completed; a response stored after a save sees (and deletes) its progress.
 */
export async function lockEmailRecord(trx: Db, id: string): Promise<void> {
  if (trx.getExecutor().adapter instanceof SqliteAdapter) return;
  await trx.selectFrom('emailRecords').select('id').where('id', '=', id).forUpdate().execute();
}

/**
 * A campaign's unfinished answers, newest save first, with the e-mail they belong to, and how many
 * there are in all (for the results' "unfinished" filter). Completed records have no progress row.
 */
export async function listUnfinishedAnswers(db: Db, campaignId: string, page: { limit: number; offset: number }) {
  const base = db.selectFrom('surveyProgress').where('surveyProgress.campaignId', '=', campaignId);
  const [total, items] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .innerJoin('emailRecords', 'emailRecords.id', 'surveyProgress.emailRecordId')
      .select([
        'surveyProgress.emailRecordId',
        'emailRecords.email',
        'emailRecords.leadId',
        'surveyProgress.answer',
        'surveyProgress.page',
        'surveyProgress.furthestPage',
        'surveyProgress.createdAt',
        'surveyProgress.updatedAt',
      ])
      .orderBy('surveyProgress.updatedAt', 'desc')
      .orderBy('surveyProgress.emailRecordId', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ]);
  return { total: Number(total.n), items };
}

// Resume tokens -------------------------------------------------------------------------------

export async function insertResumeToken(db: Db, token: { tokenHash: string; emailRecordId: string; expiresAt: Date; createdAt: Date }): Promise<void> {
  await db.insertInto('surveyResumeTokens').values(token).execute();
}

/** Tokens past their expiry, of any record: they can no longer be used. */
export async function deleteExpiredResumeTokens(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('surveyResumeTokens').where('expiresAt', '<=', now).execute();
}

export function findResumeToken(db: Db, tokenHash: string) {
  return db.selectFrom('surveyResumeTokens').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
}

/** Every token of the record, or (with `before`) those issued before that moment. */
export async function deleteResumeTokens(db: Db, emailRecordId: string, before?: Date | string): Promise<void> {
  let query = db.deleteFrom('surveyResumeTokens').where('emailRecordId', '=', emailRecordId);
  if (before !== undefined) query = query.where('createdAt', '<', before);
  await query.execute();
}

// Run with every stored response (the lead-write path): compiled once.
const deleteProgressQuery = prepared<{ id: string }>()((db, param) =>
  db.deleteFrom('surveyProgress').where('emailRecordId', '=', param('id')).returning(['campaignId', 'answer', 'updatedAt']),
);
const deleteTokensQuery = prepared<{ id: string }>()((db, param) => db.deleteFrom('surveyResumeTokens').where('emailRecordId', '=', param('id')));

/** The response is stored: the unfinished answers and every way back to them go (and from the summary's counts). */
export async function deleteProgressAndTokens(db: Db, emailRecordId: string): Promise<void> {
  const deleted = await deleteProgressQuery.execute(db, { id: emailRecordId });
  await deleteTokensQuery.execute(db, { id: emailRecordId });
  const gone = deleted.rows[0];
  // Most responses come without unfinished answers: the record's channel is read only when some went.
  if (!gone) return;
  const record = await countedProgress(db, emailRecordId);
  await keepSummaryCounts(db, [
    { campaignId: gone.campaignId, row: { finished: false, channelId: record?.channelId ?? null, at: gone.updatedAt, answer: gone.answer }, sign: -1 },
  ]);
}
