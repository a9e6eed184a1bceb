import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { cellText, parseAnswers } from '#shared/survey/survey-questions';
import { parseStoredMatches, type ListingMatches } from '#shared/matching/listing-match';
import { campaignReading } from '#server/features/surveys/survey-readings';
import type { NotificationEventType } from '#shared/notifications/notifications.contract';

/** The person an event is about, as far as the studio knows them. */
export interface LeadSummary {
  _id: string | null;
  email: string;
  name: string | null;
  phone: string | null;
}

export interface EventActivity {
  type: 'email' | 'response' | 'contact';
  at: string;
  campaignId?: string | null;
  campaignName?: string | null;
  completed?: boolean;
  /** A survey's answers as a person reads them, in the survey's order. */
  answers?: Array<{ question: string; answer: string }>;
  requestQuotation?: string;
  message?: string;
}

/** Matched listings, when the matching feature stored them with the response (the same result /result showed). */
export type EventMatches = ListingMatches;

/** `data` of a Standard Webhooks message, and what the e-mails are built from. */
export interface EventData {
  lead: LeadSummary;
  activity: EventActivity;
  matches?: EventMatches;
}

export interface EventRow {
  type: NotificationEventType;
  email: string;
  subjectId: string;
  leadId: string | null;
  createdAt: Date | string;
}

/** Reads a lead's name and phone; the leads feature provides the real one. */
export type LeadLookup = (db: Kysely<Database>, leadId: string | null, email: string) => Promise<LeadSummary>;

export const emailOnlyLead: LeadLookup = async (_db, leadId, email) => ({ _id: leadId, email, name: null, phone: null });

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

/** Builds an event's data from the rows it names (once, at fan-out: every retry sends the same). */
export async function buildEventData(db: Kysely<Database>, event: EventRow, lookupLead: LeadLookup): Promise<EventData> {
  const lead = await lookupLead(db, event.leadId, event.email);
  const at = iso(event.createdAt);
  const contactData = (row: { firstname: string; lastname: string; requestQuotation: string; message: string; createdAt: Date | string } | undefined): EventData => {
    const name = row ? `${row.firstname} ${row.lastname}`.trim() : null;
    return {
      lead: { ...lead, name: lead.name ?? name },
      activity: { type: 'contact', at: row ? iso(row.createdAt) : at, requestQuotation: row?.requestQuotation, message: row?.message },
    };
  };
  if (event.type === 'contact.created') return contactData(await contactMessage(db, event.subjectId));
  if (event.type === 'survey.completed') {
    const row = await db
      .selectFrom('surveyResponses as r')
      .innerJoin('campaigns as c', 'c.id', 'r.campaignId')
      .select(['r.answer', 'r.matches', 'r.createdAt', 'r.campaignId', 'c.name', 'c.updatedAt'])
      .where('r.id', '=', event.subjectId)
      .executeTakeFirst();
    if (!row) return { lead, activity: { type: 'response', at, completed: true } };
    // Stored answers are validated JSON; an unreadable one shows no answers rather than failing the event.
    const answers = parseAnswers(row.answer);
    const readable = (await campaignReading(db, row.campaignId, row.updatedAt)).columns.map((c) => ({ question: c.title, answer: cellText(c.format(answers)) }))
      .filter((a) => a.answer !== '');
    const matches = parseStoredMatches(row.matches);
    return {
      lead,
      ...(matches ? { matches } : {}),
      activity: { type: 'response', at: iso(row.createdAt), campaignId: row.campaignId, campaignName: row.name, completed: true, answers: readable },
    };
  }
  const record = await db
    .selectFrom('emailRecords as e')
    .leftJoin('campaigns as c', 'c.id', 'e.campaignId')
    .select(['e.createdAt', 'e.campaignId', 'e.isCompleted', 'c.name'])
    .where('e.id', '=', event.subjectId)
    .executeTakeFirst();
  // A person whose first word was a contact message: lead.created names the message.
  if (!record && event.type === 'lead.created') {
    const message = await contactMessage(db, event.subjectId);
    if (message) return contactData(message);
  }
  return {
    lead,
    activity: {
      type: 'email',
      at: record ? iso(record.createdAt) : at,
      campaignId: record?.campaignId ?? null,
      campaignName: record?.name ?? null,
      completed: Boolean(record?.isCompleted),
    },
  };
}

function contactMessage(db: Kysely<Database>, id: string) {
  return db.selectFrom('contactMessages').select(['firstname', 'lastname', 'requestQuotation', 'message', 'createdAt']).where('id', '=', id).executeTakeFirst();
}

/**
 * Whether a new lead's unfinished-survey alert is still news: its e-mail record exists and neither
 * it nor another attempt of the same person at the same campaign (another device, issue 22 item 6)
 * has been finished.
 */
export async function surveyStillOpen(db: Kysely<Database>, emailRecordId: string): Promise<boolean> {
  const row = await db.selectFrom('emailRecords').select(['isCompleted', 'leadId', 'campaignId']).where('id', '=', emailRecordId).executeTakeFirst();
  if (!row) return false;
  if (row.isCompleted) return false;
  if (row.leadId === null || row.campaignId === null) return true;
  const other = await db
    .selectFrom('emailRecords')
    .select('id')
    .where('leadId', '=', row.leadId)
    .where('campaignId', '=', row.campaignId)
    .where('isCompleted', '=', true)
    .executeTakeFirst();
  return other === undefined;
}

/** The campaign of an e-mail record still unfinished with answers kept; undefined otherwise. */
export async function unfinishedSurvey(db: Kysely<Database>, emailRecordId: string): Promise<{ campaignName: string | null } | undefined> {
  const row = await db
    .selectFrom('surveyProgress as p')
    .innerJoin('emailRecords as e', 'e.id', 'p.emailRecordId')
    .innerJoin('campaigns as c', 'c.id', 'p.campaignId')
    .select(['e.isCompleted', 'c.name'])
    .where('p.emailRecordId', '=', emailRecordId)
    .executeTakeFirst();
  if (!row || row.isCompleted) return undefined;
  return { campaignName: row.name };
}
