import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { cellText, parseAnswers } from '#shared/survey-json/survey-questions';
import { parseStoredMatches, type ListingMatches } from '#shared/matching/listing-match';
import type { SurveyReading } from '#shared/survey-json/survey-questions';
import { INBOUND_SUBJECT_PREFIX, isInboundSubject, type NotificationEventType, type StaffMailEventType } from '#shared/notifications/notifications.contract';
import type { ContactListing, EnquiryTopic } from '#shared/contact/contact.contract';
import { listingPagePath } from '#shared/paths';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '#shared/i18n/languages';

/** The person an event is about, as far as the studio knows them. */
export interface LeadSummary {
  _id: string | null;
  email: string;
  name: string | null;
  phone: string | null;
}

export interface EventActivity {
  /** `inbound`: a lead sent by a portal or another system (POST /api/inbound/leads). */
  type: 'email' | 'response' | 'contact' | 'inbound';
  at: string;
  campaignId?: string | null;
  campaignName?: string | null;
  completed?: boolean;
  /** A survey's answers as a person reads them, in the survey's order. */
  answers?: Array<{ question: string; answer: string }>;
  requestQuotation?: string;
  message?: string;
  /** A contact message about a listing: what the visitor wants, an answer or a site visit. */
  topic?: EnquiryTopic;
  /** `inbound`: the lead's id in the system that sent it. */
  externalId?: string;
  /** The language a survey was answered in, when not English (the visitor's e-mail follows it). */
  language?: Language;
}

/** The listing a contact message is about, as named when it was sent, with its public page. */
export interface EventListing extends ContactListing {
  url: string;
}

/** Matched listings, when the matching feature stored them with the response (the same result /result showed). */
export type EventMatches = ListingMatches;

/** The channel (short link) a person came through, as webhooks name it (README "Channels"). */
export interface EventChannel {
  id: string;
  code: string;
  name: string;
}

/** The UTM values a person came with: source, medium, campaign, content, term (those given). */
export type EventUtm = Partial<Record<'source' | 'medium' | 'campaign' | 'content' | 'term', string>>;

/** Where the activity came from: its channel and UTM values, null when none (README "Channels"). */
interface EventAttribution {
  channel?: EventChannel | null;
  utm?: EventUtm | null;
}

/** `data` of a Standard Webhooks message, and what the e-mails are built from. */
export interface EventData {
  lead: LeadSummary;
  activity: EventActivity;
  /** README "Channels": the channel of the record, response or message the event is about; null: none. */
  channel?: EventChannel | null;
  /** Its UTM values; null: none. */
  utm?: EventUtm | null;
  matches?: EventMatches;
  listing?: EventListing;
  /** A lead sent by API: the portal or system it came from (the call's `source`, e.g. "99acres"). */
  source?: string;
}

export interface EventRow {
  type: NotificationEventType;
  email: string;
  subjectId: string;
  leadId: string | null;
  createdAt: Date | string;
  /** Fixed when the event was written (`leads.import_assigned`: JSON of ImportAssignedPayload); null for the others. */
  payload?: string | null;
}

/** Reads a lead's name and phone; the leads feature provides the real one. */
export type LeadLookup = (db: Kysely<Database>, leadId: string | null, email: string) => Promise<LeadSummary>;

/** A contact message as the mails show it. */
export interface ContactActivity extends EventAttribution {
  firstname: string;
  lastname: string;
  requestQuotation: string;
  message: string;
  createdAt: Date | string;
  listing?: ContactListing;
  topic?: EnquiryTopic;
}

/**
 * What the mails and webhooks need from the rooms that own the data (contact, responses, surveys,
 * consent). Given at the composition root (app.ts), so notifications imports no other feature and
 * reads no other feature's tables.
 */
