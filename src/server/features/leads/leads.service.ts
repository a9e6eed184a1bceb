import type { Kysely, Transaction } from 'kysely';
import { normalisePhone, toE164 } from '#shared/phone';
import type { Database } from '#server/db/schema';
import { toBool, toIso } from '#server/db/database';
import { badRequest, notFound } from '#server/lib/errors';
import { newId } from '#server/lib/ids';
import {
  LEAD_MESSAGES,
  LEAD_STATUSES,
  leadKey,
  type LeadActivity,
  type LeadDetail,
  type LeadTouch,
  type LeadFilters,
  type LeadList,
  type LeadListItem,
  type LeadListQuery,
  type LeadCreateInput,
  type LeadPatch,
  type LeadSource,
  type LeadStatus,
  type LeadTimelineEntry,
} from '#shared/leads/leads.contract';
import type { EnquiryListingKind, EnquiryTopic } from '#shared/contact/contact.contract';
import { parseStoredMatches } from '#shared/matching/listing-match';
import { cellText, parseAnswers, type AnswerColumn, type SurveyAnswerData } from '#shared/survey-json/survey-questions';
import { campaignNames, campaignReading } from '#server/features/surveys';
import { staffNames, type StaffPrincipal } from '#server/features/auth';
import { recordEvent, type LeadSummary } from '#server/features/notifications';
import * as repo from './leads.repository';
import { channelNames } from '#server/features/channels';
import type { Utm } from '#shared/channels/channels.contract';
import { recordAudit } from '#server/features/audit';

type Db = Kysely<Database> | Transaction<Database>;

/** One of the person's e-mail records with its response and unfinished answers, as responses keep them. */
export interface LeadSurveyRecord {
  id: string;
  campaignId: string | null;
  isCompleted: boolean | number;
  createdAt: Date | string;
  /** The response's answers (JSON) and stored matches, and when it came; null while unfinished. */
  answer: string | null;
  matches: string | null;
  answeredAt: Date | string | null;
  /** The unfinished answers kept so far (JSON), their page and furthest page, and their last save. */
  progressAnswer: string | null;
  progressPage: number | null;
  progressFurthestPage: number | null;
  progressSavedAt: Date | string | null;
  /** True for the answers of a person known by phone only: a response of the lead without an e-mail record (decision 0044). */
  withoutEmail?: boolean;
}

/** One of the person's contact messages, as the contact form keeps them. */
export interface LeadContactMessage {
  id: string;
  requestQuotation: string;
  message: string;
  createdAt: Date | string;
  phone: string | null;
  listingKind: EnquiryListingKind | null;
  listingId: string | null;
  listingName: string | null;
  topic: EnquiryTopic | null;
}

/**
 * What a lead's page shows from the rooms that hold the person's records. Handed over by the
 * composition root (app.ts), because those rooms write leads (touchLead) and so cannot be imported
 * back; each reads only its own tables (decision 0020).
 */
export interface LeadSources {
  /** The person's e-mail records, oldest first (responses). */
  surveyRecords(db: Kysely<Database>, leadId: string): Promise<LeadSurveyRecord[]>;
  /** The person's contact messages, oldest first (contact). */
  contactMessages(db: Kysely<Database>, leadId: string): Promise<LeadContactMessage[]>;
}

/** A response's stored matches, when there are any (older responses have none). */
function matchesOf(json: string | null): Pick<LeadActivity, 'matches'> {
  const matches = parseStoredMatches(json);
  return matches ? { matches } : {};
}

// The visitors' path --------------------------------------------------------------------------

/** A survey's answers as staff read them: question → answer, with a file question's uploaded files. */
function readableAnswers(columns: AnswerColumn[], answers: SurveyAnswerData) {
  return columns
    .map((c) => {
      const files = c.files?.(answers).map(({ fileId, name }) => ({ fileId, name })) ?? [];
      return { question: c.title, answer: cellText(c.format(answers)), ...(files.length > 0 ? { files } : {}) };
    })
    .filter((a) => a.answer !== '');
}

/** Who the timeline names for what a public form brought: the address was not proved. */
export const ARRIVAL_ACTOR = 'Website (address not verified)';

/**
 * Decision 0023 (arrivals): a name or phone that came with an unverified arrival and differs from
 * what the lead keeps is not taken; it is written on the timeline for staff to judge.
 */
