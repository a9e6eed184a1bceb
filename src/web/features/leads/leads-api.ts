import { AUTH_ROUTES } from '#shared/auth/auth.api';
import { LEADS_ROUTES } from '#shared/leads/leads.api';
import type { LeadFilters, LeadPatch } from '#shared/leads/leads.contract';
import { api } from '#web/lib/api-client';
import { FOLLOW_UP_ROUTES } from '#shared/followup/followup.api';

/** Someone a lead can be assigned to (active people only). */
export type { Assignee as StaffMember } from '#shared/auth/auth.contract';

/** The filters as query parameters, empty ones left out. */
export function filterParams(filters: LeadFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, String(value));
  return params;
}

export function fetchLeads(filters: LeadFilters, page: { limit: number; offset: number }, sort?: 'activity' | 'next-action') {
  const params = filterParams(filters);
  if (sort && sort !== 'activity') params.set('sort', sort);
  params.set('limit', String(page.limit));
  params.set('offset', String(page.offset));
  return api.call(LEADS_ROUTES.list, { query: params });
}

export const downloadLeads = (filters: LeadFilters) => api.call(LEADS_ROUTES.export, { query: filterParams(filters) });
/** Decision 0057: the sources of imported and API leads, for the channel filter. */
export const fetchLeadSources = () => api.call(LEADS_ROUTES.sources);
export const fetchLead = (id: string) => api.call(LEADS_ROUTES.one, { params: [id] });
export const patchLead = (id: string, patch: LeadPatch) => api.call(LEADS_ROUTES.patch, { params: [id], body: patch });
export const addLeadNote = (id: string, text: string) => api.call(LEADS_ROUTES.addNote, { params: [id], body: { text } });
export const fetchStaff = () => api.call(AUTH_ROUTES.assignees);
export const setNextAction = (id: string, action: { text: string; dueAt: string }) => api.call(LEADS_ROUTES.setNextAction, { params: [id], body: action });
export const clearNextAction = (id: string) => api.call(LEADS_ROUTES.clearNextAction, { params: [id] });
export const fetchFirstContactFigures = () => api.call(FOLLOW_UP_ROUTES.firstContact, { query: new URLSearchParams({ weeks: '8' }) });
/** Staff add a lead (e-mail, phone or both); the same person's existing lead is answered. */
export const addLead = (body: { name?: string; email?: string; phone?: string; message?: string }) => api.call(LEADS_ROUTES.create, { body });
export const mergeLead = (id: string, intoId: string) => api.call(LEADS_ROUTES.merge, { params: [id], body: { intoId } });
export const unmergeLead = (mergeId: string) => api.call(LEADS_ROUTES.unmerge, { params: [mergeId] });
