import { DEFAULT_LANGUAGE, type Language } from '#shared/i18n/languages';
import type { Kysely } from 'kysely';
import { CAMPAIGN_MESSAGES } from '#shared/surveys/campaigns.contract';
import { type EmailList, type EmailRecord, type SurveyAnswers } from '#shared/responses/responses.contract';
import { isForeignKeyViolation, toBool, toIso } from '#server/db/database';
import type { Database } from '#server/db/schema';
import { badRequest, conflict, notFound } from '#server/lib/errors';
import { newId } from '#server/lib/ids';
import { leadDetailsFrom } from '#shared/leads/lead-fields';
import { addLeadCampaign, keepLeadCompleted, recordCompletedSurvey, touchLead } from '#server/features/leads';
import { eventRecordedSince, recordEvent } from '#server/features/notifications';
import { assignCreatedLead, reviewAssignmentByAnswers, type FollowUpView } from '#server/features/followup';
import type { ListingMatches } from '#shared/matching/listing-match';
import { campaignIdsNamed, campaignLeadFields, campaignNames, isCampaignActive, requireCampaignId } from '#server/features/surveys';
import { CHANNEL_MESSAGES, channelStatus, type Utm } from '#shared/channels/channels.contract';
import { channelUnavailable, lockChannel, lockVisitorChannel, type StudioContact, type VisitorChannel } from '#server/features/channels';
import * as responsesRepo from './responses.repository';
import * as progressRepo from './survey-progress.repository';
import { keepResponseContribution } from './dropoff-contributions';

/** A database or an open transaction: every function here does its work through the one it is given. */
type Db = Kysely<Database>;

export async function campaignEmailRecords(db: Db, id: string): Promise<EmailRecord[]> {
  await requireCampaignId(db, id);
  const rows = await responsesRepo.listEmailRecords(db, id);
  return rows.map((r) => ({ _id: r.id, email: r.email, date: toIso(r.createdAt), isCompleted: toBool(r.isCompleted) }));
}

export async function listAllEmailRecords(db: Db, query: { q?: string; limit: number; offset: number }): Promise<EmailList> {
  // A search also finds the records of the campaigns whose name matches: surveys owns the names.
  const campaignIds = query.q ? await campaignIdsNamed(db, query.q) : [];
  const { total, items } = await responsesRepo.searchEmailRecords(db, { ...query, campaignIds });
  const names = await campaignNames(
    db,
    items.map((r) => r.campaignId),
  );
  return {
    total,
    items: items.map((r) => ({
      _id: r.id,
      email: r.email,
      date: toIso(r.createdAt),
      isCompleted: toBool(r.isCompleted),
      campaignId: r.campaignId,
      campaignName: r.campaignId === null ? null : (names.get(r.campaignId)?.name ?? null),
    })),
  };
}

// The visitor's writes. Each takes the transaction it runs in and does only database work, so
// many of them can share one transaction (and one fsync) when writes are grouped.

/** Asking again for a "continue" e-mail within this time sends nothing new. */
export const RESUME_LINK_THROTTLE_MS = 2 * 60 * 1000;

export interface EmailRecordAdded {
  emailID: string;
  /** The person's lead (consent is stored against it, in the same transaction). */
  leadId: string;
  /** The person has unfinished answers: a link to continue was e-mailed (they are never returned here). */
  resumeLinkSent: boolean;
  /** True when the person's record was created; false for another attempt of someone who has one. */
  created: boolean;
  /** True when kept as a newsletter sign-up (no campaign). */
  newsletter: boolean;
  /** True when a notification event was recorded with it (the dispatcher can be woken). */
  event: boolean;
  /**
   * With `deferAssignment`: a new person's assignment, for the caller to run last in the same
   * transaction (undefined when there is none to make).
   */
  assign?: () => Promise<unknown>;
}

