import type { Kysely } from 'kysely';
import type { ContactInput, ContactResponse } from '#shared/contact/contact.contract';
import type { Database } from '#server/db/schema';
import { toIso } from '#server/db/database';
import { newId } from '#server/lib/ids';
import { touchLead } from '#server/features/leads';
import { recordEvent } from '#server/features/notifications';
import { storeConsent, type PendingConsent } from '#server/features/consent';
import * as contact from './contact.repository';

export const CONTACT_THANKS = 'Thank you for getting in touch! We will get back to you soon.';

/**
 * Stores a visitor's message. A filled honeypot means a bot: it gets the same answer as a person,
 * so it learns nothing, but its message is dropped.
 */
export async function addContactMessage(db: Kysely<Database>, input: ContactInput, consent?: PendingConsent): Promise<{ stored: boolean }> {
  if (input.website) return { stored: false };
  const id = newId();
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    const lead = await touchLead(trx, { email: input.email, source: 'contact', name: `${input.firstname} ${input.lastname}`.trim(), at: now });
    await contact.insertContactMessage(trx, {
      leadId: lead.id,
      id,
      firstname: input.firstname,
      lastname: input.lastname,
      email: input.email,
      requestQuotation: input.requestquotation,
      message: input.message,
      createdAt: now,
    });
    if (consent) await storeConsent(trx, consent, { leadId: lead.id, recordId: id, at: now });
    await recordEvent(trx, { type: 'contact.created', email: input.email.trim(), subjectId: id, leadId: lead.id }, now);
    // A new person is a new lead, whichever way they came (issue 22 item 12); its subject is the message.
    if (lead.created) await recordEvent(trx, { type: 'lead.created', email: input.email.trim(), subjectId: id, leadId: lead.id }, now);
  });
  return { stored: true };
}

export async function listContactResponses(db: Kysely<Database>): Promise<ContactResponse[]> {
  const rows = await contact.listContactMessages(db);
  return rows.map((row) => ({
    _id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    requestQuotation: row.requestQuotation,
    message: row.message,
    date: toIso(row.createdAt),
    leadId: row.leadId,
  }));
}

/** A contact message as the notification mails show it (given to the dispatcher at app.ts). */
export function contactMessageActivity(db: Kysely<Database>, id: string) {
  return db.selectFrom('contactMessages').select(['firstname', 'lastname', 'requestQuotation', 'message', 'createdAt']).where('id', '=', id).executeTakeFirst();
}