async function noteGivenDetails(
  db: Db,
  leadId: string,
  given: { name?: string | null; phone?: string | null },
  kept: { name: string | null; phone: string | null },
  at: Date,
): Promise<void> {
  const differs = (a: string | null | undefined, b: string | null) => Boolean(a?.trim()) && b !== null && a!.trim().toLowerCase() !== b.trim().toLowerCase();
  const lines = [
    ...(differs(given.name, kept.name) ? [`Name given: ${given.name!.trim()}`] : []),
    ...(differs(given.phone, kept.phone) ? [`Phone given: ${given.phone!}`] : []),
  ];
  for (const text of lines) await repo.insertLeadEvent(db, { id: newId(), leadId, type: 'note', byId: null, byName: ARRIVAL_ACTOR, text, at });
}

/** What arrives about a person: an e-mail, a phone, or both (at least one), and what came with it. */
export interface LeadArrival {
  email?: string | null | undefined;
  /** As typed: kept in E.164 (+91 when typed without a country). */
  phone?: string | null | undefined;
  name?: string | null | undefined;
  /** What the person did (marks the lead's sources); none for staff, imports and the like. */
  source?: LeadSource | null | undefined;
  campaignId?: string | null | undefined;
  at: Date;
  touch?: repo.LeadTouchInput | undefined;
}

export interface LeadIntake {
  id: string;
  created: boolean;
  /** When the e-mail belongs to this lead and the phone to another: that other lead (both now show "Possible duplicate of …"). */
  possibleDuplicateOf: string | null;
}

const UNIQUE_VIOLATION = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY', '23505']);
const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && UNIQUE_VIOLATION.has(String((error as { code?: unknown }).code));

/**
 * Runs `job` so that a failed statement undoes only the job: in a savepoint of the caller's
 * transaction (on PostgreSQL a failed statement would otherwise end the whole transaction), or in a
 * transaction of its own.
 */
async function undoable<T>(db: Db, job: (trx: Db) => Promise<T>): Promise<T> {
  if (!db.isTransaction) return (db as Kysely<Database>).transaction().execute(job);
  await repo.leadIntakeSavepoint.begin(db);
  try {
    const value = await job(db);
    await repo.leadIntakeSavepoint.release(db);
    return value;
  } catch (error) {
    await repo.leadIntakeSavepoint.rollBack(db);
    throw error;
  }
}

/** The e-mail key and phone key of an arrival; a 400 when it has neither (a phone that reads as no number counts as none). */
export function arrivalKeys(input: { email?: string | null | undefined; phone?: string | null | undefined }): {
  emailKey: string | null;
  phoneKey: string | null;
} {
  const emailKey = input.email?.trim() ? leadKey(input.email) : null;
  const phoneKey = input.phone?.trim() ? toE164(input.phone) : null;
  if (emailKey === null && phoneKey === null) {
    const message = input.phone?.trim() ? LEAD_MESSAGES.phoneInvalid : LEAD_MESSAGES.emailOrPhoneRequired;
    throw badRequest(message, [{ field: input.phone?.trim() ? 'phone' : 'email', message }]);
  }
  return { emailKey, phoneKey };
}

/**
 * THE intake of a person (every arrival: forms, bookings, staff "Add lead", imports,
 * inbound leads). Finds the person's lead by e-mail (trimmed, case-insensitive) OR phone (E.164), or
 * creates it; records the activity; a name or phone given fills only empty fields, a different one
 * goes on the timeline (decision 0023). When the e-mail belongs to one lead and the phone to another,
 * nothing is merged: the arrival joins the e-mail's lead and both are marked "Possible duplicate of …".
 * A lead that was merged stands for the one it was merged into.
 *
 * Race-free on both databases without locks: the unique keys decide (a concurrent arrival that
 * creates the same person makes our INSERT/UPDATE fail; it is undone in a savepoint and we look
 * again). Call it in the transaction of the write it belongs to (or with the database: it opens one).
 */
