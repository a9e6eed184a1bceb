import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#server/db/schema';
import { toIso } from '#server/db/database';
import { newId } from '#server/lib/ids';
import { leadKey } from '#shared/leads/leads.contract';
import { normalisePhone, toE164 } from '#shared/phone';
import { recordEvents } from '#server/features/notifications';
import { leadSourceKey, leadSourceName, type LeadSourceKind } from '#shared/leads/lead-source';
import {
  clearLeadFields,
  deleteImportNotesSince,
  deleteLeadRow,
  heldKeys,
  insertLeadEvent,
  insertLeadEvents,
  insertLeads,
  insertLeadSources,
  keepLatestActivity,
  leadForUndo,
  leadNameAndPhone,
  leadsWithKeys,
  setFirstContact,
  setOriginIfNone,
  setSourceIfNone,
  staffLineSince,
} from './leads-import.repository';
import { arrivalKeys, findOrCreateLead } from './leads.service';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A lead from an imported row or a portal's call (an e-mail, a phone or both), through the
 * one intake (findOrCreateLead): a new person is created with the row's received time as the lead's
 * time; a person the studio knows gets only what their lead lacks (name, phone), answered for the
 * undo, and keeps its latest activity. The timeline gets `line` ("Imported from ‹file› (row N)",
 * "Received by API from ‹source›") and the details.
 */
export async function importLead(
  db: Db,
  input: {
    email: string | null;
    name: string | null;
    phone: string | null;
    receivedAt: Date;
    line: string;
    byId: string | null;
    byName: string;
    at: Date;
    details: string | null;
    origin?: string | null;
    source?: { text: string; kind: LeadSourceKind };
  },
): Promise<{ id: string; created: boolean; filled: Record<string, string> }> {
  const keys = arrivalKeys(input);
  const before = await leadsWithKeys(db, keys);
  const lead = await findOrCreateLead(db, { email: input.email, phone: input.phone, name: input.name, source: null, at: input.receivedAt });
  const filled: Record<string, string> = {};
  if (!lead.created) {
    const was = before.find((b) => b.id === lead.id);
    const now = await leadNameAndPhone(db, lead.id);
    if (was) {
      if (was.name === null && now.name !== null) filled.name = now.name;
      if (was.phone === null && now.phone !== null) filled.phone = now.phone;
      // An old received time does not move the lead's latest activity back.
      await keepLatestActivity(db, lead.id, was.lastActivityAt);
    }
  }
  // Decision 0057: a lead the import or the call creates is attributed to its source.
  const sourceKey = leadSourceKey(input.source?.text);
  if (lead.created && input.source && sourceKey) {
    await keepLeadSources(db, [input.source.text]);
    await setSourceIfNone(db, lead.id, sourceKey, input.source.kind);
  }
  // The system it first came from by API (the first one stays).
  if (input.origin) await setOriginIfNone(db, lead.id, input.origin);
  const text = [input.line, ...(input.details ? [input.details] : [])].join('\n');
  await insertLeadEvent(db, {
    id: newId(),
    leadId: lead.id,
    type: 'note',
    byId: input.byId,
    byName: input.byName,
    fromValue: null,
    toValue: null,
    text,
    createdAt: input.at,
  });
  return { id: lead.id, created: lead.created, filled };
}

/**
 * The sources' names (decision 0057), each key with its first spelling: written once, in the
 * transaction of the import or the call that first brings it.
 */
export async function keepLeadSources(db: Db, texts: readonly string[]): Promise<void> {
  const byKey = new Map<string, string>();
  for (const text of texts) {
    const key = leadSourceKey(text);
    if (key && !byKey.has(key)) byKey.set(key, leadSourceName(text)!);
  }
  if (byKey.size === 0) return;
  const createdAt = new Date();
  await inChunks([...byKey], CHUNK, (chunk) =>
    insertLeadSources(
      db,
      chunk.map(([key, name]) => ({ key, name, createdAt })),
    ),
  );
}

/** Rows per multi-row INSERT: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 500;

async function inChunks<T>(items: readonly T[], size: number, write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await write(items.slice(i, i + size));
}

/** A person an import brings whom no lead holds yet (by e-mail or phone), nor an earlier row of the import. */
export interface NewImportedLead {
  id: string;
  email: string | null;
  name: string | null;
  phone: string | null;
  receivedAt: Date;
  line: string;
  details: string | null;
  /** The row's source text, or the file's name (decision 0057). */
  source: string;
}

/**
 * the import's fast path: leads for people nobody knows yet, written as importLead would
 * write them (the same columns as the intake's insert, the same timeline line) but in multi-row
 * INSERTs: a 50,000-row sheet is a few hundred statements, not a few hundred thousand. The caller
 * decides who is new (knownLeadKeys, in the same transaction) and sends everyone else through
 * importLead. A concurrent arrival of the same person makes the INSERT fail (unique keys): the
 * caller's transaction is undone, nothing is half-imported.
 */
