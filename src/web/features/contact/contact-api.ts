import { CONTACT_ROUTES } from '#shared/contact/contact.api';
import type { ContactInput } from '#shared/contact/contact.contract';
import { api } from '#web/lib/api-client';
import { arrivalFields, arrivalHere, noteArrival } from '#web/lib/arrival';

/** A message with where its sender came from (README "Channels"): the channel, UTM values and referrer noted in this tab. */
export const sendContactMessage = (input: ContactInput) =>
  api.call(CONTACT_ROUTES.add, { body: { response: { ...arrivalFields(noteArrival(arrivalHere())), ...input } } });

/** Staff only: every contact response, newest first. */
export const fetchContactResponses = (signal?: AbortSignal) => api.call(CONTACT_ROUTES.list, { signal });

/** Staff only: the ids of the messages no staff member has opened yet (decision 0028). */
export const fetchUnreadContactIds = (signal?: AbortSignal) => api.call(CONTACT_ROUTES.unread, { signal });

/** Staff only: a staff member opened the message (read for everyone from then on). */
export const markContactMessageRead = (id: string) => api.call(CONTACT_ROUTES.read, { params: [id] });