export async function findOrCreateLead(db: Db, input: LeadArrival): Promise<LeadIntake> {
  const keys = arrivalKeys(input);
  // Written out, not `...keys`: new fields after a spread take a slow path in V8 (decision 0074).
  const values: repo.ArrivalValues = {
    emailKey: keys.emailKey,
    phoneKey: keys.phoneKey,
    email: keys.emailKey === null ? null : input.email!.trim(),
    phone: input.phone?.trim() ? normalisePhone(input.phone) : null,
    name: input.name?.trim() || null,
    source: input.source ?? null,
    campaignId: input.campaignId ?? null,
    at: input.at,
    touch: input.touch,
  };
  // The busiest path (an e-mail alone: the survey's first step, the newsletter): one statement.
  if (keys.phoneKey === null && values.phone === null) {
    const lead = await repo.upsertLead(db, {
      id: newId(),
      emailKey: keys.emailKey!,
      email: values.email!,
      name: values.name,
      phone: null,
      source: values.source,
      campaignId: values.campaignId,
      at: values.at,
      touch: values.touch,
    });
    if (lead.mergedIntoId === null) {
      if (!lead.created && values.name) await noteGivenDetails(db, lead.id, values, lead, values.at);
      return { id: lead.id, created: lead.created, possibleDuplicateOf: null };
    }
  }
  for (let attempt = 0; ; attempt++) {
    try {
      return await undoable(db, (trx) => intakeOnce(trx, values));
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
    }
  }
}

async function intakeOnce(db: Db, values: repo.ArrivalValues): Promise<LeadIntake> {
  const found = await repo.leadsByKeys(db, values);
  const kept = (row: (typeof found)[number] | undefined) => (row ? (row.mergedIntoId ?? row.id) : undefined);
  const byEmail = kept(found.find((r) => values.emailKey !== null && r.emailKey === values.emailKey));
  const byPhone = kept(found.find((r) => values.phoneKey !== null && r.phoneKey === values.phoneKey));
  const target = byEmail ?? byPhone;
  if (target === undefined) {
    const id = newId();
    await repo.insertLead(db, id, values);
    return { id, created: true, possibleDuplicateOf: null };
  }
  const lead = await repo.recordArrival(db, target, values, { emailKey: byEmail === undefined, phoneKey: byPhone === undefined });
  if (!lead) throw notFound(LEAD_MESSAGES.notFound);
  if (values.name || values.phone) await noteGivenDetails(db, target, values, lead, values.at);
  const duplicate = byEmail !== undefined && byPhone !== undefined && byEmail !== byPhone ? byPhone : null;
  if (duplicate) await repo.markPossibleDuplicates(db, target, duplicate, values.at);
  return { id: target, created: false, possibleDuplicateOf: duplicate };
}

/**
 * The lead of whoever just wrote with an e-mail (a campaign or the newsletter, a contact message, a
 * booking): findOrCreateLead. Call it in the transaction of that write.
 */
export async function touchLead(
  db: Db,
  input: {
    email: string;
    source: LeadSource;
    campaignId?: string | null;
    name?: string | null;
    phone?: string | null;
    at: Date;
    touch?: repo.LeadTouchInput | undefined;
  },
): Promise<{ id: string; created: boolean }> {
  const lead = await findOrCreateLead(db, input);
  return { id: lead.id, created: lead.created };
}

/**
 * A finished survey: the lead is complete, and so are its funnel steps (decision 0035: completed, of
 * this campaign too); a name or phone from its answers fills only empty fields (decision 0023).
 * Run it in the transaction that stores the response.
 */
export async function recordCompletedSurvey(
  db: Db,
  input: { id: string; campaignId: string; at: Date; name: string | null; phone: string | null },
): Promise<void> {
  const kept = await repo.completeLead(db, input);
  await repo.completeLeadCampaign(db, { leadId: input.id, campaignId: input.campaignId });
  if (kept && (input.name || input.phone)) await noteGivenDetails(db, input.id, input, kept, input.at);
}

/**
 * A new lead is given to `staffId` by the studio's assignment rules, in the transaction
 * that created it: the timeline says so, and the assignee's e-mail is queued in the outbox.
 */
