import { z } from 'zod';
import { languageField } from '#shared/i18n/language-field';

export const PRIVACY_REQUEST_KINDS = ['export', 'erase'] as const;

export const PRIVACY_REQUEST_MESSAGES = {
  sent: 'If we hold data for this address, we have sent it a link to confirm your request. The link works for 24 hours.',
  confirmed: 'Thank you: your request is confirmed. The studio will answer it within 30 days.',
  invalidLink: 'This link is not valid or has expired. Please ask again from the privacy page.',
  kind: 'Please choose a copy of your data or its erasure.',
  /** A request by phone, recorded by staff. */
  recorded: 'Request recorded as confirmed by phone. It is listed under Privacy requests.',
  alreadyOpen: 'This request is already open: it is listed under Privacy requests.',
  hasEmail: 'This person has an e-mail address: they ask from the privacy page and confirm from the link mailed to them.',
  noPhone: 'This lead has no phone number: a request by phone cannot be recorded for it.',
  leadRequired: 'Choose the lead the request is for.',
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
  /** `link`: confirmed from the mailed link; `phone`: a request by phone, confirmed by `confirmedBy` (a staff member). */
  confirmedVia: z.enum(['link', 'phone']),
  confirmedBy: z.string().nullable(),
});
export type PrivacyRequestItem = z.infer<typeof privacyRequestItem>;
export const privacyRequestList = z.array(privacyRequestItem);

/** Staff record a request a person known by phone only made by phone. */
export const privacyPhoneRequestInput = z.object({
  leadId: z
    .string({ message: PRIVACY_REQUEST_MESSAGES.leadRequired })
    .trim()
    .min(1, PRIVACY_REQUEST_MESSAGES.leadRequired)
    .max(100, PRIVACY_REQUEST_MESSAGES.leadRequired),
  kind: z.enum(PRIVACY_REQUEST_KINDS, { message: PRIVACY_REQUEST_MESSAGES.kind }),
});
export const privacyRequestRecorded = z.object({ message: z.string(), request: privacyRequestItem });
