import type { ColumnType } from 'kysely';
import type { Flag, Timestamp } from '#server/db/column-types';

/** A campaign shared through one medium, with its short code (unique) and its rules. */
export interface ChannelsTable {
  id: string;
  code: string;
  name: string;
  campaignId: string;
  kind: string;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmContent: string | null;
  opensAt: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
  closesAt: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
  /** Completed responses allowed; null: no cap. */
  cap: number | null;
  paused: Flag;
  /** JSON list of `https://host[:port]` origins allowed to frame an embed. */
  allowedOrigins: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ChannelTables {
  channels: ChannelsTable;
}
