import type { ColumnType } from 'kysely';
import type { EnquiryListingKind, EnquiryTopic, RequestQuotation } from '#shared/contact/contact.contract';
import type { Timestamp } from '#server/db/column-types';

export interface ContactMessagesTable {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  requestQuotation: RequestQuotation;
  message: string;
  createdAt: Timestamp;
  /** The person (lead) this belongs to (NOT NULL on both databases since migration 2026-11-28T2300). */
  leadId: string;
  /** The visitor's phone in E.164, when they gave one. */
  phone: ColumnType<string | null, string | null | undefined, string | null>;
  /** The listing the message is about (no foreign key: kept, with its name then, when the listing changes or goes). */
  listingKind: ColumnType<EnquiryListingKind | null, EnquiryListingKind | null | undefined, EnquiryListingKind | null>;
  listingId: ColumnType<string | null, string | null | undefined, string | null>;
  listingName: ColumnType<string | null, string | null | undefined, string | null>;
  /** What the visitor wants from the listing: an answer or a site visit (only with a listing). */
  topic: ColumnType<EnquiryTopic | null, EnquiryTopic | null | undefined, EnquiryTopic | null>;
  /** When a staff member first opened the message; null: unread (decision 0028). */
  readAt: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
  /** Where the sender came from (README "Channels"): the channel, the UTM values (JSON text), the referrer's host; null: none. */
  channelId: ColumnType<string | null, string | null | undefined, string | null>;
  utm: ColumnType<string | null, string | null | undefined, string | null>;
  referrerHost: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ContactTables {
  contactMessages: ContactMessagesTable;
}
