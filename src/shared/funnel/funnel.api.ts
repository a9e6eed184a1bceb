import { fileRoute, route } from '../api-route';
import type { dropoffSchema, funnelSchema } from './funnel.contract';

/** The funnel (staff, decision 0035): per channel, from link visits to won leads; and where visitors stop in a survey. */
export const FUNNEL_API = {
  /** GET, staff, `?from=&to=&campaignId=&channelId=` (studio days): `Funnel`. */
  funnel: '/api/funnel',
  /** GET, staff, the same query: the same rows as .xlsx. */
  xlsx: '/api/funnel.xlsx',
  /** GET, staff, `?campaignId=` (required) `&channelId=&from=&to=`: `Dropoff`. */
  dropoff: '/api/funnel/dropoff',
} as const;

/** By type only (the staff page's chunk). */
export const FUNNEL_ROUTES = {
  funnel: route<typeof funnelSchema>('GET', FUNNEL_API.funnel),
  xlsx: fileRoute('GET', FUNNEL_API.xlsx),
  dropoff: route<typeof dropoffSchema>('GET', FUNNEL_API.dropoff),
};
