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
  linkVisitors: LinkVisitorsTable;
  linkVisitCounts: LinkVisitCountsTable;
}

/** A visitor seen through a channel on a studio day: a keyed hash of the address and the day (decision 0035), kept 2 days. */
export interface LinkVisitorsTable {
  channelId: string;
  /** YYYY-MM-DD on the studio's clock. */
  day: string;
  visitorHash: string;
}

/** Distinct visitors per channel and studio day: kept when the hashes are gone. */
export interface LinkVisitCountsTable {
  channelId: string;
  day: string;
  visitors: number;
}