export interface NotificationSources {
  lookupLead: LeadLookup;
  contactMessage(db: Kysely<Database>, id: string): Promise<ContactActivity | undefined>;
  /** A finished response with its campaign's name and version. */
  completedResponse(
    db: Kysely<Database>,
    responseId: string,
  ): Promise<
    | ({
        answer: string;
        matches: string | null;
        createdAt: Date | string;
        campaignId: string;
        name: string;
        updatedAt: Date | string;
        language?: string;
      } & EventAttribution)
    | undefined
  >;
  /** An e-mail record with its campaign's name (null when it has none). */
  emailActivity(
    db: Kysely<Database>,
    emailRecordId: string,
  ): Promise<({ createdAt: Date | string; campaignId: string | null; isCompleted: unknown; name: string | null } & EventAttribution) | undefined>;
  campaignReading(db: Kysely<Database>, campaignId: string, updatedAt: Date | string): Promise<SurveyReading>;
  /** The API call that created a lead (its source and external id); undefined when none. */
  inboundOrigin?(db: Kysely<Database>, leadId: string): Promise<{ source: string; externalId: string; createdAt: Date | string } | undefined>;
  /** Whether a new lead's unfinished-survey alert is still news. */
  surveyStillOpen(db: Kysely<Database>, emailRecordId: string): Promise<boolean>;
  /** The campaign of an e-mail record still unfinished with answers kept; undefined otherwise. */
  unfinishedSurvey(db: Kysely<Database>, emailRecordId: string): Promise<{ campaignName: string | null; language?: string } | undefined>;
  issueResumeToken(db: Kysely<Database>, emailRecordId: string, now: Date): Promise<string>;
  isUnsubscribed(db: Kysely<Database>, email: string): Promise<boolean>;
  unsubscribeLinks(secret: string, siteUrl: string, email: string): { pageUrl: string; headers: Record<string, string> };
  /** The prices of matched listings by id, for the visitor's e-mail (each home with its price, link and photo). */
  listingPrices?(db: Kysely<Database>, kind: 'project' | 'product', ids: readonly string[]): Promise<Map<string, number | null>>;
  /**
   * The newsletter's confirmation mail of a queued link (decision 0018), built when sent; null when
   * the link was used or has expired. Without it the event is skipped.
   */
  newsletterConfirmMail?(
    db: Kysely<Database>,
    confirmationId: string,
    options: { secret: string; siteUrl: string; studioName: string; now: Date },
  ): Promise<{ subject: string; text: string; html: string } | null>;
  /**
   * The staff mails about leads (assigned, a reminder) of these events, in their order, built when
   * they are sent from the leads as they are then, reading each kind of row once for all of them;
   * null where no longer needed (the lead was contacted, reassigned or erased).
   */
  staffMails?(db: Kysely<Database>, events: readonly StaffMailEvent[], siteUrl: string): Promise<Array<StaffMail | null>>;
}

export interface StaffMailEvent {
  type: StaffMailEventType;
  subjectId: string;
  leadId: string | null;
  createdAt: Date | string;
  /** Fixed when the event was written (`leads.import_assigned`: the import's file, count and first names). */
  payload?: string | null;
}

export interface StaffMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export const emailOnlyLead: LeadLookup = async (_db, leadId, email) => ({ _id: leadId, email, name: null, phone: null });

/** `data.channel` and `data.utm`: always present, null when the row has none. */
const attributionOf = (row: EventAttribution | undefined) => ({ channel: row?.channel ?? null, utm: row?.utm ?? null });

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

/**
 * Builds an event's data from the rows it names (once, at fan-out: every retry sends the same).
 * `siteUrl` is the site's configured address, for the public links in it (a listing's page).
 */
