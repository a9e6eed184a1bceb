/** Staff sign-in and the staff list (SPEC.md §5). */
export const AUTH_API = {
  /** POST, public: `{ email, password }` → `{ token, message }`. */
  login: '/api/login',
  /** POST, staff: revokes the token sent. */
  logout: '/api/logout',
  /** GET, staff: who a lead can be assigned to (never password data). */
  staff: '/api/staff',
} as const;
