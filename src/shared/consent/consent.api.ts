/** Consent notices, unsubscribing and the newsletter list. */
export const CONSENT_API = {
  /** GET, public: the notice each form shows now, with its version (`PublicNotices`). */
  notices: '/api/consent/notices',
  /** POST, public, no login: `?token=`, a form body `token=` (or RFC 8058's `List-Unsubscribe=One-Click`) or JSON `{ token }`. GET sends a person to the page. */
  unsubscribe: '/api/unsubscribe',
  /** POST, public, no login: the newsletter's confirmation link, `{ token }` or a form body `token=` (double opt-in). */
  newsletterConfirm: '/api/newsletter/confirm',
  /** GET, staff: the subscribed addresses (`NewsletterSubscriber[]`). */
  newsletter: '/api/newsletter',
  /** GET, staff: the same as .xlsx. */
  newsletterExport: '/api/newsletter/export',
} as const;

/** The page an unsubscribe link opens (one button). */
export const unsubscribePagePath = (token: string) => `/unsubscribe?token=${encodeURIComponent(token)}`;
/** The page a newsletter confirmation link opens (one button). */
export const newsletterConfirmPagePath = (token: string) => `/newsletter/confirm?token=${encodeURIComponent(token)}`;
export const unsubscribeApiPath = (token: string) => `${CONSENT_API.unsubscribe}?token=${encodeURIComponent(token)}`;