/** Where a visitor came from (README "Channels"), checked and with the moment of their arrival. */
export interface Arrival {
  /** The channel they came through, open at `at` and locked in this transaction; null: none. */
  channel: VisitorChannel | null;
  /** The link's UTM values over the channel's defaults; null: none. */
  utm: Utm | null;
  referrerHost: string | null;
  /** When they arrived: read after the channel's lock, so arrivals and completions are timed in the order they happened. */
  at: Date;
}

/**
 * A visitor's channel, UTM values and referrer, or undefined when they sent none (the spec's path,
 * unchanged). The channel's row is locked in this transaction (PostgreSQL) before its completed
 * responses are counted, as storeResponse locks it before completing one: on every instance, a
 * visitor is admitted only while fewer than `cap` have finished (decision 0032). An unknown code
 * is 404; a paused, closed, not-yet-open or full channel 409 with the sentence in the visitor's
 * language and the studio's contact details.
 */
export async function admitArrival(
  db: Db,
  input: { channel?: string | undefined; utm?: Utm | null | undefined; referrer?: string | undefined; language?: Language | undefined },
  clock: () => Date,
  studio: () => StudioContact,
): Promise<Arrival | undefined> {
  if (!input.channel && !input.utm && !input.referrer) return undefined;
  let channel: VisitorChannel | null = null;
  if (input.channel) {
    channel = (await lockVisitorChannel(db, input.channel)) ?? null;
    if (!channel) throw notFound(CHANNEL_MESSAGES.linkUnknown);
  }
  const at = clock();
  if (channel) {
    const completed = (await completedByChannel(db, [channel.id])).get(channel.id) ?? 0;
    const status = channelStatus(channel, completed, at);
    if (status !== 'open') throw channelUnavailable(input.language ?? DEFAULT_LANGUAGE, channel, status, studio());
  }
  const utm = { ...(channel?.utm ?? {}), ...(input.utm ?? {}) };
  return { channel, utm: Object.keys(utm).length > 0 ? utm : null, referrerHost: input.referrer ?? null, at };
}

function recordAttribution(arrival: Arrival): responsesRepo.RecordAttribution {
  return { channelId: arrival.channel?.id ?? null, utm: arrival.utm ? JSON.stringify(arrival.utm) : null, referrerHost: arrival.referrerHost };
}

/**
 * Keeps the visitor's e-mail for a campaign (or, with none, for the newsletter): one record per person
 * and campaign, the e-mail compared in any letter case. Only the active campaign takes e-mails (409
 * otherwise); a visitor who started while it was active still finishes (storeResponse does not look
 * at the flag).
 *
 * An e-mail alone proves nothing: when the person already has a record for the
 * campaign, the caller gets a new attempt of its own, never that record's id, so it can neither read,
 * overwrite nor finish the person's answers nor revoke their link. When the person has answers kept,
 * a "continue" link goes to the mailbox (at most one per RESUME_LINK_THROTTLE_MS): only its token
 * reopens them. A person who has finished stays finished (the lead too) while they answer again.
 */
export async function addEmailRecord(
  db: Db,
  input: { email: string; campaignid: string | null },
  /** Whose request this is (visitor mail is limited per sender): worked out only when a link is sent. */
  sender: () => string | null = () => null,
  settings?: FollowUpView,
  /** Where the visitor came from (admitArrival): a channel's visitor answers the channel's campaign, active or not. */
  arrival?: Arrival,
  /**
   * Leave a new person's assignment to the caller (`assign` in the answer), to run as the
   * transaction's last statements: by turn it locks the routing row until commit, and every new
   * lead waits for that lock, so the fewer statements after it, the sooner the next lead goes on
   * (decision 0046).
   */
  options: { deferAssignment?: boolean } = {},
): Promise<EmailRecordAdded> {
  const given = emailGiven(input, arrival);
  const lead = await touchEmailLead(db, given);
  return keepEmailRecord(db, given, lead, sender, settings, options);
}

/** An e-mail a visitor gave, read with where they came from: the campaign it is for (a channel's, else the one sent), when, and how. */
export interface EmailGiven {
  email: string;
  campaignId: string | null;
  /** No campaign: a newsletter sign-up. */
  newsletter: boolean;
  now: Date;
  arrival: Arrival | undefined;
  attribution: responsesRepo.RecordAttribution | undefined;
}

