import { CONSENT_API } from '#shared/consent/consent.api';
import type { NewsletterSubscriber } from '#shared/consent/consent.contract';
import { api } from '#web/lib/api-client';

/** Staff: the newsletter's subscribers (never those who unsubscribed). */
export const fetchNewsletterSubscribers = (signal?: AbortSignal) => api.get<NewsletterSubscriber[]>(CONSENT_API.newsletter, { signal });

/** Staff: the same list as .xlsx. */
export const downloadNewsletter = () => api.get<Blob>(CONSENT_API.newsletterExport);
