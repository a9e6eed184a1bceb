import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '#server/db/schema';

type Db = Kysely<Database>;

/** The funnel's "survey completed" (decision 0035): the lead has a completed e-mail record (of the campaign, when one is given). */
export function leadCompletedSurvey(db: Db, campaignId?: string) {
  return (leadId: Expression<string>): Expression<SqlBool> => {
    let query = db.selectFrom('emailRecords').select(sql`1`.as('one')).where('emailRecords.leadId', '=', leadId).where('emailRecords.isCompleted', '=', true);
    if (campaignId) query = query.where('emailRecords.campaignId', '=', campaignId);
    return sql<SqlBool>`exists ${query}`;
  };
}

/** Each visitor (e-mail record) of a campaign in scope, with the stored response or the kept unfinished answers. */
export async function surveyAnswersOfVisitors(
  db: Db,
  scope: { campaignId: string; channelId?: string | null | undefined; since?: Date | undefined; until?: Date | undefined },
): Promise<Array<{ response: string | null; progress: string | null; page: number | null; furthestPage: number | null }>> {
  let query = db
    .selectFrom('emailRecords')
    .leftJoin('surveyResponses', 'surveyResponses.emailRecordId', 'emailRecords.id')
    .leftJoin('surveyProgress', 'surveyProgress.emailRecordId', 'emailRecords.id')
    .select(['surveyResponses.answer as response', 'surveyProgress.answer as progress', 'surveyProgress.page as page', 'surveyProgress.furthestPage as furthestPage'])
    .where('emailRecords.campaignId', '=', scope.campaignId);
  if (scope.channelId !== undefined) query = query.where('emailRecords.channelId', scope.channelId === null ? 'is' : '=', scope.channelId);
  if (scope.since) query = query.where('emailRecords.createdAt', '>=', scope.since);
  if (scope.until) query = query.where('emailRecords.createdAt', '<', scope.until);
  const rows = await query.execute();
  return rows.map((r) => ({ response: r.response, progress: r.progress, page: r.page === null ? null : Number(r.page), furthestPage: r.furthestPage === null ? null : Number(r.furthestPage) }));
}
