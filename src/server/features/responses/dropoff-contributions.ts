import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { dropoffSurvey, type DropoffSurvey } from '#server/lib/survey-dropoff';
import { findCampaign } from '#server/features/surveys';
import type { DropoffQuestion } from '#shared/funnel/funnel.contract';
import { contributionCounts, keepContribution, storedProgress } from './dropoff-contributions.repository';

type Db = Kysely<Database>;

/*
 * The drop-off's kept contributions (decision 0058): each e-mail record with a response or unfinished
 * answers has one row, written in the same transaction as them (called from storeResponse and
 * saveProgress, right after their writes), computed by the same function the drop-off uses over the
 * rows. The rows it was computed from delete it (foreign keys, cascading): an erasure, retention's
 * expiry of unfinished answers, the response's removal of the unfinished answers (a response replaces
 * the contribution first), a campaign deleted. A merge moves `lead_id` only: nothing here changes.
 */

async function surveyOf(db: Db, campaignId: string): Promise<DropoffSurvey | undefined> {
  const campaign = await findCampaign(db, campaignId);
  return campaign ? dropoffSurvey(campaign.questions) : undefined;
}

/** The response is stored: the record's contribution is the finished one. */
export async function keepResponseContribution(db: Db, response: { id: string; campaignId: string; emailRecordId: string; answer: string }): Promise<void> {
  const survey = await surveyOf(db, response.campaignId);
  if (!survey) return;
  const contribution = survey.keepable ? survey.contribution({ answers: response.answer, finished: true, page: 0, furthestPage: 0 }) : '';
  await keepContribution(db, response.emailRecordId, { surveyVersion: survey.version, contribution, responseId: response.id, progressOf: null });
}

/** The unfinished answers are saved: the record's contribution is read from them as stored (the furthest page kept by the upsert). */
export async function keepProgressContribution(db: Db, emailRecordId: string, campaignId: string): Promise<void> {
  const survey = await surveyOf(db, campaignId);
  if (!survey) return;
  const progress = await storedProgress(db, emailRecordId);
  if (!progress) return;
  const contribution = survey.keepable
    ? survey.contribution({ answers: progress.answer, finished: false, page: Number(progress.page), furthestPage: Number(progress.furthestPage) })
    : '';
  await keepContribution(db, emailRecordId, { surveyVersion: survey.version, contribution, responseId: null, progressOf: emailRecordId });
}

/**
 * The drop-off of the campaign's records in scope from the kept contributions, or null when they
 * cannot give it: the survey's conditions call functions, or a contribution in scope was kept for
 * another version of the survey (then the caller counts from the rows). Records with neither a
 * response nor unfinished answers have no row: they count as a visitor with no answers on the first
 * page. One statement, so both counts are of the same moment.
 */
export async function keptDropoff(
  db: Db,
  definition: string,
  scope: { campaignId: string; channelId?: string | null | undefined; since?: Date | undefined; until?: Date | undefined },
): Promise<DropoffQuestion[] | null> {
  const survey = dropoffSurvey(definition);
  if (!survey.keepable) return null;
  const rows = await contributionCounts(db, scope);
  const totals = survey.empty();
  let withoutRow = 0;
  for (const row of rows) {
    const n = Number(row.n);
    if (row.surveyVersion === null) {
      withoutRow += n;
      continue;
    }
    if (row.surveyVersion !== survey.version) return null;
    withoutRow -= n;
    survey.add(totals, row.contribution!, n);
  }
  if (withoutRow > 0) survey.add(totals, survey.contribution({ answers: null, finished: false, page: 0, furthestPage: 0 }), withoutRow);
  return totals;
}
