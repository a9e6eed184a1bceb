import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '#server/db/database';
import type { Database } from '#server/db/schema';
import { recordAudit, type AuditActor } from '#server/features/audit';
import type { ErasureContext, PersonalData } from '#server/lib/personal-data';

/** Everything held about the person, one entry per feature; undefined when there is no such lead. */
export async function exportPerson(
  registry: readonly PersonalData[],
  db: Kysely<Database>,
  leadId: string,
  actor: AuditActor,
): Promise<Record<string, unknown> | undefined> {
  if (!(await identify(registry, db, leadId))) return undefined;
  const out: Record<string, unknown> = { leadId, exportedAt: new Date().toISOString() };
  for (const declaration of registry) out[declaration.feature] = await declaration.export(db, leadId);
  await recordAudit(db, { actor, kind: 'personal-data.exported', recordType: 'lead', recordId: leadId, fields: [] });
  return out;
}

/**
 * Erases the person: every declaration's rows in one transaction with the audit entry (which keeps
 * that an erasure happened, by whom and when, not who), then their files, then (SQLite) the log is
 * checkpointed and truncated so no copy of the deleted pages stays on disk. False: no such lead.
 */
export async function erasePerson(
  registry: readonly PersonalData[],
  database: DatabaseHandle,
  mailDir: string,
  leadId: string,
  actor: AuditActor,
): Promise<boolean> {
  const tasks: Array<() => Promise<void>> = [];
  const found = await database.db.transaction().execute(async (trx) => {
    const lead = await identify(registry, trx, leadId);
    if (!lead) return false;
    const context: ErasureContext = { emailKeys: lead.email ? [lead.email.trim().toLowerCase()] : [], mailDir, afterCommit: (task) => tasks.push(task) };
    for (const declaration of registry) await declaration.erase(trx, leadId, context);
    await recordAudit(trx, { actor, kind: 'lead.erased', recordType: 'lead', recordId: null, fields: [] });
    return true;
  });
  if (!found) return false;
  for (const task of tasks) await task();
  scrubLog(database);
  return true;
}

/** SQLite: copy the log into the file (secure_delete has zeroed the freed bytes) and empty the log. */
export function scrubLog(database: DatabaseHandle): void {
  database.sqlite?.pragma('wal_checkpoint(TRUNCATE)');
}

/** Who the lead is, from the declaration that owns the person. */
async function identify(registry: readonly PersonalData[], db: Kysely<Database>, leadId: string): Promise<{ email: string | null } | undefined> {
  const owner = registry.find((d) => d.identify);
  if (!owner?.identify) throw new Error('No personal-data declaration identifies a lead.');
  return owner.identify(db, leadId);
}
