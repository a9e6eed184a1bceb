import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#server/db/schema';

type Db = Kysely<Database>;

/** The campaigns of the lead's completed e-mail records, and of its responses without an e-mail record. */
export async function completedCampaignRows(db: Db | Transaction<Database>, leadId: string): Promise<{ records: string[]; ownResponses: string[] }> {
  const records = await db
    .selectFrom('emailRecords')
    .select('campaignId')
    .distinct()
    .where('leadId', '=', leadId)
    .where('isCompleted', '=', true)
    .where('campaignId', 'is not', null)
    .execute();
  const ownResponses = await db
    .selectFrom('surveyResponses')
    .select('campaignId')
    .distinct()
    .where('leadId', '=', leadId)
    .where('emailRecordId', 'is', null)
    .execute();
  return { records: records.map((r) => r.campaignId!), ownResponses: ownResponses.map((r) => r.campaignId) };
}

export interface VisitorScope {
  campaignId: string;
  channelId?: string | null | undefined;
  since?: Date | undefined;
  until?: Date | undefined;
}

/** Each visitor (e-mail record) of a campaign in scope, with the stored response or the kept unfinished answers. */
export async function surveyAnswersOfVisitors(
  db: Db,
  scope: VisitorScope,
): Promise<Array<{ response: string | null; progress: string | null; page: number | null; furthestPage: number | null }>> {
  let query = db
    .selectFrom('emailRecords')
    .leftJoin('surveyResponses', 'surveyResponses.emailRecordId', 'emailRecords.id')
    .leftJoin('surveyProgress', 'surveyProgress.emailRecordId', 'emailRecords.id')
    .select([
      'surveyResponses.answer as response',
      'surveyProgress.answer as progress',
      'surveyProgress.page as page',
      'surveyProgress.furthestPage as furthestPage',
    ])
    .where('emailRecords.campaignId', '=', scope.campaignId);
  if (scope.channelId !== undefined) query = query.where('emailRecords.channelId', scope.channelId === null ? 'is' : '=', scope.channelId);
  if (scope.since) query = query.where('emailRecords.createdAt', '>=', scope.since);
  if (scope.until) query = query.where('emailRecords.createdAt', '<', scope.until);
  const rows = await query.execute();
  return rows.map((r) => ({
    response: r.response,
    progress: r.progress,
    page: r.page === null ? null : Number(r.page),
    furthestPage: r.furthestPage === null ? null : Number(r.furthestPage),
  }));
}
