import type { RequestQuotation } from '#shared/contact/contact.contract';
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
}

export interface ContactTables {
  contactMessages: ContactMessagesTable;
}
