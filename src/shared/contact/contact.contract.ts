import { z } from 'zod';
import { safeText } from '../text-schema';
import { consentFields } from '../consent/consent.contract';

export { CONTACT_API } from './contact.api';

/** SPEC.md §9: the request-quotation options, spelled exactly as the contract has them. */
export const REQUEST_QUOTATIONS = ['Homes', 'Carpet', 'Budget', 'Partner', 'VenderRegistration'] as const;
export type RequestQuotation = (typeof REQUEST_QUOTATIONS)[number];

export const CONTACT_LIMITS = { name: 60, email: 254, message: 2000, honeypot: 200 } as const;

const required = (message: string) => safeText({ message }).trim().min(1, message);

/** The fields a visitor fills in: the contact form and POST /api/contactus/add share them and their messages. */
export const contactFieldsSchema = z.object({
  firstname: required('Please input your first name!').max(CONTACT_LIMITS.name, `First name should be at most ${CONTACT_LIMITS.name} characters.`),
  lastname: required('Please input your last name!').max(CONTACT_LIMITS.name, `Last name should be at most ${CONTACT_LIMITS.name} characters.`),
  email: required('Please input your E-mail!')
    .max(CONTACT_LIMITS.email, 'The E-mail is too long.')
    .pipe(z.email('The input is not valid E-mail!')),
  requestquotation: z.enum(REQUEST_QUOTATIONS, { message: 'Please select a request quotation!' }),
  message: required('Please input your message!').max(CONTACT_LIMITS.message, `Message should be at most ${CONTACT_LIMITS.message} characters.`),
});

/** The message as sent: the visible fields plus `website`, a honeypot people never see, so anything in it comes from a bot. */
export const contactSchema = contactFieldsSchema.extend({
  website: safeText().max(CONTACT_LIMITS.honeypot, 'Invalid value').optional(),
  // Additions (issue 24 §5): the notice shown and the separate newsletter box; absent from old clients.
  ...consentFields,
});
export type ContactInput = z.infer<typeof contactSchema>;

/** The body of POST /api/contactus/add (SPEC.md §7). */
export const contactRequestSchema = z.object({ response: contactSchema });

/** One row of GET /api/contactus/get. */
export const contactResponseSchema = z.object({
  _id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  requestQuotation: z.enum(REQUEST_QUOTATIONS),
  message: z.string(),
  /** ISO 8601 */
  date: z.string(),
  /** The person's lead (issue 22 item 12), opened at /dashboard/leads/<leadId>. */
  leadId: z.string().nullable(),
});
export type ContactResponse = z.infer<typeof contactResponseSchema>;
export const contactResponseListSchema = z.array(contactResponseSchema);
