import { CONTACT_ROUTES } from '#shared/contact/contact.api';
import type { ContactInput } from '#shared/contact/contact.contract';
import { api } from '#web/lib/api-client';

export const sendContactMessage = (input: ContactInput) => api.call(CONTACT_ROUTES.add, { body: { response: input } });

/** Staff only: every contact response, newest first. */
export const fetchContactResponses = (signal?: AbortSignal) => api.call(CONTACT_ROUTES.list, { signal });
