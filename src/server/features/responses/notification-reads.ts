import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { findCampaign } from '#server/features/surveys';
import { channelReference, utmOf } from '#server/features/channels';
import * as responsesRepo from './responses.repository';

// What the notification mails read of responses (given to the dispatcher by the composition root:
// src/server/notification-sources.ts). The campaign's name and version come through the surveys
// feature's face, never from its table; the statements are responses.repository.ts's.

/** A finished response with its campaign's name and version. */
export async function completedResponse(db: Kysely<Database>, responseId: string) {
  const found = await responsesRepo.responseForMail(db, responseId);
  if (!found) return undefined;
  const { channelId, utm, ...row } = found;
  const campaign = await findCampaign(db, row.campaignId);
  if (!campaign) return undefined;
  // README "Channels": the link the person came through, as webhooks and the staff mail name it.
  return { ...row, name: campaign.name, updatedAt: campaign.updatedAt, channel: await channelReference(db, channelId), utm: utmOf(utm) };
}

/** An e-mail record with its campaign's name (null when it has none). */
export async function emailActivity(db: Kysely<Database>, emailRecordId: string) {
  const found = await responsesRepo.emailRecordForMail(db, emailRecordId);
  if (!found) return undefined;
  const { channelId, utm, ...row } = found;
  const campaign = row.campaignId === null ? undefined : await findCampaign(db, row.campaignId);
  return { ...row, name: campaign?.name ?? null, channel: await channelReference(db, channelId), utm: utmOf(utm) };
}

/**
 * Whether a new lead's unfinished-survey alert is still news: its e-mail record exists and neither
 * it nor another attempt of the same person at the same campaign (another device)
 * has been finished.
 */
export async function surveyStillOpen(db: Kysely<Database>, emailRecordId: string): Promise<boolean> {
  const row = await responsesRepo.emailRecordState(db, emailRecordId);
  if (!row) return false;
  if (row.isCompleted) return false;
  if (row.leadId === null || row.campaignId === null) return true;
  return !(await responsesRepo.leadFinishedCampaign(db, row.leadId, row.campaignId));
}

/** The campaign of an e-mail record still unfinished with answers kept; undefined otherwise. */
export async function unfinishedSurvey(db: Kysely<Database>, emailRecordId: string): Promise<{ campaignName: string | null; language: string } | undefined> {
  const row = await responsesRepo.progressForMail(db, emailRecordId);
  if (!row || row.isCompleted) return undefined;
  const campaign = await findCampaign(db, row.campaignId);
  if (!campaign) return undefined;
  return { campaignName: campaign.name, language: row.language };
}
