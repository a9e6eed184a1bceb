import { apiPath } from '../api-path';
import type { messageAnswer } from '../api-answer';
import { fileRoute, route } from '../api-route';
import type { leadCreated, leadDetail, leadList, leadMerged, leadSourceList, leadUnmerged, leadUpdated } from './leads.contract';

/** The leads inbox; staff only. */
export const LEADS_API = {
  /** GET: a page of leads (`leadListQuery`); POST: staff add a lead `{ name?, email?, phone?, message? }`. */
  list: '/api/leads',
  /** GET: the sources of imported and API leads `{ sources: [{ key, name }] }` (decision 0057). */
  sources: '/api/leads/sources',
  /** GET: the filtered leads as .xlsx (`leadFilters`). */
  export: '/api/leads/export',
  /** GET: one lead with its activities; PATCH: its status or assignee. */
  one: apiPath('/api/leads/:id'),
  /** POST: merge this lead into `{ intoId }`. */
  merge: apiPath('/api/leads/:id/merge'),
  /** DELETE: undo a merge within 30 days. */
  unmerge: apiPath('/api/leads/merges/:mergeId'),
  /** POST: a note on the lead. */
  notes: apiPath('/api/leads/:id/notes'),
  /** PUT: the lead's next action `{ text, dueAt }`; DELETE: clears it. */
  nextAction: apiPath('/api/leads/:id/next-action'),
} as const;

/**
 * The leads routes with their answers, by type only: the server validates with the schemas
 * themselves (leads.contract.ts), and the dashboard's menu, which counts new leads on every staff
 * page, loads no zod.
 */
export const LEADS_ROUTES = {
  list: route<typeof leadList>('GET', LEADS_API.list),
  create: route<typeof leadCreated>('POST', LEADS_API.list),
  merge: route<typeof leadMerged>('POST', LEADS_API.merge),
  unmerge: route<typeof leadUnmerged>('DELETE', LEADS_API.unmerge),
  export: fileRoute('GET', LEADS_API.export),
  sources: route<typeof leadSourceList>('GET', LEADS_API.sources),
  one: route<typeof leadDetail>('GET', LEADS_API.one),
  patch: route<typeof leadUpdated>('PATCH', LEADS_API.one),
  addNote: route<typeof messageAnswer>('POST', LEADS_API.notes),
  setNextAction: route<typeof leadUpdated>('PUT', LEADS_API.nextAction),
  clearNextAction: route<typeof leadUpdated>('DELETE', LEADS_API.nextAction),
};
