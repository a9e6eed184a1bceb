import { apiPath } from '#shared/api-path';

/** Issue 24 §6: a person's rights (owners). */
export const PRIVACY_API = {
  /** DELETE: erase the person and everything held about them. */
  erase: apiPath('/api/leads/:id'),
  /** GET: everything held about the person, as JSON. */
  export: apiPath('/api/leads/:id/export'),
} as const;
