import { z } from 'zod';
import { languageField } from '#shared/i18n/language-field';

export const PRIVACY_REQUEST_KINDS = ['export', 'erase'] as const;

export const PRIVACY_REQUEST_MESSAGES = {
  sent: 'If we hold data for this address, we have sent it a link to confirm your request. The link works for 24 hours.',
  confirmed: 'Thank you: your request is confirmed. The studio will answer it within 30 days.',
  invalidLink: 'This link is not valid or has expired. Please ask again from the privacy page.',
  kind: 'Please choose a copy of your data or its erasure.',
} as const;

export const privacyRequestInput = z.object({
  email: z.string().trim().max(254).email('Please enter a valid e-mail address.'),
  kind: z.enum(PRIVACY_REQUEST_KINDS, { message: PRIVACY_REQUEST_MESSAGES.kind }),
  /** The page's language; the confirmation e-mail and its link follow it. English if left out. */
  language: languageField,
});

export const privacyConfirmInput = z.object({ token: z.string().min(1).max(2000) });

export const privacyRequestItem = z.object({
  _id: z.string(),
  leadId: z.string().nullable(),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  status: z.enum(['open', 'closed']),
  confirmedAt: z.string(),
  ageDays: z.number(),
});
export type PrivacyRequestItem = z.infer<typeof privacyRequestItem>;
export const privacyRequestList = z.array(privacyRequestItem);