export async function buildEventData(db: Kysely<Database>, event: EventRow, sources: NotificationSources, siteUrl: string): Promise<EventData> {
  const lead = await sources.lookupLead(db, event.leadId, event.email);
  const at = iso(event.createdAt);
  const contactData = (row: ContactActivity | undefined): EventData => {
    const name = row ? `${row.firstname} ${row.lastname}`.trim() : null;
    const listing = row?.listing;
    return {
      lead: { ...lead, name: lead.name ?? name },
      ...attributionOf(row),
      activity: {
        type: 'contact',
        at: row ? iso(row.createdAt) : at,
        requestQuotation: row?.requestQuotation,
        message: row?.message,
        ...(row?.topic ? { topic: row.topic } : {}),
      },
      ...(listing ? { listing: { ...listing, url: `${siteUrl.replace(/\/+$/, '')}${listingPagePath(listing.kind, listing.id)}` } } : {}),
    };
  };
  if (event.type === 'contact.created') return contactData(await sources.contactMessage(db, event.subjectId));
  if (event.type === 'survey.completed') {
    const row = await sources.completedResponse(db, event.subjectId);
    if (!row) return { lead, activity: { type: 'response', at, completed: true }, ...attributionOf(undefined) };
    // Stored answers are validated JSON; an unreadable one shows no answers rather than failing the event.
    const answers = parseAnswers(row.answer);
    const readable = (await sources.campaignReading(db, row.campaignId, row.updatedAt)).columns
      .map((c) => ({ question: c.title, answer: cellText(c.format(answers)) }))
      .filter((a) => a.answer !== '');
    const matches = parseStoredMatches(row.matches);
    return {
      lead,
      ...attributionOf(row),
      ...(matches ? { matches } : {}),
      activity: {
        type: 'response',
        at: iso(row.createdAt),
        campaignId: row.campaignId,
        campaignName: row.name,
        completed: true,
        answers: readable,
        ...(isLanguage(row.language) && row.language !== DEFAULT_LANGUAGE ? { language: row.language } : {}),
      },
    };
  }
  if (event.type === 'lead.created' && isInboundSubject(event.subjectId)) {
    // A lead a portal sent by API: its source, its id there.
    const origin = event.leadId ? await sources.inboundOrigin?.(db, event.leadId) : undefined;
    const name = event.subjectId.slice(INBOUND_SUBJECT_PREFIX.length);
    return {
      lead,
      ...attributionOf(undefined),
      source: origin?.source ?? name.slice(0, Math.max(0, name.indexOf(':'))),
      activity: { type: 'inbound', at: origin ? iso(origin.createdAt) : at, ...(origin ? { externalId: origin.externalId } : {}) },
    };
  }
  const record = await sources.emailActivity(db, event.subjectId);
  // A person whose first word was a contact message: lead.created names the message.
  if (!record && event.type === 'lead.created') {
    const message = await sources.contactMessage(db, event.subjectId);
    if (message) return contactData(message);
  }
  return {
    lead,
    ...attributionOf(record),
    activity: {
      type: 'email',
      at: record ? iso(record.createdAt) : at,
      campaignId: record?.campaignId ?? null,
      campaignName: record?.name ?? null,
      completed: Boolean(record?.isCompleted),
    },
  };
}

/**
 * The event's body. Reading its rows can fail (a survey that survey-core cannot read, say): the
 * event then goes out with what the outbox row itself says, rather than holding back every event
 * queued behind it.
 */
export async function eventBody(
  db: Kysely<Database>,
  event: { type: string; email: string; subjectId: string; leadId: string | null; createdAt: Date | string },
  sources: NotificationSources,
  siteUrl: string,
  log: FastifyBaseLogger,
): Promise<string> {
  const timestamp = new Date(event.createdAt).toISOString();
  let data: EventData;
  try {
    data = await buildEventData(db, event as EventRow, sources, siteUrl);
  } catch (error) {
    log.error({ err: error, event: event.subjectId, type: event.type }, 'could not read the data of a notification; sending what the outbox holds');
    const activity = event.type === 'contact.created' ? 'contact' : event.type === 'survey.completed' ? 'response' : 'email';
    data = { lead: { _id: event.leadId, email: event.email, name: null, phone: null }, activity: { type: activity, at: timestamp } };
  }
  return JSON.stringify({ type: event.type, timestamp, data });
}
