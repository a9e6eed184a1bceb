import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#server/db/schema';

/*
 * A person's rows in the responses room (personal-data.ts): e-mail records, responses, unfinished
 * answers, uploaded files and resume tokens, read for an export and deleted for an erasure or when
 * unfinished answers expire. What the summary's counts lose with them is personal-data.ts's.
 */

type Db = Kysely<Database>;

/** The person's e-mail records (oldest first), responses (with the address as typed), unfinished answers and files. */
export async function personRows(db: Db, leadId: string) {
  const records = await db.selectFrom('emailRecords').selectAll().where('leadId', '=', leadId).orderBy('createdAt').execute();
  const ids = records.map((r) => r.id);
  // A person known by phone only has responses without an e-mail record (decision 0044).
  const [responses, unfinished, files] = await Promise.all([
    // The address as typed is the record's (decision 0020): given here as the response's, as before.
    db
      .selectFrom('surveyResponses')
      .leftJoin('emailRecords', 'emailRecords.id', 'surveyResponses.emailRecordId')
      .select([
        'surveyResponses.id',
        'surveyResponses.campaignId',
        'surveyResponses.emailRecordId',
        'emailRecords.email',
        'surveyResponses.answer',
        'surveyResponses.createdAt',
      ])
      .where((eb) => {
        const withoutEmail = eb.and([eb('surveyResponses.leadId', '=', leadId), eb('surveyResponses.emailRecordId', 'is', null)]);
        return ids.length > 0 ? eb.or([eb('surveyResponses.emailRecordId', 'in', ids), withoutEmail]) : withoutEmail;
      })
      .orderBy('surveyResponses.createdAt')
      .execute(),
    ids.length === 0
      ? []
      : db
          .selectFrom('surveyProgress')
          .select(['emailRecordId', 'campaignId', 'answer', 'page', 'createdAt', 'updatedAt'])
          .where('emailRecordId', 'in', ids)
          .execute(),
    ids.length === 0
      ? []
      : db
          .selectFrom('surveyFiles')
          .select(['id', 'emailRecordId', 'fileName', 'contentType', 'size', 'bytes', 'createdAt'])
          .where('emailRecordId', 'in', ids)
          .execute(),
  ]);
  return { records, responses, unfinished, files };
}

/** The unfinished answers of these records, with their record's channel: what the summary's counts hold of them. */
export function progressWithChannel(trx: Transaction<Database>, recordIds: readonly string[]) {
  return trx
    .selectFrom('surveyProgress')
    .innerJoin('emailRecords', 'emailRecords.id', 'surveyProgress.emailRecordId')
    .select(['surveyProgress.campaignId', 'surveyProgress.answer', 'surveyProgress.updatedAt', 'emailRecords.channelId'])
    .where('surveyProgress.emailRecordId', 'in', recordIds)
    .execute();
}

/** The records whose unfinished answers were last changed before `before` (never finished). */
export async function staleProgressRecords(trx: Transaction<Database>, before: Date): Promise<string[]> {
  const stale = trx
    .selectFrom('surveyProgress')
    .innerJoin('emailRecords', 'emailRecords.id', 'surveyProgress.emailRecordId')
    .select('surveyProgress.emailRecordId')
    .where('emailRecords.isCompleted', '=', false)
    .where('surveyProgress.updatedAt', '<', before);
  return (await stale.execute()).map((r) => r.emailRecordId);
}

/** Deletes these records' files, resume tokens and unfinished answers (the records stay). */
export async function deleteUnfinished(trx: Transaction<Database>, ids: readonly string[]): Promise<void> {
  await trx.deleteFrom('surveyFiles').where('emailRecordId', 'in', ids).execute();
  await trx.deleteFrom('surveyResumeTokens').where('emailRecordId', 'in', ids).execute();
  await trx.deleteFrom('surveyProgress').where('emailRecordId', 'in', ids).execute();
}

const recordsOf = (trx: Transaction<Database>, leadId: string) => trx.selectFrom('emailRecords').select('id').where('leadId', '=', leadId);

/** The person's responses (by the lead or through their records), as the summary's counts hold them. */
export function personResponses(trx: Transaction<Database>, leadId: string) {
  return trx
    .selectFrom('surveyResponses')
    .select(['campaignId', 'answer', 'createdAt', 'channelId'])
    .where((eb) => eb.or([eb('leadId', '=', leadId), eb('emailRecordId', 'in', recordsOf(trx, leadId))]))
    .execute();
}

/** The ids of the person's e-mail records. */
export async function personRecordIds(trx: Transaction<Database>, leadId: string): Promise<string[]> {
  return (await recordsOf(trx, leadId).execute()).map((r) => r.id);
}

/** Deletes the person's responses, their records' files, resume tokens and unfinished answers, then the records. */
export async function deletePersonRows(trx: Transaction<Database>, leadId: string): Promise<void> {
  const records = recordsOf(trx, leadId);
  await trx
    .deleteFrom('surveyResponses')
    .where((eb) => eb.or([eb('leadId', '=', leadId), eb('emailRecordId', 'in', records)]))
    .execute();
  await trx.deleteFrom('surveyFiles').where('emailRecordId', 'in', records).execute();
  await trx.deleteFrom('surveyResumeTokens').where('emailRecordId', 'in', records).execute();
  await trx.deleteFrom('surveyProgress').where('emailRecordId', 'in', records).execute();
  await trx.deleteFrom('emailRecords').where('leadId', '=', leadId).execute();
}
