/** The audit log; owners only. */
export const AUDIT_API = {
  /** GET: a page of entries, newest first (`auditQuery`). */
  list: '/api/audit',
} as const;
