import { AUTH_API } from '#shared/auth/auth.api';
import { LEADS_API, type LeadDetail, type LeadFilters, type LeadList, type LeadListItem, type LeadPatch } from '#shared/leads/leads.contract';
import { api } from '#web/lib/api-client';

/** Someone a lead can be assigned to (active people only). */
export interface StaffMember {
  id: string;
  name: string;
}

/** The filters as query parameters, empty ones left out. */
export function filterParams(filters: LeadFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, String(value));
  return params;
}

export function fetchLeads(filters: LeadFilters, page: { limit: number; offset: number }): Promise<LeadList> {
  const params = filterParams(filters);
  params.set('limit', String(page.limit));
  params.set('offset', String(page.offset));
  return api.get<LeadList>(`${LEADS_API.list}?${params}`);
}

export const downloadLeads = (filters: LeadFilters) => {
  const params = filterParams(filters).toString();
  return api.get<Blob>(params ? `${LEADS_API.export}?${params}` : LEADS_API.export);
};
export const fetchLead = (id: string) => api.get<LeadDetail>(LEADS_API.one(id));
export const patchLead = (id: string, patch: LeadPatch) => api.patch<{ message: string; lead: LeadListItem }>(LEADS_API.one(id), patch);
export const addLeadNote = (id: string, text: string) => api.post<{ message: string }>(LEADS_API.notes(id), { text });
export const fetchStaff = () => api.get<StaffMember[]>(AUTH_API.assignees);
