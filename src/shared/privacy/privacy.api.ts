import type { ZodUnknown } from 'zod';
import type { messageAnswer } from '#shared/api-answer';
import { apiPath } from '#shared/api-path';
import { route } from '#shared/api-route';
import type { privacyRequestList, privacyRequestRecorded } from './privacy-requests';

/** A person's rights (owners). */
export const PRIVACY_API = {
  /** DELETE: erase the person and everything held about them. */
  erase: apiPath('/api/leads/:id'),
  /** GET: everything held about the person, as JSON. */
  export: apiPath('/api/leads/:id/export'),
  /** POST (public, rate-limited): ask for a copy or erasure; GET (owners): the open requests. */
  requests: apiPath('/api/privacy/requests'),
  /** POST (public): confirm a request with the e-mailed token. */
  confirm: apiPath('/api/privacy/confirm'),
  /**
   * POST (owners) `{ leadId, kind }`: a request made by phone by a person known by phone
   * only (no link can be mailed): recorded as confirmed by the staff member who took the call.
   */
  byPhone: apiPath('/api/privacy/requests/by-phone'),
} as const;

/** The routes with their answers (by type only: the public privacy pages load this file). */
export const PRIVACY_ROUTES = {
  erase: route<typeof messageAnswer>('DELETE', PRIVACY_API.erase),
  /** Everything held about the person, as JSON (no fixed shape). */
  export: route<ZodUnknown>('GET', PRIVACY_API.export),
  request: route<typeof messageAnswer>('POST', PRIVACY_API.requests.pattern),
  openRequests: route<typeof privacyRequestList>('GET', PRIVACY_API.requests.pattern),
  confirm: route<typeof messageAnswer>('POST', PRIVACY_API.confirm.pattern),
  byPhone: route<typeof privacyRequestRecorded>('POST', PRIVACY_API.byPhone.pattern),
};
