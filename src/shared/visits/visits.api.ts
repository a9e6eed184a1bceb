import { apiPath } from '../api-path';

/** Site visits. */
export const VISITS_API = {
  /** GET (public): `?studio=&from=&to=` → the slots with the seats left. */
  slots: '/api/visits/slots',
  /** POST (public): book a slot. GET (staff): `?day=YYYY-MM-DD` → the visits of that day. */
  visits: '/api/visits',
  /** POST (public, with the signed token of the manage link). */
  /** GET (public, `?token=`): the visit as its manage page shows it. */
  one: apiPath('/api/visits/:id'),
  cancel: apiPath('/api/visits/:id/cancel'),
  /** GET (public, `?token=`): the visitor's calendar of the visit (.ics), the one its invitation mail attaches. */
  calendar: apiPath('/api/visits/:id/calendar'),
  reschedule: apiPath('/api/visits/:id/reschedule'),
  /** POST (staff): confirm, done, cancel, or move (with slotStart). */
  staffAction: apiPath('/api/visits/:id/action'),
  /** GET (staff): a lead's visits. */
  ofLead: apiPath('/api/visits/lead/:leadId'),
  /**
   * GET (staff): `?from=YYYY-MM-DD&days=N` (the studio's today and 7 by default, 1–31 days) → the
   * visits starting on those days of the studio's calendar and a count per day (README, the /dashboard/visits row).
   */
  upcoming: '/api/visits/upcoming',
  /** GET (public): the studios that take bookings. */
  studios: '/api/visits/studios',
  /** GET/PUT (owner): one studio's slot settings. */
  settings: apiPath('/api/visits/settings/:studioId'),
} as const;

/** The visitor's page to move or cancel a visit (`?id=&token=`). */
export const VISIT_MANAGE_PAGE = '/visit'; // paths.visitManage (shared/paths.ts)