export async function assignNewLead(db: Db, input: { leadId: string; staffId: string; staffName: string; how: string; at: Date }): Promise<void> {
  const row = await requireLead(db, input.leadId);
  const before = row.assigneeId ? ((await staffNames(db as Kysely<Database>, [row.assigneeId])).get(row.assigneeId) ?? null) : null;
  await repo.updateLead(db, input.leadId, { assigneeId: input.staffId, assignedAt: input.at });
  await repo.insertLeadEvent(db, {
    id: newId(),
    leadId: input.leadId,
    type: 'assign',
    byId: null,
    byName: input.how,
    fromValue: before,
    toValue: input.staffName,
    at: input.at,
  });
  await recordEvent(db, { type: 'lead.assigned', email: row.email ?? '', subjectId: input.staffId, leadId: input.leadId }, input.at);
}

/**
 * A lead created in this transaction gets its first-contact due times and, when the rules
 * name someone, its assignee: one UPDATE, the timeline's line and the assignee's e-mail in the
 * outbox. A lead just created has no assignee before, so nothing is read back (assignNewLead does).
 */
export async function assignCreatedLeadTo(
  db: Db,
  input: {
    leadId: string;
    email: string;
    assignee: { staffId: string; staffName: string; how: string } | null;
    firstContactDueAt: Date | null;
    firstContactEscalateAt: Date | null;
    at: Date;
  },
): Promise<void> {
  const { assignee, at } = input;
  await repo.updateCreatedLead(db, input.leadId, {
    firstContactDueAt: input.firstContactDueAt,
    firstContactEscalateAt: input.firstContactEscalateAt,
    ...(assignee ? { assignee: { id: assignee.staffId, at } } : {}),
  });
  if (!assignee) return;
  await repo.insertAssignLine(db, { id: newId(), leadId: input.leadId, byName: assignee.how, toValue: assignee.staffName, at });
  await recordEvent(db, { type: 'lead.assigned', email: input.email.trim(), subjectId: assignee.staffId, leadId: input.leadId }, at);
}

export const addLeadCampaign = repo.addLeadCampaign;

/**
 * The funnel's steps kept on the lead (decision 0035), set by the rooms that keep the rows they come
 * from, in the transaction of the write that changed them: the campaigns the person completed
 * (responses), whether they have a visit in any state and one marked done (visits).
 */
export const setLeadSurveySteps = repo.setSurveySteps;
export const setLeadVisitSteps = repo.setVisitSteps;
export const keepLeadCompleted = repo.keepLeadCompleted;

// Staff ---------------------------------------------------------------------------------------

function sources(row: repo.LeadRow): LeadSource[] {
  const out: LeadSource[] = [];
  if (toBool(row.hasSurvey)) out.push('survey');
  if (toBool(row.hasContact)) out.push('contact');
  if (toBool(row.hasNewsletter)) out.push('newsletter');
  return out;
}

/** The names a page of leads shows: each one's latest campaign and assignee, from their owners. */
interface ListNames {
  campaigns: Map<string, { name: string }>;
  staff: Map<string, string>;
  channels: Map<string, { name: string; code: string }>;
  sources: Map<string, string>;
}

async function namesOf(db: Db, rows: readonly repo.LeadRow[]): Promise<ListNames> {
  const channelIds = new Set(rows.flatMap((r) => [r.firstChannelId, r.latestChannelId]).filter((c): c is string => c !== null));
  const sourceKeys = [...new Set(rows.map((r) => r.sourceKey).filter((k): k is string => k !== null))];
  const [campaigns, staff, channels, sources] = await Promise.all([
    campaignNames(
      db as Kysely<Database>,
      rows.map((r) => r.lastCampaignId),
    ),
    staffNames(
      db as Kysely<Database>,
      rows.map((r) => r.assigneeId),
    ),
    channelNames(db as Kysely<Database>, [...channelIds]),
    sourceKeys.length === 0 ? new Map<string, string>() : repo.leadSourceNames(db, sourceKeys),
  ]);
  return { campaigns, staff, channels, sources };
}

/** A touch as staff read it (README "Channels"): null when the lead has none. */
function touchOf(channelId: string | null, utm: string | null, at: Date | string | null, names: ListNames): LeadTouch | null {
  if (at === null) return null;
  return {
    channelId,
    channelName: channelId === null ? null : (names.channels.get(channelId)?.name ?? null),
    utm: utm === null ? null : (JSON.parse(utm) as Utm),
    at: toIso(at),
  };
}

/** Still new past the first-contact target, or the next action past due. */
function isOverdue(row: repo.LeadRow, now: Date): boolean {
  const past = (at: Date | string | null) => at !== null && new Date(at).getTime() <= now.getTime();
  return (row.status === 'new' && past(row.firstContactDueAt)) || past(row.nextActionDueAt);
}

