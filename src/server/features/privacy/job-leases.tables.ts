import type { ColumnType } from 'kysely';
import type { Timestamp } from '#server/db/column-types';

/** A job that runs on one instance at a time (retention): who holds it, until when, when next due. */
export interface JobLeasesTable {
  name: string;
  holder: string | null;
  lockedUntil: Timestamp;
  nextRunAt: Timestamp;
}

export interface PrivacyRequestsTable {
  id: string;
  /** The person; null when the address is unknown, or once they are erased. */
  leadId: string | null;
  kind: 'export' | 'erase';
  status: 'open' | 'closed';
  createdAt: Timestamp;
  confirmedAt: Timestamp | null;
  closedAt: Timestamp | null;
  /** The staff member who confirmed a request made by phone; null: confirmed from the mailed link. */
  confirmedBy: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PrivacyTables {
  jobLeases: JobLeasesTable;
  privacyRequests: PrivacyRequestsTable;
}
