import { apiPath } from '../api-path';

/** The leads inbox (issue 14); staff only. */
export const LEADS_API = {
  /** GET: a page of leads (`leadListQuery`). */
  list: '/api/leads',
  /** GET: the filtered leads as .xlsx (`leadFilters`). */
  export: '/api/leads/export',
  /** GET: one lead with its activities; PATCH: its status or assignee. */
  one: apiPath('/api/leads/:id'),
  /** POST: a note on the lead. */
  notes: apiPath('/api/leads/:id/notes'),
  /** PUT: the lead's next action `{ text, dueAt }`; DELETE: clears it (issue 26). */
  nextAction: apiPath('/api/leads/:id/next-action'),
} as const;
