import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date | string, Date | string, Date | string>;
/** Stored as 0/1 on SQLite, boolean on PostgreSQL. */
type Flag = ColumnType<boolean | number, boolean, boolean>;

export interface CampaignsTable {
  id: string;
  name: string;
  /** SurveyJS definition as JSON text. */
  questions: string;
  /** Question names in order, comma-joined; derived from `questions` by the server. */
  questioncolumns: string;
  isActive: Flag;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface EmailRecordsTable {
  id: string;
  email: string;
  /** Null for a newsletter sign-up made while no campaign was active. */
  campaignId: string | null;
  isCompleted: Flag;
  createdAt: Timestamp;
}

export interface SurveyResponsesTable {
  id: string;
  campaignId: string;
  emailRecordId: string;
  email: string;
  /** SurveyJS data as JSON text. */
  answer: string;
  createdAt: Timestamp;
}

export interface CampaignTables {
  campaigns: CampaignsTable;
  emailRecords: EmailRecordsTable;
  surveyResponses: SurveyResponsesTable;
}
