import type { ColumnType } from 'kysely';
import type { Flag, Timestamp } from '#server/db/column-types';

export interface CampaignsTable {
  id: string;
  name: string;
  /** SurveyJS definition as JSON text. */
  questions: string;
  /** Question names in order, comma-joined; derived from `questions` by the server. */
  questioncolumns: string;
  /** JSON: answer key → "name" | "phone", for the questions marked leadField; derived from `questions`. */
  leadFields: ColumnType<string, string | undefined, string>;
  isActive: Flag;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** The survey definitions (the rooms responses/ and results/ hold what visitors send). */
export interface SurveyTables {
  campaigns: CampaignsTable;
}
