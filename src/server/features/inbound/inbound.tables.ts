import type { ColumnType } from 'kysely';
import type { Timestamp } from '#server/db/column-types';

type NullableTime = ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;

export interface ApiKeysTable {
  id: string;
  name: string;
  prefix: string;
  /** SHA-256 (hex) of the key: the key itself is shown once and never stored. */
  keyHash: string;
  createdBy: string;
  createdAt: Timestamp;
  lastUsedAt: NullableTime;
  revokedAt: NullableTime;
}

export interface InboundLeadsTable {
  source: string;
  externalId: string;
  /** SHA-256 of the body as sent (keys sorted): the same pair with another body is a conflict. */
  bodyHash: string;
  leadId: string;
  /** 1 when this call created the lead (answered again on a repeat). */
  created: number;
  apiKeyId: string;
  createdAt: Timestamp;
}

export interface InboundTables {
  apiKeys: ApiKeysTable;
  inboundLeads: InboundLeadsTable;
}
