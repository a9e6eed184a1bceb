import type { Timestamp } from '#server/db/column-types';

export interface AuditLogTable {
  id: string;
  at: Timestamp;
  /** The staff member who acted; null for the system's own jobs. */
  actorId: string | null;
  /** Their name at the time (kept when the account changes). */
  actorName: string;
  kind: string;
  recordType: string;
  recordId: string | null;
  /** JSON array of the changed fields' names: never their values. */
  fields: string;
}

export interface AuditTables {
  auditLog: AuditLogTable;
}
