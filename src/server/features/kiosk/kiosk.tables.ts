import type { ColumnType } from 'kysely';
import type { Timestamp } from '#server/db/column-types';

type NullableTime = ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
type NullableText = ColumnType<string | null, string | null | undefined, string | null>;

/** A paired tablet of a kiosk channel. Its key is kept only as its SHA-256 (hex). */
export interface KioskDevicesTable {
  id: string;
  channelId: string;
  name: string;
  keyHash: string;
  createdAt: Timestamp;
  /** The staff member who added it (null: gone). */
  createdBy: NullableText;
  lastSyncAt: NullableTime;
  /** Set when an owner removes it: its key stops working. */
  revokedAt: NullableTime;
}

/** An answer a tablet sent, once per the id the tablet made (the primary key). */
export interface KioskResponsesTable {
  id: string;
  channelId: string;
  /** The tablet (null: uploaded from a queue file that named none). */
  deviceId: NullableText;
  /** SHA-256 of the answer's canonical JSON: the same id with the same hash is a repeat. */
  bodyHash: string;
  /** The answer as it was checked (canonical JSON), shown to staff beside a conflicting one. */
  body: string;
  /** The tablet's time when the visitor finished. */
  answeredAt: Timestamp;
  /** When it reached the server (the sync). */
  receivedAt: Timestamp;
  /** 'tablet' or 'upload'. */
  via: string;
  leadId: NullableText;
  /** The survey response it became. */
  responseId: NullableText;
}

/** A later answer under an id already stored with other contents: kept, never applied. */
export interface KioskConflictsTable {
  id: string;
  responseId: string;
  channelId: string;
  deviceId: NullableText;
  bodyHash: string;
  body: string;
  receivedAt: Timestamp;
  via: string;
}

export interface KioskTables {
  kioskDevices: KioskDevicesTable;
  kioskResponses: KioskResponsesTable;
  kioskConflicts: KioskConflictsTable;
}
