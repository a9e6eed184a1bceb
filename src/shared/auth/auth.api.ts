/** Staff sign-in, accounts and passwords (SPEC.md §5, issue 24 §3). */
export const AUTH_API = {
  /** POST, public: `{ email, password }` → `{ token, message }`. */
  login: '/api/login',
  /** POST, staff: revokes the token sent. */
  logout: '/api/logout',
  /** GET, owner: every account (id, name, email, role, active, createdAt). POST, owner: adds one. */
  staff: '/api/staff',
  /** PATCH, owner: `{ name?, role?, active? }`. */
  staffOne: { pattern: '/api/staff/:id', path: (id: string) => `/api/staff/${encodeURIComponent(id)}` },
  /** POST, owner: e-mails the person a link to set a new password. */
  staffReset: { pattern: '/api/staff/:id/reset', path: (id: string) => `/api/staff/${encodeURIComponent(id)}/reset` },
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
