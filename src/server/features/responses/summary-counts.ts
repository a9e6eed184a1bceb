import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '#server/db/schema';
import { localDay } from '#shared/followup/working-hours';
import { CountSheet, type CountedAnswer } from '#shared/results/summary-buckets';
import { readSurveySummary, type SummaryReading } from '#shared/survey-json/survey-questions';
import { findCampaign } from '#server/features/surveys';
import { readFollowUpSettings } from '#server/features/settings';
import * as countsRepo from './summary-counts.repository';

/**
 * The results summary's counts (decision 0056), kept in the transaction of each write of the
 * answers: a response stored, unfinished answers saved or removed, a person erased, unfinished
 * answers expired. A campaign's delete takes them with it (cascade); a merge moves no answer.
 */

type Db = Kysely<Database>;

// Reading a survey builds a survey-core model (milliseconds): once per version of a survey.
const readings = new LRUCache<string, SummaryReading>({ max: 50 });
function summaryOf(questions: string): SummaryReading {
  let reading = readings.get(questions);
  if (!reading) {
    reading = readSurveySummary(questions);
    readings.set(questions, reading);
  }
  return reading;
}

/** A change to the counted answers: +1 for an answer written, -1 for one removed. */
export interface CountChange {
  campaignId: string;
  row: CountedAnswer;
  sign: 1 | -1;
}

/**
 * Adds the changes to their campaigns' counts, after the rows themselves were written. A campaign
 * counted for the first time takes the studio's time zone; one whose survey changed since it was
 * counted (only possible before its first response) is counted again from its rows.
 */
export async function keepSummaryCounts(db: Db, changes: readonly CountChange[]): Promise<void> {
  const byCampaign = new Map<string, CountChange[]>();
  for (const c of changes) byCampaign.set(c.campaignId, [...(byCampaign.get(c.campaignId) ?? []), c]);
  for (const [campaignId, list] of [...byCampaign].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const campaign = await findCampaign(db, campaignId);
    // Deleted meanwhile: its counts went with it.
    if (!campaign) continue;
    let state = await countsRepo.summaryCountState(db, campaignId);
    if (!state) {
      const { timeZone } = await readFollowUpSettings(db);
      await countsRepo.startCountState(db, { campaignId, timeZone, survey: campaign.questions });
      state = (await countsRepo.summaryCountState(db, campaignId))!;
    }
    if (state.survey !== campaign.questions) {
      await rebuildSummaryCounts(db, campaignId, state.timeZone);
      continue;
    }
    const { timeZone } = state;
    const sheet = new CountSheet(summaryOf(campaign.questions), (at) => localDay(at, timeZone));
    for (const c of list) sheet.add(c.row, c.sign);
    await countsRepo.addCounts(db, campaignId, sheet.rows());
  }
}

const BATCH = 5000;

/**
 * The campaign's counts made again from its rows (in batches), in `timeZone`'s days and with its
 * survey as it is now: the migration's backfill, a survey changed, the benchmark's seeded rows.
 */
export async function rebuildSummaryCounts(db: Db, campaignId: string, timeZone: string): Promise<void> {
  const campaign = await findCampaign(db, campaignId);
  if (!campaign) return;
  await countsRepo.lockCountState(db, campaignId);
  await countsRepo.deleteCounts(db, campaignId);
  const sheet = new CountSheet(summaryOf(campaign.questions), (at) => localDay(at, timeZone));
  for (let after = ''; ;) {
    const rows = await countsRepo.responsesAfter(db, campaignId, after, BATCH);
    for (const r of rows) sheet.add({ finished: true, channelId: r.channelId, at: r.createdAt, answer: r.answer }, 1);
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
  for (let after = ''; ;) {
    const rows = await countsRepo.unfinishedAfter(db, campaignId, after, BATCH);
    for (const r of rows) sheet.add({ finished: false, channelId: r.channelId, at: r.updatedAt, answer: r.answer }, 1);
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]!.emailRecordId;
  }
  await countsRepo.insertCounts(db, { campaignId, timeZone, survey: campaign.questions }, sheet.rows());
}
