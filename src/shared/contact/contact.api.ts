/** The contact form (SPEC.md §7). */
export const CONTACT_API = {
  /** POST, public: `{ response: ContactInput }`. */
  add: '/api/contactus/add',
  /** GET, staff: every contact response, newest first. */
  list: '/api/contactus/get',
} as const;
