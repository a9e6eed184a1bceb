import { z } from 'zod';
import { fileRoute, route } from '../api-route';
import { CONSENT_API } from './consent.api';

export { CONSENT_API } from './consent.api';

/** What a notice is shown for: the survey sign-up (landing), the contact form, the newsletter box. */
export const NOTICE_PURPOSES = ['survey', 'contact', 'newsletter'] as const;
export type NoticePurpose = (typeof NOTICE_PURPOSES)[number];

/** Where a consent was given. */
export const CONSENT_SOURCES = ['landing', 'contact'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

export const noticeSchema = z.object({ purpose: z.enum(NOTICE_PURPOSES), version: z.number().int(), text: z.string(), hash: z.string() });
export type Notice = z.infer<typeof noticeSchema>;

/** GET /api/consent/notices: the current notice of each purpose. */
export const publicNoticesSchema = z.object({ survey: noticeSchema, contact: noticeSchema, newsletter: noticeSchema });
export type PublicNotices = z.infer<typeof publicNoticesSchema>;

/**
 * Optional fields the landing and contact forms add to their bodies (additions to SPEC.md §7): the
 * version of the notice shown, and whether the separate newsletter box was ticked. Old clients send
 * neither: the current notice, and no newsletter.
 */
export const consentFields = {
  noticeVersion: z.number().int().positive().max(1_000_000).optional(),
  newsletter: z.boolean().optional(),
};
export type ConsentFields = { noticeVersion?: number; newsletter?: boolean };

export const unsubscribeBodySchema = z
  // `lang`: the language of the page whose form posted (its answer page is in the same language).
  .object({ token: z.string().max(2000).optional(), 'List-Unsubscribe': z.string().max(100).optional(), lang: z.string().max(10).optional() })
  .partial()
  .nullish();

export const UNSUBSCRIBE_MESSAGES = {
  done: 'You are unsubscribed. You will get no newsletter and no more e-mails from us about your surveys.',
  badToken: 'This unsubscribe link is not valid. Please use the link from the latest e-mail as it was sent, or write to us.',
  noToken: 'The unsubscribe link has no token. Please use the link from the e-mail as it was sent.',
} as const;

/** One row of GET /api/newsletter. */
export const newsletterSubscriberSchema = z.object({
  leadId: z.string(),
  email: z.string(),
  /** ISO 8601: when the box was ticked (the latest time). */
  consentedAt: z.string(),
  noticePurpose: z.enum(NOTICE_PURPOSES),
  noticeVersion: z.number().int(),
  source: z.enum(CONSENT_SOURCES),
});
export type NewsletterSubscriber = z.infer<typeof newsletterSubscriberSchema>;
export const newsletterListSchema = z.array(newsletterSubscriberSchema);

/** Staff routes of the newsletter with their answers. */
export const NEWSLETTER_ROUTES = {
  list: route('GET', CONSENT_API.newsletter, newsletterListSchema),
  export: fileRoute('GET', CONSENT_API.newsletterExport),
};
