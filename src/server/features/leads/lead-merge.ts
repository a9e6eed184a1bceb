import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#server/db/schema';
import { badRequest, conflict, notFound } from '#server/lib/errors';
import { newId } from '#server/lib/ids';
import { recordAudit } from '#server/features/audit';
import type { StaffPrincipal } from '#server/features/auth';
import { LEAD_MESSAGES, MERGE_UNDO_DAYS } from '#shared/leads/leads.contract';
import { formatPhone } from '#shared/phone';
import * as repo from './leads.repository';
import type { MERGE_FIELDS } from './lead-merge.repository';
import {
  copyLeadCampaigns,
  deleteDuplicatePair,
  deleteLeadCampaigns,
  findLeadMerge,
  insertLeadMerge,
  leadLabelValues,
  markMergeUndone,
  mergedIntoId,
  mergeFieldsOfLead,
  movePersonRows,
  movePersonRowsBack,
  redirectMergedLeads,
  redirectMergedLeadsBack,
  setLeadFields,
} from './lead-merge.repository';

type Trx = Transaction<Database>;

/**
 * The person's rows are the rooms' own: after rows moved between two leads, the composition root
 * reads each lead's funnel steps again from them (responses, visits) and sets them through this
 * room's door (decision 0035), in the same transaction.
 */
export type RowsMovedHook = (trx: Trx, leadIds: readonly string[]) => Promise<void>;

/** Filled fields that hold a time: compared as instants (the two databases return them differently). */
const TIMES: ReadonlySet<Filled> = new Set(['lastActivityAt', 'assignedAt']);
type Filled = (typeof MERGE_FIELDS)[number];
type LeadValues = Record<Filled, unknown>;

interface Overwritten {
  /** The kept lead's values before, and what the merge set (only the fields it changed). */
  into: { before: Partial<LeadValues>; after: Partial<LeadValues> };
  /** The merged lead's keys that moved to the kept one. */
  merged: { emailKey: string | null; phoneKey: string | null };
  /** "Possible duplicate" pairs between the two, gone with the merge. */
  duplicates: boolean;
  /** Campaigns the kept lead was given from the merged one (lead_campaigns). */
  campaigns: string[];
}

const label = (lead: { name: string | null; email: string | null; phone: string | null }) =>
  lead.name ?? lead.email ?? (lead.phone ? formatPhone(lead.phone) : 'a lead');

/**
 * Merges lead `mergedId` into `intoId`: every row of the person (the tables the
 * composition root names, each with `id` and `lead_id`; the timeline; the campaigns) moves to the
 * kept lead; the kept lead's empty name, e-mail and phone are filled from the merged one; the merged
 * lead stays, marked, so its page and its arrivals lead to the kept one. One audit line; a merge
 * record keeps what moved and what was overwritten for an unmerge. Run it in a transaction.
 */
export async function mergeLeads(
  trx: Trx,
  mergedId: string,
  intoId: string,
  by: StaffPrincipal,
  personTables: readonly string[],
  rowsMoved: RowsMovedHook,
): Promise<string> {
  if (mergedId === intoId) throw badRequest(LEAD_MESSAGES.mergeSelf, [{ field: 'intoId', message: LEAD_MESSAGES.mergeSelf }]);
  const merged = await mergeFieldsOfLead(trx, mergedId);
  if (!merged) throw notFound(LEAD_MESSAGES.notFound);
  const into = await mergeFieldsOfLead(trx, intoId);
  if (!into) throw badRequest(LEAD_MESSAGES.mergeTargetUnknown, [{ field: 'intoId', message: LEAD_MESSAGES.mergeTargetUnknown }]);
  if (merged.mergedIntoId !== null || into.mergedIntoId !== null) throw conflict(LEAD_MESSAGES.alreadyMerged);
  const at = new Date();
  const byName = by.name ?? by.email ?? 'Staff';

  const moved: Record<string, string[]> = {};
  for (const table of personTables) {
    const ids = await movePersonRows(trx, table, mergedId, intoId);
    if (ids.length > 0) moved[table] = ids;
  }
  // Leads merged into this one before now lead to the kept one.
  const earlier = await redirectMergedLeads(trx, mergedId, intoId);
  if (earlier.length > 0) moved.leads = earlier;
  const campaigns = await copyLeadCampaigns(trx, mergedId, intoId);
  await rowsMoved(trx, [intoId, mergedId]);
  const duplicates = await deleteDuplicatePair(trx, mergedId, intoId);

  // The kept lead's empty fields from the merged one; its sources from both; the latest activity.
  const after: Partial<LeadValues> = {};
  const before: Partial<LeadValues> = {};
  const fill = (field: Filled, value: unknown) => {
    if (value === null || value === undefined || value === into[field]) return;
    before[field] = into[field];
    after[field] = value;
  };
  if (into.name === null) fill('name', merged.name);
  const takeEmail = into.emailKey === null && merged.emailKey !== null;
  const takePhone = into.phoneKey === null && merged.phoneKey !== null;
  if (takeEmail) {
    fill('email', merged.email);
    fill('emailKey', merged.emailKey);
  }
  if (takePhone) fill('phoneKey', merged.phoneKey);
  if (into.phone === null) fill('phone', merged.phone);
  for (const flag of ['hasSurvey', 'hasContact', 'hasNewsletter'] as const) if (Boolean(merged[flag]) && !into[flag]) fill(flag, true);
  // A kept lead nobody was given takes the merged lead's assignee (the timeline's "assign" lines moved with the rows).
  if (into.assigneeId === null && merged.assigneeId !== null) {
    fill('assigneeId', merged.assigneeId);
    fill('assignedAt', merged.assignedAt);
  }
  if (new Date(merged.lastActivityAt as string).getTime() > new Date(into.lastActivityAt as string).getTime()) fill('lastActivityAt', merged.lastActivityAt);
  // The keys leave the merged lead first (unique).
  await setLeadFields(trx, mergedId, { mergedIntoId: intoId, ...(takeEmail ? { emailKey: null } : {}), ...(takePhone ? { phoneKey: null } : {}) });
  if (Object.keys(after).length > 0) await setLeadFields(trx, intoId, after as never);

  const overwritten: Overwritten = {
    into: { before, after },
    merged: { emailKey: takeEmail ? merged.emailKey : null, phoneKey: takePhone ? merged.phoneKey : null },
    duplicates,
    campaigns,
  };
  const mergeId = newId();
  await insertLeadMerge(trx, {
    id: mergeId,
    mergedId,
    intoId,
    byId: by.sub,
    byName,
    moved: JSON.stringify(moved),
    overwritten: JSON.stringify(overwritten),
    createdAt: at,
    undoneAt: null,
  });
  await repo.insertLeadEvent(trx, {
    id: newId(),
    leadId: intoId,
    type: 'note',
    byId: by.sub,
    byName,
    text: `Merged ${label(merged as never)} into this lead.`,
    at,
  });
  await recordAudit(trx, { actor: by, kind: 'lead.merged', recordType: 'lead', recordId: intoId, fields: [mergedId] });
  return mergeId;
}