function toItem(row: repo.LeadRow, names: ListNames): LeadListItem {
  return {
    _id: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    status: row.status,
    sources: sources(row),
    campaignId: row.lastCampaignId,
    campaignName: (row.lastCampaignId && names.campaigns.get(row.lastCampaignId)?.name) ?? null,
    completed: toBool(row.lastCompleted),
    assigneeId: row.assigneeId,
    assigneeName: (row.assigneeId && names.staff.get(row.assigneeId)) ?? null,
    assignedAt: row.assigneeId && row.assignedAt ? toIso(row.assignedAt) : null,
    firstContactDueAt: row.firstContactDueAt ? toIso(row.firstContactDueAt) : null,
    nextAction: row.nextActionText && row.nextActionDueAt ? { text: row.nextActionText, dueAt: toIso(row.nextActionDueAt) } : null,
    overdue: isOverdue(row, new Date()),
    createdAt: toIso(row.createdAt),
    lastActivityAt: toIso(row.lastActivityAt),
    firstTouch: touchOf(row.firstChannelId, row.firstUtm, row.firstTouchAt, names),
    latestTouch: touchOf(row.latestChannelId, row.latestUtm, row.latestTouchAt, names),
    origin: row.origin,
    leadSource: row.sourceKey && row.sourceKind ? { key: row.sourceKey, name: names.sources.get(row.sourceKey) ?? row.sourceKey, kind: row.sourceKind } : null,
  };
}

export async function listLeads(db: Db, query: LeadListQuery): Promise<LeadList> {
  const { limit, offset, sort, ...filters } = query;
  const [{ rows, names }, counted] = await Promise.all([
    repo.listLeads(db, filters, { limit, offset }, sort).then(async (rows) => ({ rows, names: await namesOf(db, rows) })),
    repo.countLeads(db, filters),
  ]);
  const counts = Object.fromEntries(LEAD_STATUSES.map((s) => [s, counted.byStatus.get(s) ?? 0])) as Record<LeadStatus, number>;
  return { items: rows.map((row) => toItem(row, names)), total: counted.total, counts };
}

export async function* leadItems(db: Db, filters: LeadFilters): AsyncGenerator<LeadListItem[]> {
  for await (const batch of repo.leadBatches(db, filters, 1000)) {
    const names = await namesOf(db, batch);
    yield batch.map((row) => toItem(row, names));
  }
}

async function requireLead(db: Db, id: string): Promise<repo.LeadRow> {
  const row = await repo.findLead(db, id);
  if (!row) throw notFound(LEAD_MESSAGES.notFound);
  return row;
}

