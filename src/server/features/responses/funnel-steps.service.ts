import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#server/db/schema';
import * as funnelReads from './funnel-reads.repository';

type Db = Kysely<Database>;

/**
 * The campaigns the lead has completed: a completed e-mail record, or a response of its own without
 * one (an expo tablet's visitor known by phone, decision 0044). The funnel's "completed" steps kept on
 * the lead (decision 0035), read again from the rows when rows move between leads (a merge, an unmerge).
 */
export async function completedCampaignsOfLead(db: Db | Transaction<Database>, leadId: string): Promise<string[]> {
  const { records, ownResponses } = await funnelReads.completedCampaignRows(db, leadId);
  return [...new Set([...records, ...ownResponses])];
}

/** Each visitor (e-mail record) of a campaign in scope, with the stored response or the kept unfinished answers (the drop-off read from the rows). */
export function surveyAnswersOfVisitors(db: Db, scope: funnelReads.VisitorScope) {
  return funnelReads.surveyAnswersOfVisitors(db, scope);
}
