import type { Kysely, Selectable } from 'kysely';
import {
  CAMPAIGN_MESSAGES,
  CAMPAIGN_QUESTIONS_MAX_BYTES,
  utf8Length,
  type ActiveCampaign,
  type Campaign,
  type CampaignSummary,
} from '#shared/surveys/campaigns.contract';
import { toBool, toIso } from '#server/db/database';
import type { Database } from '#server/db/schema';
import { badRequest, conflict, notFound, tooLarge } from '#server/lib/errors';
import { newId } from '#server/lib/ids';
import { BROKEN_REFERENCES_MESSAGE, referenceErrors } from '#shared/survey-json/references';
import { questionNames } from '#shared/survey-json/survey-questions';
import { leadFieldKeys } from '#shared/leads/lead-fields';
import { changedFields, recordAudit, type AuditActor } from '#server/features/audit';
import * as campaignsRepo from './campaigns.repository';
import type { CampaignsTable } from './campaigns.tables';

/** A database or an open transaction: every function here does its work through the one it is given. */
type Db = Kysely<Database>;

/** The save body after validation (the shared schema has checked the JSON and the first page). */
export interface CampaignSave {
  name: string;
  questions: string;
}

function toCampaign(row: Selectable<CampaignsTable>): Campaign {
  return {
    _id: row.id,
    name: row.name,
    questions: row.questions,
    questioncolumns: row.questioncolumns,
    isActive: toBool(row.isActive),
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

/** The stored fields: `questioncolumns` comes from the survey itself, never from the client. */
function campaignFields(input: CampaignSave): campaignsRepo.CampaignFields {
  const size = utf8Length(input.questions);
  if (size > CAMPAIGN_QUESTIONS_MAX_BYTES) {
    throw tooLarge(CAMPAIGN_MESSAGES.surveyTooLarge(size));
  }
  const columns = questionNames(input.questions);
  if (columns.length === 0) {
    throw badRequest(CAMPAIGN_MESSAGES.questionsRequired, [{ field: 'questions', message: CAMPAIGN_MESSAGES.questionsRequired }]);
  }
  // A reference to no question (a ranking fed by a renamed question) can leave visitors unable to finish.
  const broken = referenceErrors(input.questions);
  if (broken.length > 0) throw badRequest(BROKEN_REFERENCES_MESSAGE, broken);
  return { name: input.name, questions: input.questions, questioncolumns: columns.join(','), leadFields: JSON.stringify(leadFieldKeys(input.questions)) };
}

export async function requireCampaign(db: Db, id: string) {
  const row = await campaignsRepo.findCampaign(db, id);
  if (!row) throw notFound(CAMPAIGN_MESSAGES.notFound);
  return row;
}

export async function requireCampaignId(db: Db, id: string): Promise<void> {
  if (!(await campaignsRepo.campaignExists(db, id))) throw notFound(CAMPAIGN_MESSAGES.notFound);
}

/** Run it in a transaction: the campaign and its audit entry are stored together. */
export async function createCampaign(db: Db, input: CampaignSave, actor: AuditActor): Promise<string> {
  const id = newId();
  await campaignsRepo.insertCampaign(db, { id, ...campaignFields(input), isActive: false, now: new Date() });
  await recordAudit(db, { actor, kind: 'campaign.created', recordType: 'campaign', recordId: id });
  return id;
}

/**
 * Refused (409) once the campaign has responses: they must keep meaning what was asked. Run it in
 * a transaction: the campaign's row is locked first, so a response being stored at the same
 * moment is either seen by the check or stored after the edit.
 */
export async function updateCampaign(trx: Db, id: string, input: CampaignSave, actor: AuditActor): Promise<void> {
  const fields = campaignFields(input);
  await campaignsRepo.lockCampaign(trx, id);
  const before = await campaignsRepo.findCampaign(trx, id);
  if (await campaignsRepo.updateCampaignWithoutResponses(trx, id, fields, new Date())) {
    return recordAudit(trx, {
      actor,
      kind: 'campaign.updated',
      recordType: 'campaign',
      recordId: id,
      fields: changedFields({ ...before }, { ...fields }, ['name', 'questions']),
    });
  }
  await requireCampaignId(trx, id);
  throw conflict(CAMPAIGN_MESSAGES.editLocked, 'EDIT_LOCKED');
}

export async function getCampaign(db: Db, id: string): Promise<Campaign> {
  return toCampaign(await requireCampaign(db, id));
}

/** The number of responses of each campaign that has any: the responses feature counts them (given at app.ts). */
export type ResponseCounts = (db: Db) => Promise<Map<string, number>>;

export async function listCampaigns(db: Db, counts: ResponseCounts): Promise<CampaignSummary[]> {
  const [rows, responses] = await Promise.all([campaignsRepo.listAllCampaigns(db), counts(db)]);
  return rows.map((row) => ({ ...toCampaign(row), responseCount: responses.get(row.id) ?? 0 }));
}

export async function activeCampaigns(db: Db): Promise<ActiveCampaign[]> {
  const rows = await campaignsRepo.listActiveCampaigns(db);
  return rows.map((row) => {
    const c = toCampaign(row);
    return { _id: c._id, name: c.name, questions: c.questions, questioncolumns: c.questioncolumns, isActive: c.isActive };
  });
}

/** Activating makes this the only active campaign; run it in a transaction. */
export async function setCampaignActive(trx: Db, id: string, active: boolean, actor: AuditActor): Promise<void> {
  await requireCampaignId(trx, id);
  if (active) await campaignsRepo.activateOnly(trx, id);
  else await campaignsRepo.deactivate(trx, id);
  await recordAudit(trx, { actor, kind: active ? 'campaign.activated' : 'campaign.deactivated', recordType: 'campaign', recordId: id, fields: ['isActive'] });
}

/** How many responses a campaign has: the responses feature counts them (`count`, given at app.ts). */
export type ResponseCounter = (db: Db, campaignId: string) => Promise<number>;

export async function responseCount(db: Db, id: string, count: ResponseCounter): Promise<number> {
  await requireCampaignId(db, id);
  return count(db, id);
}

export async function questionColumns(db: Db, id: string): Promise<string> {
  return (await requireCampaign(db, id)).questioncolumns;
}

// What other rooms read of campaigns: through here, so the door (index.ts) opens onto services; the
// statements are campaigns.repository.ts's.

/** The campaign's row, or undefined when there is none. */
export const findCampaign = (db: Db, id: string) => campaignsRepo.findCampaign(db, id);

/** The name and last change of each of these campaigns that exists. */
export const campaignNames = (db: Db, ids: readonly (string | null)[]) => campaignsRepo.campaignNames(db, ids);

/** The ids of the campaigns whose name holds `text` (any letter case). */
export const campaignIdsNamed = (db: Db, text: string) => campaignsRepo.campaignIdsNamed(db, text);

/** The campaign's leadField questions (answer key → "name" | "phone"); none for an unknown campaign. */
export const campaignLeadFields = (db: Db, id: string) => campaignsRepo.campaignLeadFields(db, id);

/** Whether the campaign is active; undefined when there is no such campaign. */
export const isCampaignActive = (db: Db, id: string) => campaignsRepo.isCampaignActive(db, id);
