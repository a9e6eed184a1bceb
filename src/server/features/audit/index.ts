/**
 * The audit log's public face. Every staff action that changes data calls
 * `recordAudit(trx, { actor: request.staff, kind, recordType, recordId, fields })` inside the
 * transaction of the change; `changedFields(before, after)` gives the names for an update.
 */
export { recordAudit, changedFields, type AuditActor, type AuditChange } from './audit.service';
export { auditRoutes } from './audit.routes';
export type { AuditTables } from './audit.tables';
