import { CONTACT_API } from '#shared/contact/contact.api';
import type { ContactInput, ContactResponse } from '#shared/contact/contact.contract';
import { api } from '#web/lib/api-client';

export function sendContactMessage(input: ContactInput): Promise<{ message: string }> {
  return api.post<{ message: string }>(CONTACT_API.add, { response: input });
}

/** Staff only: every contact response, newest first. */
export function fetchContactResponses(signal?: AbortSignal): Promise<ContactResponse[]> {
  return api.get<ContactResponse[]>(CONTACT_API.list, { signal });
}
