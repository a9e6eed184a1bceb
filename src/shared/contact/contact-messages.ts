// The contact form's limits and messages in plain TypeScript (no zod), so the English catalogue
// (src/shared/i18n/messages/en.ts) takes them as they are without bringing zod into a page's first
// script: the form shows them in Hindi under /hi/ by these texts' catalogue keys.

export const CONTACT_LIMITS = { name: 60, email: 254, message: 2000, honeypot: 200, phone: 30, listingId: 100 } as const;

/** The fields' messages (SPEC.md §7's, unchanged): the contract's rules and the API's answers use them. */
export const CONTACT_FIELD_MESSAGES = {
  firstname: 'Please input your first name!',
  firstnameMax: `First name should be at most ${CONTACT_LIMITS.name} characters.`,
  lastname: 'Please input your last name!',
  lastnameMax: `Last name should be at most ${CONTACT_LIMITS.name} characters.`,
  email: 'Please input your E-mail!',
  emailTooLong: 'The E-mail is too long.',
  emailInvalid: 'The input is not valid E-mail!',
  quotation: 'Please select a request quotation!',
  message: 'Please input your message!',
  messageMax: `Message should be at most ${CONTACT_LIMITS.message} characters.`,
} as const;

export const CONTACT_MESSAGES = {
  phoneInvalid: 'Please enter a valid phone number, for example 98450 99999 or +91 98450 99999.',
  listingUnknown: 'This listing is no longer on our site, so we could not send your message about it. Please go back to the listings and choose it again.',
  listingKindInvalid: 'The kind of listing must be project or product.',
  topicInvalid: 'Please choose whether you have a question or want a site visit.',
  /** Staff: the message to open is gone (erased on the person's request, say). */
  notFound: 'This message is no longer here. Reload the list to see the current messages.',
} as const;

/** What POST /api/contactus/add answers once the message is stored (SPEC.md §7). */
export const CONTACT_THANKS = 'Thank you for getting in touch! We will get back to you soon.';
