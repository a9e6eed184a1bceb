import { NEWSLETTER_ROUTES } from '#shared/consent/consent.contract';
import { api } from '#web/lib/api-client';

/** Staff: the newsletter's subscribers (never those who unsubscribed). */
export const fetchNewsletterSubscribers = (signal?: AbortSignal) => api.call(NEWSLETTER_ROUTES.list, { signal });

/** Staff: the same list as .xlsx. */
export const downloadNewsletter = () => api.call(NEWSLETTER_ROUTES.export);
