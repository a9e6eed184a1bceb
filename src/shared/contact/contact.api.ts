import type { messageAnswer } from '../api-answer';
import { route } from '../api-route';
import type { contactResponseListSchema } from './contact.contract';

/** The contact form (SPEC.md §7). */
export const CONTACT_API = {
  /** POST, public: `{ response: ContactInput }`. */
  add: '/api/contactus/add',
  /** GET, staff: every contact response, newest first. */
  list: '/api/contactus/get',
} as const;

/**
 * Where forms post without script (issue 25): "Ask about this home" as a plain form, form-encoded;
 * the server stores the message and sends the browser back to the listing (303), or answers a page
 * with the form and its errors.
 */
export const CONTACT_FORMS = {
  enquiry: '/enquiry',
} as const;

/** The query parameter the listing's page is sent back with once the form's message is stored (`?sent=1`). */
export const ENQUIRY_SENT_PARAM = 'sent';

/** The routes with their answers (by type only: the public contact page loads this file). */
export const CONTACT_ROUTES = {
  add: route<typeof messageAnswer>('POST', CONTACT_API.add),
  list: route<typeof contactResponseListSchema>('GET', CONTACT_API.list),
};
