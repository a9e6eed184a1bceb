import type { messageAnswer } from '../api-answer';
import { route } from '../api-route';
import type { loginAnswerSchema, staffListSchema } from './auth.contract';

/** Staff sign-in and the staff list (SPEC.md §5). */
export const AUTH_API = {
  /** POST, public: `{ email, password }` → `{ token, message }`. */
  login: '/api/login',
  /** POST, staff: revokes the token sent. */
  logout: '/api/logout',
  /** GET, staff: who a lead can be assigned to (never password data). */
  staff: '/api/staff',
} as const;

/** The routes with their answers (by type only: the login page loads this file). */
export const AUTH_ROUTES = {
  login: route<typeof loginAnswerSchema>('POST', AUTH_API.login),
  logout: route<typeof messageAnswer>('POST', AUTH_API.logout),
  staff: route<typeof staffListSchema>('GET', AUTH_API.staff),
};
