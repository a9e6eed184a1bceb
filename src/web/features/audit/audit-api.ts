import { AUTH_API } from '#shared/auth/auth.api';
import { AUDIT_API, type AuditList } from '#shared/audit/audit.contract';
import { api } from '#web/lib/api-client';

export interface AuditFilters {
  actor?: string;
  kind?: string;
  from?: string;
  to?: string;
}

export interface StaffMember {
  _id: string;
  name: string;
  email: string;
}

export function fetchAudit(filters: AuditFilters, page: { limit: number; offset: number }): Promise<AuditList> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  params.set('limit', String(page.limit));
  params.set('offset', String(page.offset));
  return api.get<AuditList>(`${AUDIT_API.list}?${params}`);
}

/** The people to filter by (names and ids). */
export const fetchStaffList = () => api.get<StaffMember[]>(AUTH_API.staff);
