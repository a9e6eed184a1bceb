import type { ColumnType } from 'kysely';
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
  /** The person (lead) this belongs to; null only for rows written before leads existed. */
  leadId: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ContactTables {
  contactMessages: ContactMessagesTable;
}
