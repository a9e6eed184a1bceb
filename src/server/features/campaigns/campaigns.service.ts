import type { Kysely, Selectable } from 'kysely';
import {
  CAMPAIGN_MESSAGES,
  CAMPAIGN_QUESTIONS_MAX_BYTES,
  utf8Length,
  type ActiveCampaign,
  type AnswerRow,
  type Campaign,
  type CampaignSummary,
  type EmailList,
  type EmailRecord,
  type SurveyAnswers,
} from '#shared/campaigns/campaigns.contract';
import { isForeignKeyViolation, toBool, toIso } from '#server/db/database';
import type { Database } from '#server/db/schema';
import { badRequest, conflict, notFound, tooLarge } from '#server/lib/errors';
import { newId } from '#server/lib/ids';
import { BROKEN_REFERENCES_MESSAGE, referenceErrors } from '#shared/survey/references';
import { questionNames } from '#shared/survey/survey-questions';
import { leadDetailsFrom, leadFieldKeys } from '#shared/leads/lead-fields';
import { keepLeadCompleted, recordCompletedSurvey, touchLead } from '../leads/leads.service';
import { recordEvent } from '../notifications/outbox';
import { changedFields, recordAudit, type AuditActor } from '#server/features/audit';
import type { ListingMatches } from '#shared/matching/listing-match';
import * as repo from './campaigns.repository';
import * as progressRepo from './survey-progress.repository';
import { parseFilters } from './campaign-summary.service';
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
function campaignFields(input: CampaignSave): repo.CampaignFields {
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

async function requireCampaign(db: Db, id: string) {
  const row = await repo.findCampaign(db, id);
  if (!row) throw notFound(CAMPAIGN_MESSAGES.notFound);
  return row;
}

async function requireCampaignId(db: Db, id: string): Promise<void> {
  if (!(await repo.campaignExists(db, id))) throw notFound(CAMPAIGN_MESSAGES.notFound);
}

/** Run it in a transaction: the campaign and its audit entry are stored together. */
export async function createCampaign(db: Db, input: CampaignSave, actor: AuditActor): Promise<string> {
  const id = newId();
  await repo.insertCampaign(db, { id, ...campaignFields(input), isActive: false, now: new Date() });
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
  await repo.lockCampaign(trx, id);
  const before = await repo.findCampaign(trx, id);
  if (await repo.updateCampaignWithoutResponses(trx, id, fields, new Date())) {
    return recordAudit(trx, { actor, kind: 'campaign.updated', recordType: 'campaign', recordId: id, fields: changedFields({ ...before }, { ...fields }, ['name', 'questions']) });
  }
  await requireCampaignId(trx, id);
  throw conflict(CAMPAIGN_MESSAGES.editLocked, 'EDIT_LOCKED');
}

export async function getCampaign(db: Db, id: string): Promise<Campaign> {
  return toCampaign(await requireCampaign(db, id));
}

export async function listCampaigns(db: Db): Promise<CampaignSummary[]> {
  const rows = await repo.listCampaignsWithResponseCounts(db);
  return rows.map((row) => ({ ...toCampaign(row), responseCount: Number(row.responseCount ?? 0) }));
}

export async function activeCampaigns(db: Db): Promise<ActiveCampaign[]> {
  const rows = await repo.listActiveCampaigns(db);
  return rows.map((row) => {
    const c = toCampaign(row);
    return { _id: c._id, name: c.name, questions: c.questions, questioncolumns: c.questioncolumns, isActive: c.isActive };
  });
}

/** Activating makes this the only active campaign; run it in a transaction. */
export async function setCampaignActive(trx: Db, id: string, active: boolean, actor: AuditActor): Promise<void> {
  await requireCampaignId(trx, id);
  if (active) await repo.activateOnly(trx, id);
  else await repo.deactivate(trx, id);
  await recordAudit(trx, { actor, kind: active ? 'campaign.activated' : 'campaign.deactivated', recordType: 'campaign', recordId: id, fields: ['isActive'] });
}

export async function responseCount(db: Db, id: string): Promise<number> {
  await requireCampaignId(db, id);
  return repo.countResponses(db, id);
}

/**
 * The answers table, newest first. Filters (dates, status, answers) are optional: without them,
 * the completed responses as before. With a status, each row says whether it is completed.
 */
export async function campaignAnswers(db: Db, id: string, query: { limit?: number; offset?: number } & Record<string, unknown>): Promise<AnswerRow[]> {
  const { limit, offset, ...rest } = query;
  const filtered = Object.keys(rest).length > 0;
  const campaign = filtered ? await requireCampaign(db, id) : undefined;
  if (!campaign) await requireCampaignId(db, id);
  const { filters, status } = campaign ? parseFilters(campaign.questions, rest) : { filters: repo.NO_FILTERS, status: undefined };
  const rows = await repo.listResponses(db, id, { limit, offset }, filters, status ?? 'completed');
  return rows.map((r) => ({
    _id: r.id,
    email: r.email,
    date: toIso(r.createdAt),
    result: r.answer,
    ...(status === undefined ? {} : { completed: Number(r.completed) === 1 }),
  }));
}

export async function campaignEmailRecords(db: Db, id: string): Promise<EmailRecord[]> {
  await requireCampaignId(db, id);
  const rows = await repo.listEmailRecords(db, id);
  return rows.map((r) => ({ _id: r.id, email: r.email, date: toIso(r.createdAt), isCompleted: toBool(r.isCompleted) }));
}

export async function questionColumns(db: Db, id: string): Promise<string> {
  return (await requireCampaign(db, id)).questioncolumns;
}

export async function listAllEmailRecords(db: Db, query: { q?: string; limit: number; offset: number }): Promise<EmailList> {
  const { total, items } = await repo.searchEmailRecords(db, query);
  return {
    total,
    items: items.map((r) => ({
      _id: r.id,
      email: r.email,
      date: toIso(r.createdAt),
      isCompleted: toBool(r.isCompleted),
      campaignId: r.campaignId,
      campaignName: r.campaignName,
    })),
  };
}

// The visitor's writes. Each takes the transaction it runs in and does only database work, so
// many of them can share one transaction (and one fsync) when writes are grouped.

/** Asking again for a "continue" e-mail within this time sends nothing new. */
export const RESUME_LINK_THROTTLE_MS = 2 * 60 * 1000;

export interface EmailRecordAdded {
  emailID: string;
  /** The person has unfinished answers: a link to continue was e-mailed (they are never returned here). */
  resumeLinkSent: boolean;
  /** True when the person's record was created; false for another attempt of someone who has one. */
  created: boolean;
  /** True when kept as a newsletter sign-up (no campaign). */
  newsletter: boolean;
  /** True when a notification event was recorded with it (the dispatcher can be woken). */
  event: boolean;
}

/**
 * Keeps the visitor's e-mail for a campaign (or, with none, for the newsletter): one record per person
 * and campaign, the e-mail compared in any letter case. Only the active campaign takes e-mails (409
 * otherwise); a visitor who started while it was active still finishes (storeResponse does not look
 * at the flag).
 *
 * An e-mail alone proves nothing (issue 22 item 6): when the person already has a record for the
 * campaign, the caller gets a new attempt of its own, never that record's id, so it can neither read,
 * overwrite nor finish the person's answers nor revoke their link. When the person has answers kept,
 * a "continue" link goes to the mailbox (at most one per RESUME_LINK_THROTTLE_MS): only its token
 * reopens them. A person who has finished stays finished (the lead too) while they answer again.
 */
export async function addEmailRecord(db: Db, input: { email: string; campaignid: string | null }, sender: string | null = null): Promise<EmailRecordAdded> {
  const { email, campaignid: campaignId } = input;
  const newsletter = campaignId === null;
  const now = new Date();
  // The person's lead first (one upsert), so the record points at it; a refusal below rolls it back.
  const lead = await touchLead(db, { email, source: newsletter ? 'newsletter' : 'survey', campaignId, at: now });
  // Twice at most: the record found by the failed insert may be gone (its campaign deleted) before we read it.
  for (let attempt = 0; attempt < 2; attempt++) {
    const id = newId();
    const added = await repo.insertOpenEmailRecord(db, { id, email, campaignId, leadId: lead.id, now });
    if (added) {
      // A new person: staff hear of them (at once by webhook; by e-mail if the survey stays unfinished).
      if (lead.created) await recordEvent(db, { type: 'lead.created', email, subjectId: id, leadId: lead.id }, now);
      return { emailID: id, created: true, newsletter, event: lead.created, resumeLinkSent: false };
    }
    if (campaignId !== null) {
      const active = await repo.isCampaignActive(db, campaignId);
      if (active === undefined) throw notFound(CAMPAIGN_MESSAGES.notFound);
      if (!active) throw conflict(CAMPAIGN_MESSAGES.campaignInactive, 'CAMPAIGN_INACTIVE');
    }
    const person = await repo.findPersonRecord(db, email, campaignId);
    if (!person) continue;
    // A newsletter sign-up has no answers and nothing can be written through its id.
    if (campaignId === null) return { emailID: person.id, created: false, newsletter, event: false, resumeLinkSent: false };
    await repo.insertExtraEmailRecord(db, { id, email, campaignId, leadId: lead.id, now });
    if (toBool(person.isCompleted)) {
      // Finished once: answering again does not make the person unfinished.
      await keepLeadCompleted(db, { id: lead.id, campaignId });
      return { emailID: id, created: false, newsletter, event: false, resumeLinkSent: false };
    }
    if (await progressRepo.hasProgress(db, person.id)) {
      // Answers are personal: whoever typed this e-mail gets a link in that mailbox, not the answers.
      const throttled = await progressRepo.resumeLinkRequestedSince(db, person.id, new Date(now.getTime() - RESUME_LINK_THROTTLE_MS));
      if (!throttled) await recordEvent(db, { type: 'survey.resume_link', email, subjectId: person.id, leadId: lead.id, sender }, now);
      return { emailID: id, created: false, newsletter, event: !throttled, resumeLinkSent: true };
    }
    return { emailID: id, created: false, newsletter, event: false, resumeLinkSent: false };
  }
  throw new Error('An e-mail record kept appearing and disappearing.');
}

/**
 * The e-mail record a visitor's write names, checked as every such write is: it exists (404), it
 * belongs to this campaign (400) and its e-mail is the one sent (400). The campaign must exist (404).
 */
export async function requireRecordOf(db: Db, campaignId: string, input: { email: string; emailId: string }) {
  const record = await repo.findEmailRecord(db, input.emailId);
  // A record of this campaign proves the campaign exists (foreign key): look it up only otherwise.
  if (!record || record.campaignId !== campaignId) await requireCampaignId(db, campaignId);
  if (!record) throw notFound(CAMPAIGN_MESSAGES.emailRecordNotFound);
  if (record.campaignId !== campaignId) {
    throw badRequest(CAMPAIGN_MESSAGES.emailRecordOtherCampaign, [{ field: 'response.emailId', message: CAMPAIGN_MESSAGES.emailRecordOtherCampaign }]);
  }
  if (record.email !== input.email) {
    throw badRequest(CAMPAIGN_MESSAGES.emailMismatch, [{ field: 'response.email', message: CAMPAIGN_MESSAGES.emailMismatch }]);
  }
  return record;
}

/**
 * Stores the visitor's answers; the e-mail record is completed with them (a trigger, in the same
 * statement). A repeated submission for the same record (a network retry) stores nothing new and
 * still succeeds. With the response, the lead is updated and survey.completed recorded: run it in a
 * transaction (writes.run).
 */
export async function storeResponse(
  db: Db,
  campaignId: string,
  input: { email: string; emailId: string; answer: SurveyAnswers },
  matches: ListingMatches | null = null,
  /** Whose request this is (a keyed hash of the address): visitor mail is limited per sender. */
  sender: string | null = null,
): Promise<{ stored: boolean }> {
  const record = await requireRecordOf(db, campaignId, input);
  try {
    const id = newId();
    const now = new Date();
    const stored = await repo.insertResponseOnce(db, {
      id,
      campaignId,
      emailRecordId: record.id,
      email: record.email,
      answer: JSON.stringify(input.answer),
      matches: matches ? JSON.stringify(matches) : null,
      now,
    });
    if (stored && record.leadId) {
      const details = leadDetailsFrom(await repo.campaignLeadFields(db, campaignId), input.answer);
      await recordCompletedSurvey(db, { id: record.leadId, campaignId, at: now, ...details });
    }
    if (stored) {
      await recordEvent(db, { type: 'survey.completed', email: record.email, subjectId: id, leadId: record.leadId, sender }, now);
      // Finished: the unfinished answers go, and no resume token opens the survey again.
      await progressRepo.deleteProgressAndTokens(db, record.id);
      // Another attempt finished while the person's own record is not: it becomes the person's record.
      if (toBool(record.isExtra) && record.campaignId !== null) await repo.promoteFinishedAttempt(db, { id: record.id, email: record.email, campaignId: record.campaignId });
    }
    return { stored };
  } catch (error) {
    // The record (or its campaign) was deleted after we read it.
    if (isForeignKeyViolation(error)) throw notFound(CAMPAIGN_MESSAGES.emailRecordNotFound);
    throw error;
  }
}
