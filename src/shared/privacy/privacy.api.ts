import { apiPath } from '#shared/api-path';

/** Issue 24 §6: a person's rights (owners). */
export const PRIVACY_API = {
  /** DELETE: erase the person and everything held about them. */
  erase: apiPath('/api/leads/:id'),
  /** GET: everything held about the person, as JSON. */
  export: apiPath('/api/leads/:id/export'),
  /** POST (public, rate-limited): ask for a copy or erasure; GET (owners): the open requests. */
  requests: apiPath('/api/privacy/requests'),
  /** POST (public): confirm a request with the e-mailed token. */
  confirm: apiPath('/api/privacy/confirm'),
} as const;
