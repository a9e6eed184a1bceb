import type { Kysely } from 'kysely';
import {
  CONTACT_MESSAGES,
  ENQUIRY_LISTING_KINDS,
  ENQUIRY_QUOTATIONS,
  type ContactInput,
  type ContactListing,
  type ContactResponse,
  type EnquiryListingKind,
} from '#shared/contact/contact.contract';
import { toE164 } from '#shared/phone';
import type { Database } from '#server/db/schema';
import { toIso } from '#server/db/database';
import { badRequest, notFound } from '#server/lib/errors';
import { newId } from '#server/lib/ids';
import { touchLead } from '#server/features/leads';
import { assignCreatedLead } from '#server/features/followup';
import { findListingSummary } from '#server/features/listings';
import { recordEvent } from '#server/features/notifications';
import { storeConsent, type PendingConsent } from '#server/features/consent';
import { channelReference, messageAttribution, utmOf } from '#server/features/channels';
import * as contact from './contact.repository';

export { CONTACT_THANKS } from '#shared/contact/contact-messages';

/** The listing a message names, looked up in the kind the page said or, without one, in homes then decor. */
export async function findEnquiryListing(db: Kysely<Database>, id: string, kind?: EnquiryListingKind): Promise<ContactListing | undefined> {
  for (const k of kind ? [kind] : ENQUIRY_LISTING_KINDS) {
    const found = await findListingSummary(db, k, id);
    if (found) return { kind: k, id: found.id, name: found.name };
  }
  return undefined;
}

/**
 * Stores a visitor's message. A filled honeypot means a bot: it gets the same answer as a person,
 * so it learns nothing, but its message is dropped. A message about a listing is kept
 * under its kind's request quotation with the listing's kind, id and current name; an unknown
 * listing is refused (400) and nothing is stored.
 */
export async function addContactMessage(
  db: Kysely<Database>,
  input: ContactInput,
  consent?: PendingConsent,
  /** A keyed hash of the client's address: the newsletter's confirmation mail counts against it (decision 0014). */
  sender?: string,
): Promise<{ stored: false } | { stored: true; listing: ContactListing | null }> {
  if (input.website) return { stored: false };
  const listing = input.listingId ? ((await findEnquiryListing(db, input.listingId, input.listingKind)) ?? null) : null;
  if (input.listingId && !listing) {
    throw badRequest(CONTACT_MESSAGES.listingUnknown, [{ field: 'response.listingId', message: CONTACT_MESSAGES.listingUnknown }]);
  }
  const requestQuotation = listing ? ENQUIRY_QUOTATIONS[listing.kind] : input.requestquotation;
  // The contract asks for it whenever no listing is named: this is never reached.
  if (!requestQuotation) throw badRequest('Please select a request quotation!');
  const phone = input.phone ? toE164(input.phone) : null;
  const lastname = input.lastname ?? '';
  const id = newId();
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    // README "Channels": the link the sender came through and its UTM values are a touch of the lead.
    const attribution = await messageAttribution(trx, input);
    const touch =
      attribution && (attribution.channelId !== null || attribution.utm !== null)
        ? { channelId: attribution.channelId, utm: attribution.utm, at: now }
        : undefined;
    const lead = await touchLead(trx, { email: input.email, source: 'contact', name: `${input.firstname} ${lastname}`.trim(), phone, at: now, touch });
    await contact.insertContactMessage(trx, {
      leadId: lead.id,
      id,
      firstname: input.firstname,
      lastname,
      email: input.email,
      requestQuotation,
      message: input.message,
      createdAt: now,
      phone,
      listingKind: listing?.kind ?? null,
      listingId: listing?.id ?? null,
      listingName: listing?.name ?? null,
      topic: listing ? (input.topic ?? 'question') : null,
      ...(attribution ?? {}),
    });
    if (consent) await storeConsent(trx, consent, { leadId: lead.id, recordId: id, at: now, email: input.email, sender: sender ?? null });
    await recordEvent(trx, { type: 'contact.created', email: input.email.trim(), subjectId: id, leadId: lead.id }, now);
    // A new person is a new lead, whichever way they came; its subject is the message.
    if (lead.created) await recordEvent(trx, { type: 'lead.created', email: input.email.trim(), subjectId: id, leadId: lead.id }, now);
    // A new person gets an assignee in this same transaction.
    if (lead.created) await assignCreatedLead(trx, { id: lead.id, email: input.email }, { requestQuotation }, now);
  });
  return { stored: true, listing };
}

/** The listing, phone and topic of a stored message, where it has them. */
function enquiryOf(row: {
  phone: string | null;
  listingKind: EnquiryListingKind | null;
  listingId: string | null;
  listingName: string | null;
  topic: ContactResponse['topic'] | null;
}) {
  return {
    ...(row.phone ? { phone: row.phone } : {}),
    ...(row.listingKind && row.listingId ? { listing: { kind: row.listingKind, id: row.listingId, name: row.listingName ?? '' } } : {}),
    ...(row.topic ? { topic: row.topic } : {}),
  };
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
    ...enquiryOf(row),
  }));
}

/** The messages no staff member has opened yet (decision 0028), newest first. */
export async function unreadContactMessages(db: Kysely<Database>): Promise<{ ids: string[] }> {
  return { ids: (await contact.unreadMessageIds(db)).map((r) => r.id) };
}

/** How many messages no staff member has opened yet (the dashboard's "Today" panel). */
export function countUnreadContactMessages(db: Kysely<Database>): Promise<number> {
  return contact.countUnreadMessages(db);
}

/** A staff member opened the message at `at`: it is read from then on, for everyone (the first opening is kept). */
export async function openContactMessage(db: Kysely<Database>, id: string, at: Date): Promise<{ _id: string; readAt: string }> {
  const row = await contact.markMessageRead(db, id, at);
  if (!row?.readAt) throw notFound(CONTACT_MESSAGES.notFound);
  return { _id: row.id, readAt: toIso(row.readAt) };
}

/** A lead's messages, the oldest first (a lead's page, decision 0020). */
export function contactMessagesOfLead(db: Kysely<Database>, leadId: string): ReturnType<typeof contact.contactMessagesOfLead> {
  return contact.contactMessagesOfLead(db, leadId);
}

/** A contact message as the notification mails show it (given to the dispatcher at app.ts). */
export async function contactMessageActivity(db: Kysely<Database>, id: string) {
  const row = await contact.findContactMessage(db, id);
  if (!row) return undefined;
  const { phone: _phone, listingKind: _kind, listingId: _id, listingName: _name, topic: _topic, channelId, utm, ...rest } = row;
  return { ...rest, ...enquiryOf(row), channel: await channelReference(db, channelId), utm: utmOf(utm) };
}
