import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { findCampaign } from '#server/features/surveys';
import { channelReference, utmOf } from '#server/features/channels';

// What the notification mails read of responses (given to the dispatcher at app.ts). The campaign's
// name and version come through the surveys feature's face, never from its table.

/** A finished response with its campaign's name and version. */
export async function completedResponse(db: Kysely<Database>, responseId: string) {
  const found = await db
    .selectFrom('surveyResponses')
    .select(['answer', 'matches', 'createdAt', 'campaignId', 'language', 'channelId', 'utm'])
    .where('id', '=', responseId)
    .executeTakeFirst();
  if (!found) return undefined;
  const { channelId, utm, ...row } = found;
  const campaign = await findCampaign(db, row.campaignId);
  if (!campaign) return undefined;
  // README "Channels": the link the person came through, as webhooks and the staff mail name it.
  return { ...row, name: campaign.name, updatedAt: campaign.updatedAt, channel: await channelReference(db, channelId), utm: utmOf(utm) };
}

/** An e-mail record with its campaign's name (null when it has none). */
export async function emailActivity(db: Kysely<Database>, emailRecordId: string) {
  const found = await db
    .selectFrom('emailRecords')
    .select(['createdAt', 'campaignId', 'isCompleted', 'channelId', 'utm'])
    .where('id', '=', emailRecordId)
    .executeTakeFirst();
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
  const row = await db.selectFrom('emailRecords').select(['isCompleted', 'leadId', 'campaignId']).where('id', '=', emailRecordId).executeTakeFirst();
  if (!row) return false;
  if (row.isCompleted) return false;
  if (row.leadId === null || row.campaignId === null) return true;
  const other = await db
    .selectFrom('emailRecords')
    .select('id')
    .where('leadId', '=', row.leadId)
    .where('campaignId', '=', row.campaignId)
    .where('isCompleted', '=', true)
    .executeTakeFirst();
  return other === undefined;
}

/** The campaign of an e-mail record still unfinished with answers kept; undefined otherwise. */
export async function unfinishedSurvey(db: Kysely<Database>, emailRecordId: string): Promise<{ campaignName: string | null; language: string } | undefined> {
  const row = await db
    .selectFrom('surveyProgress as p')
    .innerJoin('emailRecords as e', 'e.id', 'p.emailRecordId')
    .select(['e.isCompleted', 'p.campaignId', 'p.language'])
    .where('p.emailRecordId', '=', emailRecordId)
    .executeTakeFirst();
  if (!row || row.isCompleted) return undefined;
  const campaign = await findCampaign(db, row.campaignId);
  if (!campaign) return undefined;
  return { campaignName: campaign.name, language: row.language };
}
