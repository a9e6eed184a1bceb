import { z } from 'zod';
import { fileRoute, route } from '../api-route';
import { CONSENT_API } from './consent.api';
import { languageField } from '../i18n/language-field';
import { LANGUAGES, type Language } from '../i18n/languages';

/** What a notice is shown for: the survey sign-up (landing), the contact form, the newsletter box. */
export const NOTICE_PURPOSES = ['survey', 'contact', 'newsletter'] as const;
export type NoticePurpose = (typeof NOTICE_PURPOSES)[number];

/** Where a consent was given. */
export const CONSENT_SOURCES = ['landing', 'contact'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/**
 * A notice text as shown: its purpose, its language, its version (1, 2, … per purpose and language)
 * and the sha256 of the text (decision 0027).
 */
export const noticeSchema = z.object({
  purpose: z.enum(NOTICE_PURPOSES),
  language: z.enum(LANGUAGES),
  version: z.number().int(),
  text: z.string(),
  hash: z.string(),
});
export type Notice = z.infer<typeof noticeSchema>;

/** GET /api/consent/notices?language=hi: the current notice of each purpose, in the page's language (English if left out). */
export const noticesQuerySchema = z.object({ language: languageField });

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
  /** The page's language: the newsletter's confirmation mail follows it. English if left out. */
  language: languageField,
};
export type ConsentFields = { noticeVersion?: number; newsletter?: boolean; language?: Language | undefined };

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

export const NEWSLETTER_CONFIRM_MESSAGES = {
  done: 'Thank you: you will get our newsletter. Every issue has a link to unsubscribe.',
  invalid:
    'This confirmation link is not valid: it was used already, it has expired or it was changed. Tick the newsletter box on our site again to get a new one.',
  noToken: 'The confirmation link has no token. Please use the link from the e-mail as it was sent.',
} as const;

export const newsletterConfirmBodySchema = z
  .object({ token: z.string().max(2000).optional(), language: z.enum(LANGUAGES).optional() })
  .partial()
  .nullish();

/**
 * Double opt-in (decision 0018): `confirmed` once the person opened the link mailed to the address;
 * `pending` while a ticked box waits for it (never mailed, never exported).
 */
export const NEWSLETTER_STATES = ['confirmed', 'pending'] as const;

/** One row of GET /api/newsletter. */
export const newsletterSubscriberSchema = z.object({
  leadId: z.string(),
  email: z.string(),
  /** ISO 8601: when the box was ticked (the latest time). */
  consentedAt: z.string(),
  state: z.enum(NEWSLETTER_STATES),
  /** ISO 8601: when the address confirmed it; null while pending. */
  confirmedAt: z.string().nullable(),
  noticePurpose: z.enum(NOTICE_PURPOSES),
  /** The language of the notice shown (its versions count per language, decision 0027). */
  noticeLanguage: z.enum(LANGUAGES),
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
