import { z } from 'zod';
import { safeText } from '../text-schema';
import { consentFields } from '../consent/consent.contract';
import { attributionFields } from '../channels/channels.contract';
import { toE164 } from '../phone';
import { CONTACT_FIELD_MESSAGES as M, CONTACT_LIMITS, CONTACT_MESSAGES } from './contact-messages';

/** SPEC.md §9: the request-quotation options, spelled exactly as the contract has them. */
export const REQUEST_QUOTATIONS = ['Homes', 'Carpet', 'Budget', 'Partner', 'VenderRegistration'] as const;
export type RequestQuotation = (typeof REQUEST_QUOTATIONS)[number];

export { CONTACT_FIELD_MESSAGES, CONTACT_LIMITS, CONTACT_MESSAGES, CONTACT_THANKS } from './contact-messages';

/**
 * "Ask about this home": a message about one listing. What the visitor wants from it: an
 * answer (the default) or a site visit ("Book a site visit" opens this enquiry with it chosen until
 * visits are booked on their own).
 */
export const ENQUIRY_TOPICS = ['question', 'site visit'] as const;
export type EnquiryTopic = (typeof ENQUIRY_TOPICS)[number];
export const ENQUIRY_TOPIC_LABELS: Record<EnquiryTopic, string> = { question: 'Question', 'site visit': 'Site visit' };

/** The listings a visitor can ask about: homes (projects) and decor pieces (products). */
export const ENQUIRY_LISTING_KINDS = ['project', 'product'] as const;
export type EnquiryListingKind = (typeof ENQUIRY_LISTING_KINDS)[number];

/** An enquiry is kept as a contact message under the request quotation of its listing's kind. */
export const ENQUIRY_QUOTATIONS: Record<EnquiryListingKind, RequestQuotation> = { project: 'Homes', product: 'Carpet' };

/** The listing a message is about, as it was named when the message was sent (it survives a rename or a deletion). */
export const contactListingSchema = z.object({ kind: z.enum(ENQUIRY_LISTING_KINDS), id: z.string(), name: z.string() });
export type ContactListing = z.infer<typeof contactListingSchema>;

const required = (message: string) => safeText({ message }).trim().min(1, message);

const FIRSTNAME = M.firstname;
const LASTNAME = M.lastname;
const QUOTATION = M.quotation;

const firstname = required(FIRSTNAME).max(CONTACT_LIMITS.name, M.firstnameMax);
const lastnameMax = M.lastnameMax;
const email = required(M.email).max(CONTACT_LIMITS.email, M.emailTooLong).pipe(z.email(M.emailInvalid));
const message = required(M.message).max(CONTACT_LIMITS.message, M.messageMax);
/** Optional: empty is no phone; anything else must read as one number (kept in E.164, +91 when typed without a country). */
const phone = safeText({ message: CONTACT_MESSAGES.phoneInvalid })
  .trim()
  .max(CONTACT_LIMITS.phone, { message: CONTACT_MESSAGES.phoneInvalid, abort: true })
  .refine((value) => value === '' || toE164(value) !== null, CONTACT_MESSAGES.phoneInvalid);
const topic = z.enum(ENQUIRY_TOPICS, { message: CONTACT_MESSAGES.topicInvalid });

/** The fields a visitor fills in: the contact form and POST /api/contactus/add share them and their messages. */
export const contactFieldsSchema = z.object({
  firstname,
  lastname: required(LASTNAME).max(CONTACT_LIMITS.name, lastnameMax),
  email,
  requestquotation: z.enum(REQUEST_QUOTATIONS, { message: QUOTATION }),
  message,
});

/** The fields of "Ask about this home" (src/web/features/contact/listing-enquiry.tsx), with the contact form's rules and messages. */
export const enquiryFieldsSchema = z.object({ firstname, email, phone, message, topic });
export type EnquiryFields = z.input<typeof enquiryFieldsSchema>;

/** Whether the message names a listing (then the last name and the request quotation may be left out). */
function namesListing(value: { listingId?: string }): boolean {
  return typeof value.listingId === 'string' && value.listingId !== '';
}

/**
 * A rule checked even while other fields have problems, so that every missing field is reported at
 * once as before; skipped when the field (or the listing) has a problem of its own already.
 */
const alongsideOthers = (field: string) => ({
  path: [field],
  when: (payload: { value: unknown; issues: ReadonlyArray<{ path?: PropertyKey[] }> }) =>
    typeof payload.value === 'object' && payload.value !== null && !payload.issues.some((i) => i.path?.[0] === field || i.path?.[0] === 'listingId'),
});

/**
 * The message as sent: the visible fields plus `website`, a honeypot people never see, so anything in
 * it comes from a bot. Additions to SPEC.md §7, all optional: the consent fields, and
 * the visitor's `phone`, the listing asked about (`listingId`, with `listingKind` when
 * the page knows it) and its `topic`. A message about a listing needs no last name, and its request
 * quotation follows from the listing (Homes for a home, Carpet for decor); any other message needs
 * both, exactly as the specification says.
 */
export const contactSchema = z
  .object({
    firstname,
    lastname: safeText({ message: LASTNAME }).trim().max(CONTACT_LIMITS.name, lastnameMax).optional(),
    email,
    requestquotation: z.enum(REQUEST_QUOTATIONS, { message: QUOTATION }).optional(),
    message,
    website: safeText().max(CONTACT_LIMITS.honeypot, 'Invalid value').optional(),
    ...consentFields,
    phone: phone.optional(),
    listingId: safeText({ message: CONTACT_MESSAGES.listingUnknown })
      .trim()
      .min(1, CONTACT_MESSAGES.listingUnknown)
      .max(CONTACT_LIMITS.listingId, CONTACT_MESSAGES.listingUnknown)
      .optional(),
    listingKind: z.enum(ENQUIRY_LISTING_KINDS, { message: CONTACT_MESSAGES.listingKindInvalid }).optional(),
    topic: topic.optional(),
    // Additions (README "Channels"): the short link the visitor came through, its UTM values, the referrer's host.
    channel: attributionFields.channel.optional(),
    utm: attributionFields.utm,
    referrer: attributionFields.referrer.optional(),
  })
  .refine((value) => namesListing(value) || Boolean(value.lastname), { ...alongsideOthers('lastname'), message: LASTNAME })
  .refine((value) => namesListing(value) || value.requestquotation !== undefined, { ...alongsideOthers('requestquotation'), message: QUOTATION });
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
  /** The person's lead, opened at /dashboard/leads/<leadId>. */
  leadId: z.string().nullable(),
  /** Only on messages that have them: the phone (E.164), the listing asked about and what for. */
  phone: z.string().optional(),
  listing: contactListingSchema.optional(),
  topic: z.enum(ENQUIRY_TOPICS).optional(),
});
export type ContactResponse = z.infer<typeof contactResponseSchema>;
export const contactResponseListSchema = z.array(contactResponseSchema);

/** The messages no staff member has opened yet, by id (the dashboard marks them; decision 0028). */
export const contactUnreadSchema = z.object({ ids: z.array(z.string()) });
/** A message once opened: when it was first opened (ISO 8601). */
export const contactReadSchema = z.object({ _id: z.string(), readAt: z.string() });