export function emailGiven(input: { email: string; campaignid: string | null }, arrival?: Arrival): EmailGiven {
  const campaignId = arrival?.channel ? arrival.channel.campaignId : input.campaignid;
  return {
    email: input.email,
    campaignId,
    newsletter: campaignId === null,
    now: arrival?.at ?? new Date(),
    arrival,
    attribution: arrival && recordAttribution(arrival),
  };
}

/**
 * The person's lead first (one upsert), so the record points at it; a refusal after it rolls it back.
 * A channel or UTM values are a touch: the lead's latest, and its first when it has none (README "Channels").
 */
export function touchEmailLead(db: Db, given: EmailGiven) {
  const { email, campaignId, newsletter, now, attribution } = given;
  const touch =
    attribution && (attribution.channelId !== null || attribution.utm !== null)
      ? { channelId: attribution.channelId, utm: attribution.utm, at: now }
      : undefined;
  return touchLead(db, { email, source: newsletter ? 'newsletter' : 'survey', campaignId, at: now, touch });
}

/**
 * The e-mail record of the person's lead (see addEmailRecord), with its event: `lead.created` for a
 * new person, `survey.resume_link` for one with answers kept. A new person's assignment is made here,
 * or handed back as `assign` with `deferAssignment`.
 */
export async function keepEmailRecord(
  db: Db,
  given: EmailGiven,
  lead: { id: string; created: boolean },
  sender: () => string | null,
  settings: FollowUpView | undefined,
  options: { deferAssignment?: boolean },
): Promise<EmailRecordAdded> {
  const { email, campaignId, newsletter, now, arrival, attribution } = given;
  // Twice at most: the record found by the failed insert may be gone (its campaign deleted) before we read it.
  for (let attempt = 0; attempt < 2; attempt++) {
    const id = newId();
    const added = attribution
      ? await responsesRepo.insertAttributedEmailRecord(db, {
          id,
          email,
          campaignId,
          leadId: lead.id,
          now,
          anyCampaign: Boolean(arrival?.channel),
          ...attribution,
        })
      : await responsesRepo.insertOpenEmailRecord(db, { id, email, campaignId, leadId: lead.id, now });
    if (added) {
      // The lead knows the campaigns the person answered (the inbox's campaign filter, decision 0020).
      if (campaignId !== null) await addLeadCampaign(db, lead.id, campaignId);
      // A new person: staff hear of them (at once by webhook; by e-mail if the survey stays unfinished).
      if (lead.created) await recordEvent(db, { type: 'lead.created', email, subjectId: id, leadId: lead.id }, now);
      // A new person gets an assignee in this same transaction (last, when the caller runs it).
      const assign = lead.created ? () => assignCreatedLead(db, { id: lead.id, email }, { campaignId }, now, settings) : undefined;
      if (assign && options.deferAssignment)
        return { emailID: id, leadId: lead.id, created: true, newsletter, event: lead.created, resumeLinkSent: false, assign };
      await assign?.();
      return { emailID: id, leadId: lead.id, created: true, newsletter, event: lead.created, resumeLinkSent: false };
    }
    if (campaignId !== null && !arrival?.channel) {
      const active = await isCampaignActive(db, campaignId);
      if (active === undefined) throw notFound(CAMPAIGN_MESSAGES.notFound);
      if (!active) throw conflict(CAMPAIGN_MESSAGES.campaignInactive, 'CAMPAIGN_INACTIVE');
    }
    const person = await responsesRepo.findPersonRecord(db, email, campaignId);
    if (!person) continue;
    // A newsletter sign-up has no answers and nothing can be written through its id.
    if (campaignId === null) return { emailID: person.id, leadId: lead.id, created: false, newsletter, event: false, resumeLinkSent: false };
    await responsesRepo.insertExtraEmailRecord(db, { id, email, campaignId, leadId: lead.id, now, attribution });
    if (toBool(person.isCompleted)) {
      // Finished once: answering again does not make the person unfinished.
      await keepLeadCompleted(db, { id: lead.id, campaignId });
      return { emailID: id, leadId: lead.id, created: false, newsletter, event: false, resumeLinkSent: false };
    }
    if (await progressRepo.hasProgress(db, person.id)) {
      // Answers are personal: whoever typed this e-mail gets a link in that mailbox, not the answers.
      const throttled = await eventRecordedSince(db, 'survey.resume_link', person.id, new Date(now.getTime() - RESUME_LINK_THROTTLE_MS));
      if (!throttled) await recordEvent(db, { type: 'survey.resume_link', email, subjectId: person.id, leadId: lead.id, sender: sender() }, now);
      return { emailID: id, leadId: lead.id, created: false, newsletter, event: !throttled, resumeLinkSent: true };
    }
    return { emailID: id, leadId: lead.id, created: false, newsletter, event: false, resumeLinkSent: false };
  }
  throw new Error('An e-mail record kept appearing and disappearing.');
}