/**
 * Undoes a merge within MERGE_UNDO_DAYS (by the server's clock): the rows that moved go back, the
 * kept lead's overwritten values are restored (where the merge's values are still there), the merged
 * lead is itself again. Answers the kept lead's id. Run it in a transaction.
 */
export async function unmergeLeads(
  trx: Trx,
  mergeId: string,
  by: StaffPrincipal,
  personTables: readonly string[],
  rowsMoved: RowsMovedHook,
): Promise<{ intoId: string; mergedId: string }> {
  const merge = await findLeadMerge(trx, mergeId);
  if (!merge || merge.undoneAt !== null) throw notFound(LEAD_MESSAGES.mergeNotFound);
  const at = new Date();
  if (at.getTime() - new Date(merge.createdAt).getTime() > MERGE_UNDO_DAYS * 86_400_000) throw conflict(LEAD_MESSAGES.mergeTooOld);
  const { mergedId, intoId } = merge;
  const moved = JSON.parse(merge.moved) as Record<string, string[]>;
  const overwritten = JSON.parse(merge.overwritten) as Overwritten;

  for (const table of personTables) await movePersonRowsBack(trx, table, moved[table] ?? [], intoId, mergedId);
  if (moved.leads?.length) await redirectMergedLeadsBack(trx, moved.leads, intoId, mergedId);
  if (overwritten.campaigns.length > 0) await deleteLeadCampaigns(trx, intoId, overwritten.campaigns);
  await rowsMoved(trx, [intoId, mergedId]);

  // The kept lead's values back, where they are still what the merge set.
  const now = await mergeFieldsOfLead(trx, intoId);
  const restore: Partial<LeadValues> = {};
  for (const [field, value] of Object.entries(overwritten.into.after) as Array<[Filled, unknown]>) {
    const current = now?.[field];
    const same = TIMES.has(field)
      ? current !== null && current !== undefined && new Date(current as string).getTime() === new Date(value as string).getTime()
      : current === value || Boolean(current) === value;
    if (same) restore[field] = overwritten.into.before[field] as never;
  }
  if (Object.keys(restore).length > 0) await setLeadFields(trx, intoId, restore as never);
  await setLeadFields(trx, mergedId, {
    mergedIntoId: null,
    ...(overwritten.merged.emailKey !== null && restore.emailKey !== undefined ? { emailKey: overwritten.merged.emailKey } : {}),
    ...(overwritten.merged.phoneKey !== null && restore.phoneKey !== undefined ? { phoneKey: overwritten.merged.phoneKey } : {}),
  });
  if (overwritten.duplicates) await repo.markPossibleDuplicates(trx, mergedId, intoId, at);
  await markMergeUndone(trx, mergeId, at);
  const mergedLead = await leadLabelValues(trx, mergedId);
  await repo.insertLeadEvent(trx, {
    id: newId(),
    leadId: intoId,
    type: 'note',
    byId: by.sub,
    byName: by.name ?? by.email ?? 'Staff',
    text: `Unmerged ${label(mergedLead)}.`,
    at,
  });
  await recordAudit(trx, { actor: by, kind: 'lead.unmerged', recordType: 'lead', recordId: intoId, fields: [mergedId] });
  return { intoId, mergedId };
}

/** The lead a merged lead was merged into (its page answers 301 there); null for a lead that was not merged. */
export async function mergedInto(db: Kysely<Database>, id: string): Promise<string | null> {
  return mergedIntoId(db, id);
}