/** The lead with everything the person sent, in time order, and what staff did about it. */
export async function leadDetail(db: Kysely<Database>, id: string, sources: LeadSources): Promise<LeadDetail> {
  const row = await requireLead(db, id);
  const [records, contacts, timeline] = await Promise.all([sources.surveyRecords(db, id), sources.contactMessages(db, id), repo.leadTimeline(db, id)]);
  const [names, campaigns] = await Promise.all([
    namesOf(db, [row]),
    campaignNames(
      db,
      records.map((r) => r.campaignId),
    ),
  ]);
  const activities: LeadActivity[] = [];
  for (const record of records) {
    if (record.campaignId === null) {
      activities.push({ type: 'newsletter', at: toIso(record.createdAt) });
      continue;
    }
    const campaignId = record.campaignId;
    const known = campaigns.get(campaignId);
    const campaign = { campaignId, campaignName: known?.name ?? null };
    /** A kept answer (JSON) as question → answer, in the campaign's question order. */
    const readable = async (answer: string) => readableAnswers((await campaignReading(db, campaignId, known?.updatedAt ?? '')).columns, parseAnswers(answer));
    if (!record.withoutEmail) activities.push({ type: 'email', at: toIso(record.createdAt), ...campaign, completed: toBool(record.isCompleted) });
    if (record.progressAnswer !== null && record.progressSavedAt !== null && record.answer === null) {
      // Unfinished answers, as kept so far: marked unfinished, dated by their last save.
      activities.push({
        type: 'progress',
        at: toIso(record.progressSavedAt),
        ...campaign,
        completed: false,
        page: (record.progressPage ?? 0) + 1,
        furthestPage: (record.progressFurthestPage ?? 0) + 1,
        answers: await readable(record.progressAnswer),
      });
    }
    if (record.answer !== null && record.answeredAt !== null) {
      activities.push({
        type: 'response',
        at: toIso(record.answeredAt),
        ...campaign,
        completed: true,
        answers: await readable(record.answer),
        ...matchesOf(record.matches),
      });
    }
  }
  for (const contact of contacts) {
    activities.push({
      type: 'contact',
      at: toIso(contact.createdAt),
      requestQuotation: contact.requestQuotation,
      message: contact.message,
      // The listing the message is about (as named then), what for, and the phone given with it.
      ...(contact.listingKind && contact.listingId ? { listing: { kind: contact.listingKind, id: contact.listingId, name: contact.listingName ?? '' } } : {}),
      ...(contact.topic ? { topic: contact.topic } : {}),
      ...(contact.phone ? { phone: contact.phone } : {}),
    });
  }
  activities.sort((a, b) => a.at.localeCompare(b.at));
  const entries: LeadTimelineEntry[] = timeline.map((e) => ({
    at: toIso(e.createdAt),
    type: e.type,
    by: e.byName,
    ...(e.type === 'note' ? { text: e.text ?? '' } : { from: e.fromValue, to: e.toValue }),
  }));
  const duplicates = await repo.possibleDuplicates(db, id);
  return {
    ...toItem(row, names),
    activities,
    timeline: entries,
    possibleDuplicates: duplicates.map((d) => ({ _id: d.id, email: d.email, name: d.name, phone: d.phone })),
  };
}

/** The lead as the list shows it. */
export async function leadItem(db: Kysely<Database>, id: string): Promise<LeadListItem> {
  const row = await requireLead(db, id);
  return toItem(row, await namesOf(db, [row]));
}

/** What the composition root does for a lead staff just added (its first-contact times and assignee). */
export type LeadCreatedHook = (trx: Transaction<Database>, lead: { id: string; email: string }, at: Date) => Promise<unknown>;

/**
 * Staff "Add lead": the person's lead, found by e-mail or phone or created
 * (findOrCreateLead); a message given goes on its timeline as the staff member's note. A new lead
 * is announced (lead.created, webhooks), assigned as the studio's rules say, and audited.
 */
export async function addLeadByStaff(
  db: Kysely<Database>,
  input: LeadCreateInput,
  by: StaffPrincipal,
  onCreated: LeadCreatedHook,
): Promise<{ created: boolean; lead: LeadListItem }> {
  const at = new Date();
  const id = await db.transaction().execute(async (trx) => {
    const lead = await findOrCreateLead(trx, { email: input.email ?? null, phone: input.phone ?? null, name: input.name ?? null, at });
    const byName = by.name ?? by.email ?? 'Staff';
    if (input.message) await repo.insertLeadEvent(trx, { id: newId(), leadId: lead.id, type: 'note', byId: by.sub, byName, text: input.message, at });
    if (lead.created) {
      const email = input.email?.trim() ?? '';
      await recordEvent(trx, { type: 'lead.created', email, subjectId: lead.id, leadId: lead.id }, at);
      await onCreated(trx, { id: lead.id, email }, at);
      await recordAudit(trx, {
        actor: by,
        kind: 'lead.created',
        recordType: 'lead',
        recordId: lead.id,
        fields: (['name', 'email', 'phone', 'message'] as const).filter((f) => input[f] !== undefined),
      });
    } else if (input.message) {
      await recordAudit(trx, { actor: by, kind: 'lead.updated', recordType: 'lead', recordId: lead.id, fields: ['notes'] });
    }
    return lead;
  });
  const row = (await repo.findLead(db, id.id))!;
  return { created: id.created, lead: toItem(row, await namesOf(db, [row])) };
}

