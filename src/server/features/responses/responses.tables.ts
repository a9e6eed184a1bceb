import type { ColumnType } from 'kysely';
import type { Flag, Timestamp } from '#server/db/column-types';

export interface EmailRecordsTable {
  id: string;
  email: string;
  /** Null for a newsletter sign-up made while no campaign was active. */
  campaignId: string | null;
  isCompleted: Flag;
  createdAt: Timestamp;
  /** The person (lead) this belongs to (NOT NULL since migration 2026-11-28T2300). */
  leadId: string;
  /**
   * False for the person's record (one per lower(email) and campaign); true for another attempt of
   * the same person: the survey again, or from someone who only knew the e-mail.
   */
  isExtra: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** The channel the visitor came through (null: none); its completed records fill the channel's cap. */
  channelId: ColumnType<string | null, string | null | undefined, string | null>;
  /** The UTM values the visitor came with (JSON text, README "Channels"); null: none. */
  utm: ColumnType<string | null, string | null | undefined, string | null>;
  /** The host of the page the visitor came from; null: not known. */
  referrerHost: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SurveyResponsesTable {
  id: string;
  campaignId: string;
  /**
   * Its e-mail record, which holds the address as typed (the response keeps no copy: decision 0020);
   * null for a person known by phone only (an expo tablet's visitor, decision 0044): the response is the lead's.
   */
  emailRecordId: string | null;
  /** The person: the lead of its e-mail record (NOT NULL since migration 2026-11-28T2300). */
  leadId: string;
  /** SurveyJS data as JSON text. */
  answer: string;
  /** The homes and decor matched to the answers when they were stored (JSON), or null. */
  matches: ColumnType<string | null, string | null | undefined, string | null>;
  /** The language the visitor answered in, 'en' or 'hi' ('en' for earlier answers). */
  language: ColumnType<string, string | undefined, string>;
  createdAt: Timestamp;
  /** The channel, UTM values (JSON text) and referrer's host of its e-mail record when it was stored (README "Channels"). */
  channelId: ColumnType<string | null, string | null | undefined, string | null>;
  utm: ColumnType<string | null, string | null | undefined, string | null>;
  referrerHost: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A file attached to a survey answer (the answer holds its reference). */
export interface SurveyFilesTable {
  id: string;
  campaignId: string;
  emailRecordId: string;
  fileName: string;
  contentType: string;
  size: number;
  bytes: Uint8Array;
  createdAt: Timestamp;
  /** A hash of the sender's address (a day's uploads per address); null before it was kept. */
  uploader: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The latest answers of an e-mail record that has not finished its survey (one row per record). */
export interface SurveyProgressTable {
  emailRecordId: string;
  campaignId: string;
  /** SurveyJS data so far, as JSON text. */
  answer: string;
  /** Zero-based index of the page the visitor is on. */
  page: number;
  /** Zero-based index of the furthest page the visitor reached (for the funnel). */
  furthestPage: number;
  /** The language the visitor answers in, 'en' or 'hi': the resume e-mail's. */
  language: ColumnType<string, string | undefined, string>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A resume token, kept only as its SHA-256 (hex); expires after 30 days or when the response is stored. */
export interface SurveyResumeTokensTable {
  tokenHash: string;
  emailRecordId: string;
  expiresAt: Timestamp;
  createdAt: Timestamp;
}

/**
 * The results summary's counts, kept in the transaction of every write of the answers they count
 * (decision 0056): how many finished or unfinished answers of a campaign fall on a channel ('' none,
 * '*' any), a studio day ('*' any), a question ('' the answer itself) and a value (JSON text).
 */
/** The summary's funnel kept by triggers (decision 0063): e-mail records per campaign, channel ('' none), UTC day and state ('c', 'p' + furthest page, 'e'). */
export interface SummaryFunnelCountsTable {
  campaignId: string;
  channelId: string;
  day: string;
  state: string;
  n: number;
}

export interface SummaryAnswerCountsTable {
  campaignId: string;
  finished: Flag;
  channelId: string;
  day: string;
  question: string;
  answer: string;
  n: number;
}

/** What a campaign's counts were made with: the studio's time zone (their days) and the survey (their buckets). */
export interface SummaryCountStatesTable {
  campaignId: string;
  timeZone: string;
  survey: string;
}

/**
 * Each e-mail record's contribution to its survey's drop-off (decision 0058), kept in the transaction
 * that writes its unfinished answers or its response: a record with neither has no row. It goes with
 * the row it was computed from (foreign keys, cascading): the record, the response, the unfinished answers.
 */
export interface DropoffContributionsTable {
  emailRecordId: string;
  campaignId: string;
  /** The record's channel and creation time (the drop-off's scope), copied: they never change. */
  channelId: string | null;
  createdAt: Timestamp;
  /** The survey's version the contribution was computed for (`surveyVersion`). */
  surveyVersion: string;
  /** The contribution (`DropoffSurvey.contribution`); '' when the survey's conditions call functions (not kept). */
  contribution: string;
  /** The response it was computed from (finished), or null. */
  responseId: string | null;
  /** The record whose unfinished answers it was computed from, or null. */
  progressOf: string | null;
}

/**
 * The kept contributions counted per campaign, channel ('' for none), UTC day of the record's
 * creation, survey version and contribution (decision 0075): kept by triggers on dropoff_contributions.
 */
export interface DropoffDayCountsTable {
  campaignId: string;
  channelKey: string;
  /** YYYY-MM-DD, UTC. */
  day: string;
  surveyVersion: string;
  contribution: string;
  n: number;
}

/** The campaign's e-mail records counted per channel ('' for none) and UTC day of creation (decision 0075): kept by triggers on email_records. */
export interface DropoffRecordDaysTable {
  campaignId: string;
  channelKey: string;
  /** YYYY-MM-DD, UTC. */
  day: string;
  n: number;
}

export interface ResponseTables {
  dropoffContributions: DropoffContributionsTable;
  dropoffDayCounts: DropoffDayCountsTable;
  dropoffRecordDays: DropoffRecordDaysTable;
  summaryAnswerCounts: SummaryAnswerCountsTable;
  summaryFunnelCounts: SummaryFunnelCountsTable;
  summaryCountStates: SummaryCountStatesTable;
  surveyFiles: SurveyFilesTable;
  surveyProgress: SurveyProgressTable;
  surveyResumeTokens: SurveyResumeTokensTable;
  emailRecords: EmailRecordsTable;
  surveyResponses: SurveyResponsesTable;
}