/**
 * The e-mail record a visitor's write names, checked as every such write is: it exists (404), it
 * belongs to this campaign (400) and its e-mail is the one sent (400). The campaign must exist (404).
 */
export async function requireRecordOf(db: Db, campaignId: string, input: { email: string; emailId: string }) {
  const record = await responsesRepo.findEmailRecord(db, input.emailId);
  // A record of this campaign proves the campaign exists (foreign key): look it up only otherwise.
  if (!record || record.campaignId !== campaignId) await requireCampaignId(db, campaignId);
  if (!record) throw notFound(CAMPAIGN_MESSAGES.emailRecordNotFound);
  if (record.campaignId !== campaignId) {
    throw badRequest(CAMPAIGN_MESSAGES.emailRecordOtherCampaign, [{ field: 'response.emailId', message: CAMPAIGN_MESSAGES.emailRecordOtherCampaign }]);
  }
  if (record.email !== input.email) {
    throw badRequest(CAMPAIGN_MESSAGES.emailMismatch, [{ field: 'response.email', message: CAMPAIGN_MESSAGES.emailMismatch }]);
  }
  return record;
}

/**
 * The answers of a person known by phone only (an expo tablet's visitor who gave no e-mail,
 * decision 0044): a response of the lead, without an e-mail record. As storeResponse does for a
 * completed survey: the lead's completed campaign and details from the answers, its assignment by
 * the answers, the `survey.completed` event (staff mail and webhooks; no visitor mail: there is no
 * address). The caller keeps it once (the kiosk's own id) and has locked the channel.
 */
export async function storeLeadResponse(
  db: Db,
  campaignId: string,
  input: { leadId: string; answer: SurveyAnswers; language?: Language; channelId: string | null; utm: string | null },
  matches: ListingMatches | null,
  times: { now: Date; answeredAt: Date },
): Promise<{ responseId: string }> {
  const id = newId();
  await responsesRepo.insertLeadResponse(db, {
    id,
    campaignId,
    leadId: input.leadId,
    answer: JSON.stringify(input.answer),
    matches: matches ? JSON.stringify(matches) : null,
    language: input.language ?? DEFAULT_LANGUAGE,
    createdAt: times.answeredAt,
    channelId: input.channelId,
    utm: input.utm,
  });
  const details = leadDetailsFrom(await campaignLeadFields(db, campaignId), input.answer);
  await recordCompletedSurvey(db, { id: input.leadId, campaignId, at: times.now, ...details });
  await reviewAssignmentByAnswers(db, input.leadId, input.answer as Record<string, unknown>, times.now);
  await recordEvent(db, { type: 'survey.completed', email: '', subjectId: id, leadId: input.leadId }, times.now);
  return { responseId: id };
}

/**
 * Stores the visitor's answers; the e-mail record is completed with them (a trigger, in the same
 * statement). A repeated submission for the same record (a network retry) stores nothing new and
 * still succeeds. With the response, the lead is updated and survey.completed recorded: run it in a
 * transaction (writes.run).
 */