export async function importNewLeads(db: Db, leads: readonly NewImportedLead[], by: { byId: string | null; byName: string; at: Date }): Promise<void> {
  await keepLeadSources(
    db,
    leads.map((l) => l.source),
  );
  await inChunks(leads, CHUNK, (chunk) =>
    insertLeads(
      db,
      chunk.map((l) => ({
        id: l.id,
        emailKey: l.email?.trim() ? leadKey(l.email) : null,
        email: l.email?.trim() ? l.email.trim() : null,
        phoneKey: l.phone?.trim() ? toE164(l.phone) : null,
        phone: l.phone?.trim() ? normalisePhone(l.phone) : null,
        name: l.name?.trim() || null,
        status: 'new' as const,
        assigneeId: null,
        hasSurvey: false,
        hasContact: false,
        hasNewsletter: false,
        lastCampaignId: null,
        lastCompleted: false,
        createdAt: l.receivedAt,
        lastActivityAt: l.receivedAt,
        firstChannelId: null,
        firstUtm: null,
        firstTouchAt: null,
        latestChannelId: null,
        latestUtm: null,
        latestTouchAt: null,
        sourceKey: leadSourceKey(l.source),
        sourceKind: leadSourceKey(l.source) ? ('import' as const) : null,
      })),
    ),
  );
  await inChunks(leads, CHUNK, (chunk) =>
    insertLeadEvents(
      db,
      chunk.map((l) => ({
        id: newId(),
        leadId: l.id,
        type: 'note' as const,
        byId: by.byId,
        byName: by.byName,
        fromValue: null,
        toValue: null,
        text: [l.line, ...(l.details ? [l.details] : [])].join('\n'),
        createdAt: by.at,
      })),
    ),
  );
}

/**
 * Leads just created together (an import): their first-contact due times (the same for all: they
 * came at the same time) and each one's assignee, as assignCreatedLeadTo writes them one by one:
 * one UPDATE per assignee and chunk, multi-row INSERTs for the timeline lines and the outbox.
 */
export async function assignCreatedLeadsTo(
  db: Db,
  input: {
    leads: ReadonlyArray<{ leadId: string; email: string; assignee: { staffId: string; staffName: string; how: string } | null }>;
    firstContactDueAt: Date | null;
    firstContactEscalateAt: Date | null;
    at: Date;
    /** false: no `lead.assigned` mail per lead (an import tells each assignee once, decision 0057). */
    announce?: boolean;
  },
): Promise<void> {
  const { at } = input;
  const byAssignee = new Map<string | null, string[]>();
  for (const l of input.leads) {
    const key = l.assignee?.staffId ?? null;
    const ids = byAssignee.get(key);
    if (ids) ids.push(l.leadId);
    else byAssignee.set(key, [l.leadId]);
  }
  for (const [staffId, ids] of byAssignee) {
    await inChunks(ids, CHUNK, (chunk) =>
      setFirstContact(db, chunk, {
        firstContactDueAt: input.firstContactDueAt,
        firstContactEscalateAt: input.firstContactEscalateAt,
        ...(staffId !== null ? { assigneeId: staffId, assignedAt: at } : {}),
      }),
    );
  }
  const assigned = input.leads.filter((l) => l.assignee !== null);
  await inChunks(assigned, CHUNK, (chunk) =>
    insertLeadEvents(
      db,
      chunk.map((l) => ({
        id: newId(),
        leadId: l.leadId,
        type: 'assign' as const,
        byId: null,
        byName: l.assignee!.how,
        fromValue: null,
        toValue: l.assignee!.staffName,
        text: null,
        createdAt: at,
      })),
    ),
  );
  if (input.announce === false) return;
  await recordEvents(
    db,
    assigned.map((l) => ({ type: 'lead.assigned' as const, email: l.email.trim(), subjectId: l.assignee!.staffId, leadId: l.leadId })),
    at,
  );
}

/**
 * Undoes an imported row on its lead, unless staff touched the lead since `since` (a note, a status
 * or an assignment by a person) or the person wrote again: then it is kept and the reason answered.
 * A lead the import created is removed; fields it filled are emptied again where they still hold
 * what it set.
 */
export async function undoImportedLead(
  db: Db,
  input: { leadId: string; created: boolean; filled: Record<string, string>; since: Date; importerId: string | null },
): Promise<'removed' | 'restored' | { kept: string }> {
  const lead = await leadForUndo(db, input.leadId);
  if (!lead) return { kept: 'The lead was deleted since.' };
  const sinceIso = toIso(input.since);
  const touched = await staffLineSince(db, input.leadId, input.since);
  if (touched)
    return {
      kept:
        touched.type === 'note'
          ? 'Staff added a note since the import.'
          : touched.type === 'status'
            ? 'Staff changed its status since the import.'
            : 'Staff assigned it since the import.',
    };
  if (input.created && toIso(lead.lastActivityAt) > sinceIso) return { kept: 'The person wrote again since the import.' };
  if (input.created) {
    await deleteLeadRow(db, input.leadId);
    return 'removed';
  }
  const put: Record<string, null> = {};
  if (input.filled.name !== undefined && lead.name === input.filled.name) put.name = null;
  if (input.filled.phone !== undefined && lead.phone === input.filled.phone) {
    put.phone = null;
    put.phoneKey = null;
  }
  if (Object.keys(put).length > 0) await clearLeadFields(db, input.leadId, put);
  await deleteImportNotesSince(db, input.leadId, input.since);
  return 'restored';
}

/**
 * Which of these keys (`emailKey`: trimmed, lower-case e-mail; `phoneKey`: E.164) belong to a lead
 * already, as "emailKey:<key>" / "phoneKey:<key>": an import's dry run counts what it would add to.
 */
export async function knownLeadKeys(db: Kysely<Database>, keys: { emailKeys: readonly string[]; phoneKeys: readonly string[] }): Promise<Set<string>> {
  const known = new Set<string>();
  for (const [column, list] of [
    ['emailKey', keys.emailKeys],
    ['phoneKey', keys.phoneKeys],
  ] as const) {
    for (let i = 0; i < list.length; i += 500) {
      for (const key of await heldKeys(db, column, list.slice(i, i + 500))) known.add(`${column}:${key}`);
    }
  }
  return known;
}
