import type { messageAnswer } from '../api-answer';
import { apiPath } from '../api-path';
import { route } from '../api-route';
import { paths } from '../paths';
import type { contactReadSchema, contactResponseListSchema, contactUnreadSchema } from './contact.contract';

/** The contact form (SPEC.md §7). */
export const CONTACT_API = {
  /** POST, public: `{ response: ContactInput }`. */
  add: '/api/contactus/add',
  /** GET, staff: every contact response, newest first. */
  list: '/api/contactus/get',
  /** GET, staff: `{ ids }` of the messages no staff member has opened yet (the list itself stays as specified). */
  unread: '/api/contactus/unread',
  /** POST, staff: a staff member opened the message: `{ _id, readAt }` (the first opening is kept). */
  read: apiPath('/api/contactus/read/:id'),
} as const;

/**
 * Where forms post without script: "Ask about this home" as a plain form, form-encoded, to
 * the address of its own page; the server stores the message and sends the browser back to the page
 * the form was on (303), or answers a page with the form and its errors.
 */
export const CONTACT_FORMS = {
  enquiry: paths.enquiry,
} as const;

/**
 * The query parameter the page is sent back with once the form's message is stored: `?sent=1` for a
 * question, `?sent=visit` for a site visit (the page thanks the visitor for what they asked).
 */
export const ENQUIRY_SENT_PARAM = 'sent';
export const ENQUIRY_SENT_VALUES = { question: '1', 'site visit': 'visit' } as const;

/** The form's hidden `back` field: the enquiry page's own form comes back there, any other to the listing's page. */
export const ENQUIRY_BACK = { listing: 'listing', enquiry: 'enquiry' } as const;
export type EnquiryBack = keyof typeof ENQUIRY_BACK;

/** The routes with their answers (by type only: the public contact page loads this file). */
export const CONTACT_ROUTES = {
  add: route<typeof messageAnswer>('POST', CONTACT_API.add),
  list: route<typeof contactResponseListSchema>('GET', CONTACT_API.list),
  unread: route<typeof contactUnreadSchema>('GET', CONTACT_API.unread),
  read: route<typeof contactReadSchema>('POST', CONTACT_API.read),
};