export async function storeResponse(
  db: Db,
  campaignId: string,
  input: { email: string; emailId: string; answer: SurveyAnswers; language?: Language },
  matches: ListingMatches | null = null,
  /** Whose request this is (a keyed hash of the address): visitor mail is limited per sender. */
  sender: string | null = null,
  /**
   * An answer given earlier and sent now (an expo tablet's queue): `now` is the arrival
   * (the lead, the events, the mails), `answeredAt` the response's own time. Both default to now.
   */
  times: { now?: Date; answeredAt?: Date } = {},
): Promise<{ stored: boolean; responseId: string | null }> {
  const record = await requireRecordOf(db, campaignId, input);
  // A channel's completion and its admissions take turns (admitArrival): the time is read after the lock.
  if (record.channelId !== null) await lockChannel(db, record.channelId);
  try {
    const id = newId();
    const now = times.now ?? new Date();
    const stored = await responsesRepo.insertResponseOnce(db, {
      id,
      campaignId,
      emailRecordId: record.id,
      leadId: record.leadId,
      answer: JSON.stringify(input.answer),
      matches: matches ? JSON.stringify(matches) : null,
      language: input.language ?? DEFAULT_LANGUAGE,
      now: times.answeredAt ?? now,
      channelId: record.channelId,
      utm: record.utm,
      referrerHost: record.referrerHost,
    });
    if (stored) {
      await keepResponseContribution(db, { id, campaignId, emailRecordId: record.id, answer: JSON.stringify(input.answer) });
      const details = leadDetailsFrom(await campaignLeadFields(db, campaignId), input.answer);
      await recordCompletedSurvey(db, { id: record.leadId, campaignId, at: now, ...details });
      // A locality rule may give the lead to someone now that its answers are known.
      await reviewAssignmentByAnswers(db, record.leadId, input.answer as Record<string, unknown>, now);
    }
    if (stored) {
      await recordEvent(db, { type: 'survey.completed', email: record.email, subjectId: id, leadId: record.leadId, sender }, now);
      // Finished: the unfinished answers go, and no resume token opens the survey again.
      await progressRepo.deleteProgressAndTokens(db, record.id);
      // Another attempt finished while the person's own record is not: it becomes the person's record.
      if (toBool(record.isExtra) && record.campaignId !== null)
        await responsesRepo.promoteFinishedAttempt(db, { id: record.id, email: record.email, campaignId: record.campaignId });
    }
    return { stored, responseId: stored ? id : null };
  } catch (error) {
    // The record (or its campaign) was deleted after we read it.
    if (isForeignKeyViolation(error)) throw notFound(CAMPAIGN_MESSAGES.emailRecordNotFound);
    throw error;
  }
}

// What other rooms read of responses: through here, so the door (index.ts) opens onto services; the
// statements are responses.repository.ts's.

/** Completed e-mail records (finished surveys) per channel, for the channels' caps and status. */
export async function completedByChannel(db: Db, channelIds: readonly string[]): Promise<Map<string, number>> {
  if (channelIds.length === 0) return new Map();
  return responsesRepo.completedCountsByChannel(db, channelIds);
}

/** The number of responses to the campaign. */
export const countResponses = (db: Db, campaignId: string) => responsesRepo.countResponses(db, campaignId);

/** The number of responses of every campaign that has any (the campaign list). */
export const responseCountsByCampaign = (db: Db) => responsesRepo.responseCountsByCampaign(db);

/** Whether anyone's e-mail record or answers still belong to this campaign (deleting it would cascade to them). */
export const campaignHasRecords = (db: Db, campaignId: string) => responsesRepo.campaignHasRecords(db, campaignId);

/** A person's e-mail records, oldest first, each with its response and its unfinished answers (the lead's page). */
export const leadSurveyRecords = (db: Db, leadId: string) => responsesRepo.leadSurveyRecords(db, leadId);
