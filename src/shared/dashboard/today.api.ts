import { route } from '../api-route';
import type { todaySchema } from './today.contract';

/** The dashboard's "Today" panel (staff): what is waiting, as counts with the list each one opens. */
export const TODAY_API = {
  /** GET, staff: `Today`. */
  today: '/api/dashboard/today',
} as const;

/** By type only: the dashboard's first view loads this file and has no room for zod. */
export const TODAY_ROUTES = {
  today: route<typeof todaySchema>('GET', TODAY_API.today),
};
