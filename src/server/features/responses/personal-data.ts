import type { Transaction } from 'kysely';
import type { Database } from '#server/db/schema';
import type { PersonalData } from '#server/lib/personal-data';
import { keepSummaryCounts, type CountChange } from './summary-counts';
import * as rows from './personal-data.repository';

/** The unfinished answers of these records as the summary's counts hold them: to take out of the counts. */
async function progressRemovals(trx: Transaction<Database>, recordIds: readonly string[]): Promise<CountChange[]> {
  if (recordIds.length === 0) return [];
  const progress = await rows.progressWithChannel(trx, recordIds);
  return progress.map((r) => ({
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
    const { records, responses, unfinished, files } = await rows.personRows(db, leadId);
    return {
      emailRecords: records.map((r) => ({ id: r.id, email: r.email, campaignId: r.campaignId, isCompleted: Boolean(r.isCompleted), createdAt: r.createdAt })),
      responses: responses.map((r) => ({ ...r, answer: JSON.parse(r.answer) as unknown })),
      unfinished: unfinished.map((r) => ({ ...r, answer: JSON.parse(r.answer) as unknown })),
      files: files.map(({ bytes, ...f }) => ({ ...f, base64: Buffer.from(bytes).toString('base64') })),
    };
  },
  async expireUnfinished(trx, before) {
    const ids = await rows.staleProgressRecords(trx, before);
    if (ids.length === 0) return 0;
    const removed = await progressRemovals(trx, ids);
    await rows.deleteUnfinished(trx, ids);
    await keepSummaryCounts(trx, removed);
    return ids.length;
  },
  async erase(trx, leadId) {
    // What the summary's counts hold of this person, read before the rows go.
    const responses = await rows.personResponses(trx, leadId);
    const removed: CountChange[] = [
      ...responses.map((r) => ({
        campaignId: r.campaignId,
        row: { finished: true, channelId: r.channelId, at: r.createdAt, answer: r.answer },
        sign: -1 as const,
      })),
      ...(await progressRemovals(trx, await rows.personRecordIds(trx, leadId))),
    ];
    await rows.deletePersonRows(trx, leadId);
    await keepSummaryCounts(trx, removed);
  },
};
