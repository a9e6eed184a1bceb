import type { Transaction } from 'kysely';
import type { Database } from '#server/db/schema';
import type { PersonalData } from '#server/lib/personal-data';
import { keepSummaryCounts, type CountChange } from './summary-counts';

/** The unfinished answers of these records as the summary's counts hold them: to take out of the counts. */
async function progressRemovals(trx: Transaction<Database>, recordIds: readonly string[]): Promise<CountChange[]> {
  if (recordIds.length === 0) return [];
  const rows = await trx
    .selectFrom('surveyProgress')
    .innerJoin('emailRecords', 'emailRecords.id', 'surveyProgress.emailRecordId')
    .select(['surveyProgress.campaignId', 'surveyProgress.answer', 'surveyProgress.updatedAt', 'emailRecords.channelId'])
    .where('surveyProgress.emailRecordId', 'in', recordIds)
    .execute();
  return rows.map((r) => ({
    campaignId: r.campaignId,
    row: { finished: false, channelId: r.channelId, at: r.updatedAt, answer: r.answer },
    sign: -1 as const,
  }));
}

/**
 * E-mail records, responses, unfinished answers, resume tokens and uploaded files. Progress, files
 * and tokens belong to an e-mail record (ON DELETE CASCADE), which belongs to the lead. The
 * summary's counts hold answer values of many people at once: a person's erasure (or their
 * unfinished answers' expiry) takes their answers out of them, and a count that falls to zero goes
 * with its value (decision 0056); there is nothing of one person to export from them. A record's drop-off contribution (decision
 * 0058: which questions were shown, answered, where the person stopped, derived from the answers
 * exported here) cascades with the record, its response and its progress.
 */
export const personalData: PersonalData = {
  feature: 'responses',
  tables: ['email_records', 'survey_responses', 'survey_progress', 'survey_files', 'survey_resume_tokens', 'summary_answer_counts', 'dropoff_contributions'],
  async export(db, leadId) {
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
    return {
      emailRecords: records.map((r) => ({ id: r.id, email: r.email, campaignId: r.campaignId, isCompleted: Boolean(r.isCompleted), createdAt: r.createdAt })),
      responses: responses.map((r) => ({ ...r, answer: JSON.parse(r.answer) as unknown })),
      unfinished: unfinished.map((r) => ({ ...r, answer: JSON.parse(r.answer) as unknown })),
      files: files.map(({ bytes, ...f }) => ({ ...f, base64: Buffer.from(bytes).toString('base64') })),
    };
  },
  async expireUnfinished(trx, before) {
    const stale = trx
      .selectFrom('surveyProgress')
      .innerJoin('emailRecords', 'emailRecords.id', 'surveyProgress.emailRecordId')
      .select('surveyProgress.emailRecordId')
      .where('emailRecords.isCompleted', '=', false)
      .where('surveyProgress.updatedAt', '<', before);
    const ids = (await stale.execute()).map((r) => r.emailRecordId);
    if (ids.length === 0) return 0;
    const removed = await progressRemovals(trx, ids);
    await trx.deleteFrom('surveyFiles').where('emailRecordId', 'in', ids).execute();
    await trx.deleteFrom('surveyResumeTokens').where('emailRecordId', 'in', ids).execute();
    await trx.deleteFrom('surveyProgress').where('emailRecordId', 'in', ids).execute();
    await keepSummaryCounts(trx, removed);
    return ids.length;
  },
  async erase(trx, leadId) {
    const records = trx.selectFrom('emailRecords').select('id').where('leadId', '=', leadId);
    // What the summary's counts hold of this person, read before the rows go.
    const responses = await trx
      .selectFrom('surveyResponses')
      .select(['campaignId', 'answer', 'createdAt', 'channelId'])
      .where((eb) => eb.or([eb('leadId', '=', leadId), eb('emailRecordId', 'in', records)]))
      .execute();
    const removed: CountChange[] = [
      ...responses.map((r) => ({
        campaignId: r.campaignId,
        row: { finished: true, channelId: r.channelId, at: r.createdAt, answer: r.answer },
        sign: -1 as const,
      })),
      ...(await progressRemovals(
        trx,
        (await records.execute()).map((r) => r.id),
      )),
    ];
    await trx
      .deleteFrom('surveyResponses')
      .where((eb) => eb.or([eb('leadId', '=', leadId), eb('emailRecordId', 'in', records)]))
      .execute();
    await trx.deleteFrom('surveyFiles').where('emailRecordId', 'in', records).execute();
    await trx.deleteFrom('surveyResumeTokens').where('emailRecordId', 'in', records).execute();
    await trx.deleteFrom('surveyProgress').where('emailRecordId', 'in', records).execute();
    await trx.deleteFrom('emailRecords').where('leadId', '=', leadId).execute();
    await keepSummaryCounts(trx, removed);
  },
};
