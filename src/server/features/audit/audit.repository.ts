import type { Kysely, Selectable } from 'kysely';
import type { Database } from '#server/db/schema';
import type { AuditLogTable } from './audit.tables';

export type AuditRow = Selectable<AuditLogTable>;

export interface AuditFilters {
  actor?: string;
  kind?: string;
  /** On or after. */
  from?: Date;
  /** Before. */
  to?: Date;
}

export async function insertAuditRow(db: Kysely<Database>, row: AuditRow): Promise<void> {
  await db.insertInto('auditLog').values(row).execute();
}

function filtered(db: Kysely<Database>, filters: AuditFilters) {
  let query = db.selectFrom('auditLog');
  if (filters.actor) query = query.where('actorId', '=', filters.actor);
  if (filters.kind) query = query.where('kind', '=', filters.kind);
  if (filters.from) query = query.where('at', '>=', filters.from);
  if (filters.to) query = query.where('at', '<', filters.to);
  return query;
}

/** A page of entries, newest first, and how many match in all. */
export async function listAuditRows(db: Kysely<Database>, filters: AuditFilters, limit: number, offset: number): Promise<{ rows: AuditRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, filters).selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    filtered(db, filters)
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
