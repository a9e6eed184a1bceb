import type { messageAnswer } from '../api-answer';
import { apiPath } from '../api-path';
import { route } from '../api-route';
import type { assigneeListSchema, loginAnswerSchema, staffCreatedSchema, staffListSchema, staffMemberSchema, tokenMessageSchema } from './auth.contract';

/** Staff sign-in, accounts and passwords (SPEC.md §5). */
export const AUTH_API = {
  /** POST, public: `{ email, password }` → `{ token, message }`. */
  login: '/api/login',
  /** POST, staff: revokes the token sent. */
  logout: '/api/logout',
  /** GET, owner: every account (id, name, email, role, active, createdAt). POST, owner: adds one. */
  staff: '/api/staff',
  /** PATCH, owner: `{ name?, role?, active? }`. */
  staffOne: apiPath('/api/staff/:id'),
  /** POST, owner: e-mails the person a link to set a new password. */
  staffReset: apiPath('/api/staff/:id/reset'),
  /** GET, staff: who a lead can be assigned to (ids and names of active people only). */
  assignees: '/api/staff/assignees',
  /** PATCH, staff: the signed-in person's own e-mail `{ email, current }`. */
  me: '/api/me',
  /** POST, staff: `{ current, next }`. */
  mePassword: '/api/me/password',
  /** POST, public: `{ email }`; the same answer whether the address has an account or not. */
  forgot: '/api/password/forgot',
  /** POST, public: `{ token, password }`. */
  reset: '/api/password/reset',
} as const;

/** The web page a one-time link opens: `/password/reset?token=…`. */
export const RESET_PAGE = '/password/reset';
export const FORGOT_PAGE = '/password/forgot';

/** The routes with their answers (by type only: the login page loads this file). */
export const AUTH_ROUTES = {
  login: route<typeof loginAnswerSchema>('POST', AUTH_API.login),
  logout: route<typeof messageAnswer>('POST', AUTH_API.logout),
  staff: route<typeof staffListSchema>('GET', AUTH_API.staff),
  addStaff: route<typeof staffCreatedSchema>('POST', AUTH_API.staff),
  updateStaff: route<typeof staffMemberSchema>('PATCH', AUTH_API.staffOne),
  staffReset: route<typeof messageAnswer>('POST', AUTH_API.staffReset),
  assignees: route<typeof assigneeListSchema>('GET', AUTH_API.assignees),
  changeEmail: route<typeof tokenMessageSchema>('PATCH', AUTH_API.me),
  changePassword: route<typeof tokenMessageSchema>('POST', AUTH_API.mePassword),
  forgot: route<typeof messageAnswer>('POST', AUTH_API.forgot),
  reset: route<typeof messageAnswer>('POST', AUTH_API.reset),
};