/** Sets the status and/or assignee; each change is recorded with who made it and when. */
export async function patchLead(db: Db, id: string, patch: LeadPatch, by: StaffPrincipal): Promise<LeadListItem> {
  if (patch.status === undefined && patch.assigneeId === undefined) throw badRequest(LEAD_MESSAGES.nothingToChange);
  const row = await requireLead(db, id);
  // The names of the assignee before and after (any staff member, active or not).
  const staff = await staffNames(db as Kysely<Database>, [row.assigneeId, patch.assigneeId ?? null]);
  const at = new Date();
  const changes: { status?: LeadStatus; assigneeId?: string | null; assignedAt?: Date | null } = {};
  if (patch.status !== undefined && patch.status !== row.status) {
    changes.status = patch.status;
    if (row.status === 'new') await repo.markFirstContacted(db, id, at);
    await repo.insertLeadEvent(db, {
      id: newId(),
      leadId: id,
      type: 'status',
      byId: by.sub,
      byName: by.name ?? by.email ?? 'Staff',
      fromValue: row.status,
      toValue: patch.status,
      at,
    });
  }
  if (patch.assigneeId !== undefined && patch.assigneeId !== row.assigneeId) {
    const assignee = patch.assigneeId === null ? null : staff.has(patch.assigneeId) ? { name: staff.get(patch.assigneeId)! } : undefined;
    if (patch.assigneeId !== null && !assignee) {
      throw badRequest(LEAD_MESSAGES.assigneeNotFound, [{ field: 'assigneeId', message: LEAD_MESSAGES.assigneeNotFound }]);
    }
    changes.assigneeId = patch.assigneeId;
    changes.assignedAt = patch.assigneeId === null ? null : at;
    // The new assignee hears of it at once, unless they gave it to themselves.
    if (patch.assigneeId !== null && patch.assigneeId !== by.sub) {
      await recordEvent(db, { type: 'lead.assigned', email: row.email ?? '', subjectId: patch.assigneeId, leadId: id }, at);
    }
    await repo.insertLeadEvent(db, {
      id: newId(),
      leadId: id,
      type: 'assign',
      byId: by.sub,
      byName: by.name ?? by.email ?? 'Staff',
      fromValue: (row.assigneeId && staff.get(row.assigneeId)) ?? null,
      toValue: assignee?.name ?? null,
      at,
    });
  }
  if (Object.keys(changes).length > 0) {
    await repo.updateLead(db, id, changes);
    await recordAudit(db, {
      actor: by,
      kind: 'lead.updated',
      recordType: 'lead',
      recordId: id,
      fields: Object.keys(changes).filter((f) => f !== 'assignedAt'),
    });
  }
  const after = (await repo.findLead(db, id))!;
  return toItem(after, await namesOf(db, [after]));
}

/** Sets or clears (null) the lead's next action; audited like other lead changes. Run it in a transaction. */
export async function setNextAction(db: Db, id: string, action: { text: string; dueAt: string } | null, by: StaffPrincipal): Promise<LeadListItem> {
  await requireLead(db, id);
  await repo.setNextAction(db, id, action && { text: action.text, dueAt: new Date(action.dueAt) });
  await recordAudit(db, { actor: by, kind: 'lead.updated', recordType: 'lead', recordId: id, fields: ['nextAction'] });
  const after = (await repo.findLead(db, id))!;
  return toItem(after, await namesOf(db, [after]));
}

/** Run it in a transaction: the note and its audit entry are stored together. */
export async function addNote(db: Db, id: string, text: string, by: StaffPrincipal): Promise<void> {
  await requireLead(db, id);
  await repo.insertLeadEvent(db, { id: newId(), leadId: id, type: 'note', byId: by.sub, byName: by.name ?? by.email ?? 'Staff', text, at: new Date() });
  await recordAudit(db, { actor: by, kind: 'lead.updated', recordType: 'lead', recordId: id, fields: ['notes'] });
}

/** For notifications: who the lead is, as far as the studio knows. */
export async function leadSummary(db: Kysely<Database>, leadId: string | null, email: string): Promise<LeadSummary> {
  const row = leadId ? await repo.leadContact(db, leadId) : undefined;
  // A lead known by phone only has no e-mail: '' (no visitor mail goes to it).
  return { _id: leadId, email: row ? (row.email ?? '') : email, name: row?.name ?? null, phone: row?.phone ?? null };
}

/**
 * A booked site visit moves a `new` or `contacted` lead forward to `visit`, recorded on the lead's
 * timeline as done by `byName` (no staff member). A public booking proves nothing about who made it,
 * so it never moves a lead back (`won`, `lost` stay; decision 0023, arrivals): the timeline says a
 * visit was booked and the status stays. Cancelling it moves the lead back (moveLeadBackFromVisit).
 * Run it in the booking's transaction.
 */
