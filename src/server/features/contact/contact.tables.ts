import type { ColumnType } from 'kysely';
import type { RequestQuotation } from '../../../shared/contact';

type Timestamp = ColumnType<Date | string, Date | string, Date | string>;

export interface ContactMessagesTable {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  requestQuotation: RequestQuotation;
  message: string;
  createdAt: Timestamp;
}

export interface ContactTables {
  contactMessages: ContactMessagesTable;
}
