import { route } from '../api-route';
import type { firstContactFigures } from './followup.contract';

/** Speed to lead: how fast leads get their first contact. Staff only. */
export const FOLLOW_UP_API = {
  /** GET `?weeks=` (1–52, default 8): the median working minutes to first contact and the share within target, per person and per week. */
  firstContact: '/api/follow-up/first-contact',
} as const;

/** Its route with its answer, by type only (zod-free, as leads.api.ts). */
export const FOLLOW_UP_ROUTES = {
  firstContact: route<typeof firstContactFigures>('GET', FOLLOW_UP_API.firstContact),
};
