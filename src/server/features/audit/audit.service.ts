import type { Kysely } from 'kysely';
import { auditBound, type AuditEntry, type AuditKind, type AuditList, type AuditQuery } from '#shared/audit/audit.contract';
import { toIso } from '#server/db/database';
import type { Database } from '#server/db/schema';
import { newId } from '#server/lib/ids';
import { insertAuditRow, listAuditRows } from './audit.repository';

/**
 * Who acted: the request's staff principal (`request.staff`, whose `sub` is the staff id), or
 * null for the system's own jobs (retention).
 */
export type AuditActor = { sub: string; name?: string | null; email?: string | null } | null;

export interface AuditChange {
  actor: AuditActor;
  kind: AuditKind;
  /** What was changed: 'listing', 'campaign', 'lead', 'webhook', 'settings', 'staff', … */
  recordType: string;
  /** Its id; null when the action has no single record (a download of many leads, the settings). */
  recordId: string | null;
  /** The names of the fields that changed (never their values). */
  fields?: readonly string[];
}

/**
 * Records one staff action. Call it with the transaction of the change itself (a `db.transaction()`
 * trx, or the trx a `writes.run` job is given: that job runs in a savepoint of a grouped
 * transaction, and the audit row is undone with it): the change and its entry are stored together
 * or not at all. Not from a `writes.runAtomic` job: that one may write only once.
 */
export async function recordAudit(trx: Kysely<Database>, change: AuditChange): Promise<void> {
  const { actor } = change;
  await insertAuditRow(trx, {
    id: newId(),
    at: new Date(),
    actorId: actor?.sub ?? null,
    actorName: actor ? actor.name || actor.email || 'Staff' : 'System',
    kind: change.kind,
    recordType: change.recordType,
    recordId: change.recordId,
    fields: JSON.stringify([...new Set(change.fields ?? [])]),
  });
}

const comparable = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/**
 * The names of the fields whose values differ between two versions of a record (numbers read back
 * as text on one database compare equal to the same number). Only `names` are compared when given.
 */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>, names?: readonly string[]): string[] {
  const keys = names ?? [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.filter((key) => comparable(before[key]) !== comparable(after[key]));
}

function toEntry(row: Awaited<ReturnType<typeof listAuditRows>>['rows'][number]): AuditEntry {
  let fields: string[] = [];
  try {
    const parsed: unknown = JSON.parse(row.fields);
    if (Array.isArray(parsed)) fields = parsed.map(String);
  } catch {
    // an unreadable list shows as none
  }
  return {
    _id: row.id,
    at: toIso(row.at),
    actorId: row.actorId,
    actorName: row.actorName,
    kind: row.kind,
    recordType: row.recordType,
    recordId: row.recordId,
    fields,
  };
}

export async function listAudit(db: Kysely<Database>, query: AuditQuery): Promise<AuditList> {
  const { rows, total } = await listAuditRows(
    db,
    {
      actor: query.actor,
      kind: query.kind,
      from: query.from ? auditBound(query.from, 'from')! : undefined,
      to: query.to ? auditBound(query.to, 'to')! : undefined,
    },
    query.limit,
    query.offset,
  );
  return { items: rows.map(toEntry), total };
}
