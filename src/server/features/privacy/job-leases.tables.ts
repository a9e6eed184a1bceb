import type { Timestamp } from '#server/db/column-types';

/** A job that runs on one instance at a time (retention): who holds it, until when, when next due. */
export interface JobLeasesTable {
  name: string;
  holder: string | null;
  lockedUntil: Timestamp;
  nextRunAt: Timestamp;
}

export interface PrivacyTables {
  jobLeases: JobLeasesTable;
}