export async function moveLeadToVisit(db: Db, leadId: string, byName: string, at: Date): Promise<void> {
  const row = await repo.findLead(db, leadId);
  if (!row || row.status === 'visit') return;
  if (row.status !== 'new' && row.status !== 'contacted') {
    await repo.insertLeadEvent(db, {
      id: newId(),
      leadId,
      type: 'note',
      byId: null,
      byName,
      text: `Site visit booked on the website; the status stays ${row.status}.`,
      at,
    });
    return;
  }
  await repo.insertLeadEvent(db, { id: newId(), leadId, type: 'status', byId: null, byName, fromValue: row.status, toValue: 'visit', at });
  await repo.updateLead(db, leadId, { status: 'visit' });
}

/**
 * A lead's last standing site visit was cancelled: it no longer waits for a visit, so it goes back to
 * the status it had before the booking moved it to `visit` (new or contacted; contacted when that is
 * not known). A lead staff moved on (won, lost) is left alone.
 */
export async function moveLeadBackFromVisit(db: Db, leadId: string, byName: string, at: Date): Promise<void> {
  const row = await repo.findLead(db, leadId);
  if (!row || row.status !== 'visit') return;
  const before = (await repo.leadTimeline(db, leadId)).filter((e) => e.type === 'status' && e.toValue === 'visit').at(-1)?.fromValue;
  const status: LeadStatus = before === 'new' || before === 'contacted' ? before : 'contacted';
  await repo.insertLeadEvent(db, { id: newId(), leadId, type: 'status', byId: null, byName, fromValue: 'visit', toValue: status, at });
  await repo.updateLead(db, leadId, { status });
}

// What other rooms read of leads, and the reminders the follow-up job takes: through here, so the
// door (index.ts) opens onto services; the statements are leads.repository.ts's.

export type { FollowUpReminder } from './leads.repository';

/** What a follow-up mail or reminder reads of a lead. */
export const leadForFollowUp = (db: Db, id: string) => repo.leadForFollowUp(db, id);

/** The same of many leads in one read, by id (the notification dispatcher's pass: one read, not one a mail). */
export const leadsForFollowUp = (db: Db, ids: readonly string[]) => repo.leadsForFollowUp(db, ids);

/** The lead of an e-mail key (unique), if any: consent and unsubscribes name the person by it. */
export const leadIdByEmailKey = (db: Db, emailKey: string) => repo.leadIdByEmailKey(db, emailKey);

/** The e-mail (and its key) of each of these leads; a lead known by phone only is left out. */
export const leadEmails = (db: Db, ids: readonly string[]) => repo.leadEmails(db, ids);

/** Each lead's assignee (null when nobody has it), for the ids given. */
export const leadAssignees = (db: Db, ids: readonly string[]) => repo.leadAssignees(db, ids);

/** Whether the lead's latest assignment was automatic (by turn or rule), not a person's. */
export const lastAssignmentAutomatic = (db: Db, leadId: string) => repo.lastAssignmentAutomatic(db, leadId);

/** A staff member's leads for the morning digest: still new past their target, or with a next action due by `until`. */
export const digestLeads = (db: Db, staffId: string, now: Date, until: Date) => repo.digestLeads(db, staffId, now, until);

/** Leads created since `since` with their assignee and first contact (the dashboard's figures). */
export const firstContactRows = (db: Db, since: Date) => repo.firstContactRows(db, since);

/** The dashboard's "Today" panel: the leads nobody has contacted yet and the overdue ones at `now`. */
export const waitingLeadCounts = (db: Db, now: Date) => repo.waitingLeadCounts(db, now);

/** Takes up to `limit` due reminders of one kind, once however many instances run it (see leads.repository.ts). */
export const claimDueReminders = (db: Db, kind: repo.FollowUpReminder, now: Date, limit: number) => repo.claimDueReminders(db, kind, now, limit);

/** Every lead source (imports and API callers), by name: the inbox's filter. */
export async function leadSources(db: Db): Promise<Array<{ key: string; name: string }>> {
  return (await repo.allLeadSources(db)).sort((a, b) => a.name.localeCompare(b.name, 'en'));
}
