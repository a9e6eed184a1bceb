import type { ColumnType } from 'kysely';

/** Column types shared by every feature's tables: how a value is stored on both dialects. */

/** A moment: a Date from PostgreSQL, ISO text from SQLite; either may be written. */
export type Timestamp = ColumnType<Date | string, Date | string, Date | string>;

/** Stored as 0/1 on SQLite, boolean on PostgreSQL. */
export type Flag = ColumnType<boolean | number, boolean, boolean>;
