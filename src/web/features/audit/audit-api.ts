import { AUDIT_ROUTES } from '#shared/audit/audit.contract';
import { AUTH_ROUTES } from '#shared/auth/auth.api';
import { api } from '#web/lib/api-client';

export type { StaffMember } from '#shared/auth/auth.contract';

export interface AuditFilters {
  actor?: string;
  kind?: string;
  from?: string;
  to?: string;
}

export function fetchAudit(filters: AuditFilters, page: { limit: number; offset: number }) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  params.set('limit', String(page.limit));
  params.set('offset', String(page.offset));
  return api.call(AUDIT_ROUTES.list, { query: params });
}

/** The people to filter by (names and ids). */
export const fetchStaffList = () => api.call(AUTH_ROUTES.staff);
