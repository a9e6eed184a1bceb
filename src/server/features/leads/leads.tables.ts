import type { ColumnType } from 'kysely';
import type { LeadStatus } from '#shared/leads/leads.contract';
import type { LeadSourceKind } from '#shared/leads/lead-source';
import type { Flag, Timestamp } from '#server/db/column-types';

/** A flag the database defaults to false. */
type DefaultFalse = ColumnType<boolean | number, boolean | undefined, boolean>;

type NullableTime = ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;

export interface LeadsTable {
  id: string;
  /** The e-mail trimmed and lower-cased: one lead per person (unique; null for a lead known by phone only). */
  emailKey: ColumnType<string | null, string | null | undefined, string | null>;
  /** The e-mail as the person last typed it. */
  email: ColumnType<string | null, string | null | undefined, string | null>;
  name: string | null;
  /** The phone shown (E.164 when it reads as a number, else as typed). */
  phone: string | null;
  /** The phone in E.164 by which the lead is found (unique; null when none or another lead has it). */
  phoneKey: ColumnType<string | null, string | null | undefined, string | null>;
  /** The lead this one was merged into; its arrivals and its page go there. */
  mergedIntoId: ColumnType<string | null, string | null | undefined, string | null>;
  /** The system the lead first came from by API (the call's `source`, e.g. "99acres"); null: Abode's own pages. */
  origin: ColumnType<string | null, string | null | undefined, string | null>;
  status: LeadStatus;
  assigneeId: string | null;
  /** When the assignee was given the lead (by hand or automatically). */
  assignedAt: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
  /** The first-contact target and twice it, in working hours from creation; null for leads from before follow-up times were kept. */
  firstContactDueAt: NullableTime;
  firstContactEscalateAt: NullableTime;
  /** When each reminder was taken (once: a conditional UPDATE). */
  firstContactRemindedAt: NullableTime;
  firstContactEscalatedAt: NullableTime;
  /** When the lead first left `new`. */
  firstContactedAt: NullableTime;
  /** The next action staff set: what and when; reminded once per action. */
  nextActionText: ColumnType<string | null, string | null | undefined, string | null>;
  nextActionDueAt: NullableTime;
  nextActionRemindedAt: NullableTime;
  hasSurvey: Flag;
  hasContact: Flag;
  hasNewsletter: Flag;
  lastCampaignId: string | null;
  lastCompleted: Flag;
  createdAt: Timestamp;
  lastActivityAt: Timestamp;
  /** The first and latest arrival through a channel or with UTM values (README "Channels"): channel, UTM (JSON text), when. */
  firstChannelId: ColumnType<string | null, string | null | undefined, string | null>;
  firstUtm: ColumnType<string | null, string | null | undefined, string | null>;
  firstTouchAt: NullableTime;
  latestChannelId: ColumnType<string | null, string | null | undefined, string | null>;
  latestUtm: ColumnType<string | null, string | null | undefined, string | null>;
  latestTouchAt: NullableTime;
  /**
   * The funnel's steps (decision 0035): a completed survey (any campaign), a site visit in any state
   * (cancelled too), a visit marked done; set in the transaction of the write that changes them, by
   * the rooms that keep those rows through this room's door (setLeadSurveySteps, setLeadVisitSteps).
   */
  surveyCompleted: DefaultFalse;
  visitBooked: DefaultFalse;
  visitDone: DefaultFalse;
  /** Decision 0057: the source an import or a call created the lead from (leadSourceKey; its name in lead_sources), and which; null for every other lead. */
  sourceKey: ColumnType<string | null, string | null | undefined, string | null>;
  sourceKind: ColumnType<LeadSourceKind | null, LeadSourceKind | null | undefined, LeadSourceKind | null>;
  /** lower(e-mail, name, phone): kept by the database (a generated column), for the text search. */
  searchText: ColumnType<string, never, never>;
}

export interface LeadEventsTable {
  id: string;
  leadId: string;
  type: 'status' | 'note' | 'assign';
  byId: string | null;
  byName: string;
  fromValue: string | null;
  toValue: string | null;
  text: string | null;
  createdAt: Timestamp;
}

/** Each campaign a lead gave an e-mail for (the inbox's campaign filter): leads' own record of it. */
export interface LeadCampaignsTable {
  leadId: string;
  campaignId: string;
  /** The funnel's "completed" for this campaign (decision 0035): the person has a completed e-mail record of it. */
  completed: DefaultFalse;
}

/** "Possible duplicate of …": a pair staff should look at, stored each way. */
export interface LeadDuplicatesTable {
  leadId: string;
  otherId: string;
  createdAt: Timestamp;
}

/** A merge of one lead into another, kept so that it can be undone within 30 days. */
export interface LeadMergesTable {
  id: string;
  mergedId: string;
  intoId: string;
  byId: string | null;
  byName: string;
  /** JSON: { [table]: ids moved to the kept lead }. */
  moved: string;
  /** JSON: the kept and the merged lead's values before the merge that it changed. */
  overwritten: string;
  createdAt: Timestamp;
  undoneAt: NullableTime;
}

/** Each source of imported and API leads (decision 0057): its key and the name as first written. */
export interface LeadSourcesTable {
  key: string;
  name: string;
  createdAt: Timestamp;
}

/** The funnel's counts per campaign ('' all), row ('c' + channel, 's' + source) and UTC day, kept by triggers (decision 0063). */
export interface FunnelStepCountsTable {
  campaignId: string;
  rowKey: string;
  day: string;
  leads: number;
  emails: number;
  completed: number;
  contacted: number;
  visitBooked: number;
  visitDone: number;
  won: number;
  imported: number;
  byApi: number;
}

/** How many leads of a funnel row have their first-contact minutes in a bucket, per UTC day ('d'), month ('m') and all time ('*') (decision 0063). */
export interface FunnelContactMinutesTable {
  campaignId: string;
  rowKey: string;
  grain: string;
  period: string;
  bucket: number;
  n: number;
}

/**
 * How many leads of a funnel row, created on a UTC day, were first contacted after exactly so many
 * minutes (the funnel's own expression), kept by triggers (decision 0068): a median's bucket is read
 * from here, not from the leads.
 */
export interface FunnelContactValuesTable {
  campaignId: string;
  minutes: number;
  rowKey: string;
  day: string;
  n: number;
}

export interface LeadTables {
  funnelStepCounts: FunnelStepCountsTable;
  funnelContactMinutes: FunnelContactMinutesTable;
  funnelContactValues: FunnelContactValuesTable;
  leadSources: LeadSourcesTable;
  leads: LeadsTable;
  leadMerges: LeadMergesTable;
  leadDuplicates: LeadDuplicatesTable;
  leadEvents: LeadEventsTable;
  leadCampaigns: LeadCampaignsTable;
}
