import { leadSourceKey } from '#shared/leads/lead-source';
import { sql, SqliteAdapter, type Expression, type ExpressionBuilder, type SqlBool, type Kysely, type Transaction } from 'kysely';
import { prepared } from '#server/db/prepared';
import type { Database } from '#server/db/schema';
import type { LEAD_SORTS, LeadFilters, LeadSource, LeadStatus } from '#shared/leads/leads.contract';

type LeadSort = (typeof LEAD_SORTS)[number];
import { phoneSearchTerm } from '#shared/phone';

type Db = Kysely<Database> | Transaction<Database>;

// Writes on the visitors' path: prepared once, one statement each -----------------------------

const upsertLeadQuery = prepared<{
  id: string;
  emailKey: string;
  email: string;
  name: string | null;
  phone: string | null;
  hasSurvey: boolean;
  hasContact: boolean;
  hasNewsletter: boolean;
  campaignId: string | null;
  at: Date;
  touchChannelId: string | null;
  touchUtm: string | null;
  touchAt: Date | null;
}>()((db, param) =>
  db
    .insertInto('leads')
    .values({
      id: param('id'),
      emailKey: param('emailKey'),
      email: param('email'),
      name: param('name'),
      phone: param('phone'),
      status: 'new',
      assigneeId: null,
      hasSurvey: param('hasSurvey'),
      hasContact: param('hasContact'),
      hasNewsletter: param('hasNewsletter'),
      lastCampaignId: param('campaignId'),
      lastCompleted: false,
      createdAt: param('at'),
      lastActivityAt: param('at'),
      firstChannelId: param('touchChannelId'),
      firstUtm: param('touchUtm'),
      firstTouchAt: param('touchAt'),
      latestChannelId: param('touchChannelId'),
      latestUtm: param('touchUtm'),
      latestTouchAt: param('touchAt'),
    })
    .onConflict((oc) =>
      oc.column('emailKey').doUpdateSet((eb) => ({
        email: eb.ref('excluded.email'),
        // Anyone may type anyone's address: a name or phone that comes with it only fills an empty
        // field, never replaces what is kept (decision 0023, arrivals); the caller notes the rest.
        name: sql<string | null>`coalesce(${eb.ref('leads.name')}, ${eb.ref('excluded.name')})`,
        phone: sql<string | null>`coalesce(${eb.ref('leads.phone')}, ${eb.ref('excluded.phone')})`,
        hasSurvey: sql<boolean>`case when ${eb.ref('excluded.hasSurvey')} then ${eb.ref('excluded.hasSurvey')} else ${eb.ref('leads.hasSurvey')} end`,
        hasContact: sql<boolean>`case when ${eb.ref('excluded.hasContact')} then ${eb.ref('excluded.hasContact')} else ${eb.ref('leads.hasContact')} end`,
        hasNewsletter: sql<boolean>`case when ${eb.ref('excluded.hasNewsletter')} then ${eb.ref('excluded.hasNewsletter')} else ${eb.ref('leads.hasNewsletter')} end`,
        lastCampaignId: sql<string | null>`coalesce(${eb.ref('excluded.lastCampaignId')}, ${eb.ref('leads.lastCampaignId')})`,
        lastCompleted: sql<boolean>`case when ${eb.ref('excluded.lastCampaignId')} is null then ${eb.ref('leads.lastCompleted')} else ${eb.ref('excluded.lastCompleted')} end`,
        lastActivityAt: eb.ref('excluded.lastActivityAt'),
        // README "Channels": the first touch is kept once set; an arrival with a touch becomes the latest.
        firstChannelId: sql<
          string | null
        >`case when ${eb.ref('leads.firstTouchAt')} is null then ${eb.ref('excluded.firstChannelId')} else ${eb.ref('leads.firstChannelId')} end`,
        firstUtm: sql<
          string | null
        >`case when ${eb.ref('leads.firstTouchAt')} is null then ${eb.ref('excluded.firstUtm')} else ${eb.ref('leads.firstUtm')} end`,
        firstTouchAt: sql<Date | null>`coalesce(${eb.ref('leads.firstTouchAt')}, ${eb.ref('excluded.firstTouchAt')})`,
        latestChannelId: sql<
          string | null
        >`case when ${eb.ref('excluded.latestTouchAt')} is null then ${eb.ref('leads.latestChannelId')} else ${eb.ref('excluded.latestChannelId')} end`,
        latestUtm: sql<
          string | null
        >`case when ${eb.ref('excluded.latestTouchAt')} is null then ${eb.ref('leads.latestUtm')} else ${eb.ref('excluded.latestUtm')} end`,
        latestTouchAt: sql<Date | null>`coalesce(${eb.ref('excluded.latestTouchAt')}, ${eb.ref('leads.latestTouchAt')})`,
      })),
    )
    .returning(['id', 'name', 'phone', 'mergedIntoId']),
);

/** An arrival through a channel or with UTM values (JSON text): the lead's latest touch, and its first when it has none. */
export interface LeadTouchInput {
  channelId: string | null;
  utm: string | null;
  at: Date;
}

/**
 * Creates the person's lead or records new activity on it, in one statement (concurrent
 * submissions from one e-mail meet at the unique key). `created` is true for a new person; `name`
 * and `phone` are what the lead keeps after it.
 */
export async function upsertLead(
  db: Db,
  input: {
    id: string;
    emailKey: string;
    email: string;
    name: string | null;
    phone?: string | null;
    /** Null: an arrival that is none of these (staff, imports). */
    source: LeadSource | null;
    campaignId: string | null;
    at: Date;
    touch?: LeadTouchInput | undefined;
  },
): Promise<{ id: string; created: boolean; name: string | null; phone: string | null; mergedIntoId: string | null }> {
  const row = await upsertLeadQuery.first(db as Kysely<Database>, {
    id: input.id,
    emailKey: input.emailKey,
    email: input.email,
    name: input.name,
    phone: input.phone ?? null,
    hasSurvey: input.source === 'survey',
    hasContact: input.source === 'contact',
    hasNewsletter: input.source === 'newsletter',
    campaignId: input.campaignId,
    at: input.at,
    touchChannelId: input.touch?.channelId ?? null,
    touchUtm: input.touch?.utm ?? null,
    touchAt: input.touch?.at ?? null,
  });
  if (!row) throw new Error('The lead upsert returned no row.');
  // New only if this statement inserted our id: comparing creation times counted two concurrent
  // sign-ups of one person in the same millisecond both as new (two lead.created events).
  return { id: row.id, created: row.id === input.id, name: row.name, phone: row.phone, mergedIntoId: row.mergedIntoId };
}

// The intake by e-mail and/or phone (leads.service.ts findOrCreateLead) -----------------

/** The leads that hold this e-mail key or this phone key (at most two), with the lead each was merged into. */
export function leadsByKeys(db: Db, keys: { emailKey: string | null; phoneKey: string | null }) {
  return db
    .selectFrom('leads')
    .select(['id', 'emailKey', 'phoneKey', 'mergedIntoId'])
    .where((eb) =>
      eb.or([...(keys.emailKey !== null ? [eb('emailKey', '=', keys.emailKey)] : []), ...(keys.phoneKey !== null ? [eb('phoneKey', '=', keys.phoneKey)] : [])]),
    )
    .execute();
}

export interface ArrivalValues {
  emailKey: string | null;
  email: string | null;
  phoneKey: string | null;
  phone: string | null;
  name: string | null;
  source: LeadSource | null;
  campaignId: string | null;
  at: Date;
  touch: LeadTouchInput | undefined;
}

/** A new lead; a concurrent one with the same key makes it fail (unique), and the caller looks again. */
export async function insertLead(db: Db, id: string, v: ArrivalValues): Promise<void> {
  await db
    .insertInto('leads')
    .values({
      id,
      emailKey: v.emailKey,
      email: v.email,
      phoneKey: v.phoneKey,
      phone: v.phone,
      name: v.name,
      status: 'new',
      assigneeId: null,
      hasSurvey: v.source === 'survey',
      hasContact: v.source === 'contact',
      hasNewsletter: v.source === 'newsletter',
      lastCampaignId: v.campaignId,
      lastCompleted: false,
      createdAt: v.at,
      lastActivityAt: v.at,
      firstChannelId: v.touch?.channelId ?? null,
      firstUtm: v.touch?.utm ?? null,
      firstTouchAt: v.touch?.at ?? null,
      latestChannelId: v.touch?.channelId ?? null,
      latestUtm: v.touch?.utm ?? null,
      latestTouchAt: v.touch?.at ?? null,
    })
    .execute();
}

/**
 * An arrival on an existing lead: its activity, and what it brought fills only empty fields
 * (decision 0023); the e-mail and phone keys only when `takeEmailKey` / `takePhoneKey` (no other lead
 * holds them). Returns what the lead keeps.
 */
export async function recordArrival(db: Db, id: string, v: ArrivalValues, take: { emailKey: boolean; phoneKey: boolean }) {
  return db
    .updateTable('leads')
    .set((eb) => ({
      name: sql<string | null>`coalesce(${eb.ref('name')}, ${v.name})`,
      ...(take.emailKey && v.emailKey !== null
        ? {
            emailKey: sql<string | null>`coalesce(${eb.ref('emailKey')}, ${v.emailKey})`,
            email: sql<string | null>`case when ${eb.ref('emailKey')} is null then ${v.email} else ${eb.ref('email')} end`,
          }
        : {}),
      ...(take.phoneKey && v.phoneKey !== null
        ? {
            phoneKey: sql<string | null>`coalesce(${eb.ref('phoneKey')}, ${v.phoneKey})`,
            phone: sql<string | null>`case when ${eb.ref('phoneKey')} is null and ${eb.ref('phone')} is null then ${v.phone} else ${eb.ref('phone')} end`,
          }
        : v.phone !== null
          ? { phone: sql<string | null>`coalesce(${eb.ref('phone')}, ${v.phone})` }
          : {}),
      ...(v.source === 'survey'
        ? { hasSurvey: true }
        : v.source === 'contact'
          ? { hasContact: true }
          : v.source === 'newsletter'
            ? { hasNewsletter: true }
            : {}),
      ...(v.campaignId !== null ? { lastCampaignId: v.campaignId, lastCompleted: false } : {}),
      lastActivityAt: v.at,
      ...(v.touch
        ? {
            firstChannelId: sql<string | null>`case when ${eb.ref('firstTouchAt')} is null then ${v.touch.channelId} else ${eb.ref('firstChannelId')} end`,
            firstUtm: sql<string | null>`case when ${eb.ref('firstTouchAt')} is null then ${v.touch.utm} else ${eb.ref('firstUtm')} end`,
            firstTouchAt: sql<Date | string | null>`coalesce(${eb.ref('firstTouchAt')}, ${v.touch.at})`,
            latestChannelId: v.touch.channelId,
            latestUtm: v.touch.utm,
            latestTouchAt: v.touch.at,
          }
        : {}),
    }))
    .where('id', '=', id)
    .returning(['id', 'name', 'phone'])
    .executeTakeFirst();
}

/** "Possible duplicate of …" both ways (once). */
export async function markPossibleDuplicates(db: Db, a: string, b: string, at: Date): Promise<void> {
  await db
    .insertInto('leadDuplicates')
    .values([
      { leadId: a, otherId: b, createdAt: at },
      { leadId: b, otherId: a, createdAt: at },
    ])
    .onConflict((oc) => oc.columns(['leadId', 'otherId']).doNothing())
    .execute();
}

/** The leads staff should look at beside this one. */
export function possibleDuplicates(db: Db, leadId: string) {
  return db
    .selectFrom('leadDuplicates')
    .innerJoin('leads', 'leads.id', 'leadDuplicates.otherId')
    .select(['leads.id', 'leads.email', 'leads.name', 'leads.phone'])
    .where('leadDuplicates.leadId', '=', leadId)
    .where('leads.mergedIntoId', 'is', null)
    .orderBy('leadDuplicates.createdAt')
    .execute();
}

const completeLeadQuery = prepared<{ id: string; campaignId: string; at: Date; name: string | null; phone: string | null }>()((db, param) =>
  db
    .updateTable('leads')
    .set((eb) => ({
      lastCampaignId: param('campaignId'),
      lastCompleted: true,
      surveyCompleted: true,
      lastActivityAt: param('at'),
      name: sql<string | null>`coalesce(${eb.ref('name')}, ${param('name')})`,
      phone: sql<string | null>`coalesce(${eb.ref('phone')}, ${param('phone')})`,
    }))
    .where('id', '=', param('id'))
    .returning(['name', 'phone']),
);

/**
 * A finished survey: the lead's latest campaign is complete; a name or phone it gave fills an empty
 * field only (anyone can finish a survey under any address). Returns what the lead keeps.
 */
export async function completeLead(
  db: Db,
  input: { id: string; campaignId: string; at: Date; name: string | null; phone: string | null },
): Promise<{ name: string | null; phone: string | null } | undefined> {
  return completeLeadQuery.first(db as Kysely<Database>, input);
}

/** The funnel's "completed" of this campaign (decision 0035): the person's row of it in lead_campaigns. */
const completeLeadCampaignQuery = prepared<{ leadId: string; campaignId: string }>()((db, param) =>
  db.updateTable('leadCampaigns').set({ completed: true }).where('leadId', '=', param('leadId')).where('campaignId', '=', param('campaignId')),
);

export async function completeLeadCampaign(db: Db, input: { leadId: string; campaignId: string }): Promise<void> {
  await completeLeadCampaignQuery.execute(db as Kysely<Database>, input);
}

/**
 * The funnel's survey steps of a lead from what the responses room read of its rows (a merge, an
 * unmerge): completed when any campaign is, and each campaign's own flag.
 */
export async function setSurveySteps(db: Db, leadId: string, completedCampaignIds: readonly string[]): Promise<void> {
  await db
    .updateTable('leads')
    .set({ surveyCompleted: completedCampaignIds.length > 0 })
    .where('id', '=', leadId)
    .execute();
  await db.updateTable('leadCampaigns').set({ completed: false }).where('leadId', '=', leadId).execute();
  if (completedCampaignIds.length > 0) {
    await db
      .updateTable('leadCampaigns')
      .set({ completed: true })
      .where('leadId', '=', leadId)
      .where('campaignId', 'in', [...completedCampaignIds])
      .execute();
  }
}

/** The funnel's visit steps of a lead, as the visits room read them from its rows. */
export async function setVisitSteps(db: Db, leadId: string, steps: { booked: boolean; done: boolean }): Promise<void> {
  await db.updateTable('leads').set({ visitBooked: steps.booked, visitDone: steps.done }).where('id', '=', leadId).execute();
}

/**
 * The person has finished this campaign before and just gave the e-mail again (touchLead marked the
 * lead unfinished): it is finished still.
 */
export async function keepLeadCompleted(db: Db, input: { id: string; campaignId: string }): Promise<void> {
  await db.updateTable('leads').set({ lastCompleted: true }).where('id', '=', input.id).where('lastCampaignId', '=', input.campaignId).execute();
}

/**
 * The person gave an e-mail for this campaign (after the e-mail record is written, in its
 * transaction): the inbox's campaign filter reads it. Nothing when already known.
 */
const addLeadCampaignQuery = prepared<{ leadId: string; campaignId: string }>()((db, param) =>
  db
    .insertInto('leadCampaigns')
    .values({ leadId: param('leadId'), campaignId: param('campaignId') })
    .onConflict((oc) => oc.columns(['leadId', 'campaignId']).doNothing()),
);

export async function addLeadCampaign(db: Db, leadId: string, campaignId: string): Promise<void> {
  await addLeadCampaignQuery.execute(db as Kysely<Database>, { leadId, campaignId });
}

// Staff reads: the leads' own tables only (decision 0020); names of campaigns and staff come from
// their owners, the person's records and messages from theirs (leads.service.ts).

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const dayEnd = (day: string) => new Date(new Date(`${day}T00:00:00.000Z`).getTime() + 86_400_000);

/**
 * The shortest text the SQLite search asks its FTS5 trigram index for (decision 0061): a trigram
 * index finds nothing shorter, so shorter text is looked for by the scan alone.
 */
const TRIGRAM = 3;

/** The filters as one WHERE clause; `withStatus: false` for the per-status counts. */
function where(db: Db, filters: LeadFilters, withStatus: boolean, now = new Date()) {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  return (eb: ExpressionBuilder<Database, 'leads'>) => {
    // A lead merged into another is shown as the one it was merged into.
    const parts: Expression<SqlBool>[] = [eb('leads.mergedIntoId', 'is', null)];
    if (filters.overdue) {
      parts.push(eb.or([eb.and([eb('leads.status', '=', 'new'), eb('leads.firstContactDueAt', '<=', now)]), eb('leads.nextActionDueAt', '<=', now)]));
    }
    if (withStatus && filters.status) parts.push(eb('leads.status', '=', filters.status));
    if (filters.source === 'survey') parts.push(eb('leads.hasSurvey', '=', true));
    if (filters.source === 'contact') parts.push(eb('leads.hasContact', '=', true));
    if (filters.source === 'newsletter') parts.push(eb('leads.hasNewsletter', '=', true));
    if (filters.campaign) {
      // The campaign's leads, read from its end of lead_campaigns (campaign_id, lead_id): the cost
      // follows the campaign's size. As EXISTS, SQLite probed lead_campaigns for every open lead
      // (100,000 leads: the counts 97 ms against 20 ms; decision 0080).
      parts.push(eb('leads.id', 'in', eb.selectFrom('leadCampaigns').select('leadCampaigns.leadId').where('leadCampaigns.campaignId', '=', filters.campaign)));
    }
    // Decision 0057: the leads of an import's or a call's source (any spelling of its name).
    if (filters.leadSource) parts.push(eb('leads.sourceKey', '=', leadSourceKey(filters.leadSource) ?? ''));
    if (filters.channelId) parts.push(eb.or([eb('leads.firstChannelId', '=', filters.channelId), eb('leads.latestChannelId', '=', filters.channelId)]));
    if (filters.from) parts.push(eb('leads.lastActivityAt', '>=', dayStart(filters.from)));
    if (filters.to) parts.push(eb('leads.lastActivityAt', '<', dayEnd(filters.to)));
    if (filters.q) {
      // A phone number however it was typed ("098450 12345", "+91 98450 12345") is looked for as
      // stored: E.164, or the digits of part of one.
      const term = phoneSearchTerm(filters.q) ?? filters.q.toLowerCase();
      const pattern = `%${escapeLike(term)}%`;
      // SQLite: the leads whose text holds the term, from the trigram index (leads_search, kept by
      // triggers); the LIKE below still decides, so the results are the scan's (PostgreSQL's
      // pg_trgm index serves the LIKE itself).
      if (sqlite && [...term].length >= TRIGRAM) {
        const phrase = `"${term.replaceAll('"', '""')}"`;
        parts.push(sql<boolean>`${sql.ref('leads.rowid')} in (select rowid from leads_search where leads_search match ${phrase})`);
      }
      parts.push(sql<boolean>`${eb.ref('leads.searchText')} like ${pattern} escape '\\'`);
    }
    return eb.and(parts);
  };
}

const listColumns = [
  'leads.id',
  'leads.email',
  'leads.name',
  'leads.phone',
  'leads.status',
  'leads.hasSurvey',
  'leads.hasContact',
  'leads.hasNewsletter',
  'leads.lastCampaignId',
  'leads.lastCompleted',
  'leads.assigneeId',
  'leads.assignedAt',
  'leads.firstContactDueAt',
  'leads.nextActionText',
  'leads.nextActionDueAt',
  'leads.createdAt',
  'leads.lastActivityAt',
  'leads.firstChannelId',
  'leads.firstUtm',
  'leads.firstTouchAt',
  'leads.latestChannelId',
  'leads.latestUtm',
  'leads.latestTouchAt',
  'leads.origin',
  'leads.sourceKey',
  'leads.sourceKind',
] as const;

function baseList(db: Db) {
  return db.selectFrom('leads').select(listColumns);
}

/** One page, newest activity first (or the soonest next action first). */
export function listLeads(db: Db, filters: LeadFilters, page: { limit: number; offset: number }, sort: LeadSort = 'activity') {
  return baseList(db)
    .where(where(db, filters, true))
    .$if(sort === 'next-action', (q) =>
      q.orderBy(sql`case when ${sql.ref('leads.next_action_due_at')} is null then 1 else 0 end`).orderBy('leads.nextActionDueAt', 'asc'),
    )
    .orderBy('leads.lastActivityAt', 'desc')
    .orderBy('leads.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export type LeadRow = Awaited<ReturnType<typeof listLeads>>[number];

/** Every lead the filters keep, `size` at a time, newest first (for the download). */
export async function* leadBatches(db: Db, filters: LeadFilters, size: number): AsyncGenerator<LeadRow[]> {
  for (let offset = 0; ; offset += size) {
    const rows = await listLeads(db, filters, { limit: size, offset });
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
  }
}

export async function countLeads(db: Db, filters: LeadFilters): Promise<{ total: number; byStatus: Map<LeadStatus, number> }> {
  const rows = await db
    .selectFrom('leads')
    .select(['leads.status', (eb) => eb.fn.countAll<string | number>().as('count')])
    .where(where(db, filters, false))
    .groupBy('leads.status')
    .execute();
  const byStatus = new Map(rows.map((r) => [r.status, Number(r.count)]));
  const total = filters.status ? (byStatus.get(filters.status) ?? 0) : [...byStatus.values()].reduce((a, b) => a + b, 0);
  return { total, byStatus };
}

/**
 * The dashboard's "Today" panel: the leads nobody has contacted yet (status new) and the overdue ones
 * at `now`, by the inbox's own filters (`where`), so the figures and the lists they open agree.
 * Each is one count on an index (leads_status_activity; leads_first_contact_due, leads_next_action_due).
 */
export async function waitingLeadCounts(db: Db, now: Date): Promise<{ new: number; overdue: number }> {
  const count = (filters: LeadFilters) =>
    db
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where(where(db, filters, true, now))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.count));
  const [fresh, overdue] = await Promise.all([count({ status: 'new' }), count({ overdue: true })]);
  return { new: fresh, overdue };
}

export function findLead(db: Db, id: string) {
  return baseList(db).where('leads.id', '=', id).executeTakeFirst();
}

export function leadTimeline(db: Db, leadId: string) {
  return db
    .selectFrom('leadEvents')
    .select(['type', 'byName', 'fromValue', 'toValue', 'text', 'createdAt'])
    .where('leadId', '=', leadId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

// Staff writes ----------------------------------------------------------------------------------

export async function updateLead(db: Db, id: string, changes: { status?: LeadStatus; assigneeId?: string | null; assignedAt?: Date | null }): Promise<void> {
  await db.updateTable('leads').set(changes).where('id', '=', id).execute();
}

export async function insertLeadEvent(
  db: Db,
  event: {
    id: string;
    leadId: string;
    type: 'status' | 'note' | 'assign';
    byId: string | null;
    byName: string;
    fromValue?: string | null;
    toValue?: string | null;
    text?: string | null;
    at: Date;
  },
): Promise<void> {
  const { at, ...rest } = event;
  await db
    .insertInto('leadEvents')
    .values({ fromValue: null, toValue: null, text: null, ...rest, createdAt: at })
    .execute();
}

/** For notifications: a lead's name and phone. */
export function leadContact(db: Db, id: string) {
  return db.selectFrom('leads').select(['id', 'email', 'name', 'phone']).where('id', '=', id).executeTakeFirst();
}

/** The lead of an e-mail key (unique), if any: consent and unsubscribes name the person by it. */
export function leadIdByEmailKey(db: Db, emailKey: string) {
  return db.selectFrom('leads').select('id').where('emailKey', '=', emailKey).executeTakeFirst();
}

/** The e-mail (and its key) of each of these leads, read a few hundred at a time: never one query per lead. */
export async function leadEmails(db: Db, ids: readonly string[]): Promise<Map<string, { email: string; emailKey: string }>> {
  // A lead known by phone only has no e-mail: it is left out.
  const found = new Map<string, { email: string; emailKey: string }>();
  const unique = [...new Set(ids)];
  for (let start = 0; start < unique.length; start += 500) {
    const rows = await db
      .selectFrom('leads')
      .select(['id', 'email', 'emailKey'])
      .where('id', 'in', unique.slice(start, start + 500))
      .execute();
    for (const row of rows) if (row.email !== null && row.emailKey !== null) found.set(row.id, { email: row.email, emailKey: row.emailKey });
  }
  return found;
}

/** What a follow-up mail or reminder reads of a lead. */
const FOLLOW_UP_COLUMNS = [
  'id',
  'email',
  'name',
  'phone',
  'status',
  'assigneeId',
  'assignedAt',
  'createdAt',
  'nextActionText',
  'nextActionDueAt',
  'firstContactDueAt',
] as const;

export function leadForFollowUp(db: Db, id: string) {
  return db.selectFrom('leads').select(FOLLOW_UP_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** leadForFollowUp of each of these leads, in one read: by id (a lead since erased is left out). */
export async function leadsForFollowUp(db: Db, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  const rows = unique.length === 0 ? [] : await db.selectFrom('leads').select(FOLLOW_UP_COLUMNS).where('id', 'in', unique).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

// Follow-up --------------------------------------------------------------------------

/** The first-contact due times of a lead just created (working hours, computed by the follow-up feature). */
type CreatedLeadDue = { id: string; firstContactDueAt: Date | null; firstContactEscalateAt: Date | null };
const setCreatedLeadDueQuery = prepared<CreatedLeadDue>()((db, param) =>
  db
    .updateTable('leads')
    .set({ firstContactDueAt: param('firstContactDueAt'), firstContactEscalateAt: param('firstContactEscalateAt') })
    .where('id', '=', param('id')),
);
const assignCreatedLeadQuery = prepared<CreatedLeadDue & { assigneeId: string; assignedAt: Date }>()((db, param) =>
  db
    .updateTable('leads')
    .set({
      firstContactDueAt: param('firstContactDueAt'),
      firstContactEscalateAt: param('firstContactEscalateAt'),
      assigneeId: param('assigneeId'),
      assignedAt: param('assignedAt'),
    })
    .where('id', '=', param('id')),
);

/** A lead just created: its first-contact due times and, when it has one, its assignee, in one statement. */
export async function updateCreatedLead(
  db: Db,
  id: string,
  changes: { firstContactDueAt: Date | null; firstContactEscalateAt: Date | null; assignee?: { id: string; at: Date } },
): Promise<void> {
  const { assignee, ...due } = changes;
  if (assignee) await assignCreatedLeadQuery.execute(db as Kysely<Database>, { id, ...due, assigneeId: assignee.id, assignedAt: assignee.at });
  else await setCreatedLeadDueQuery.execute(db as Kysely<Database>, { id, ...due });
}

const insertAssignLineQuery = prepared<{ id: string; leadId: string; byName: string; toValue: string; at: Date }>()((db, param) =>
  db.insertInto('leadEvents').values({
    id: param('id'),
    leadId: param('leadId'),
    type: 'assign',
    byId: null,
    byName: param('byName'),
    fromValue: null,
    toValue: param('toValue'),
    text: null,
    createdAt: param('at'),
  }),
);

/** The timeline's line for a new lead's automatic assignment (no one before it). */
export async function insertAssignLine(db: Db, line: { id: string; leadId: string; byName: string; toValue: string; at: Date }): Promise<void> {
  await insertAssignLineQuery.execute(db as Kysely<Database>, line);
}

export type FollowUpReminder = 'first_contact_due' | 'first_contact_overdue' | 'next_action_due';

const REMINDER_COLUMNS = {
  first_contact_due: { due: 'firstContactDueAt', taken: 'firstContactRemindedAt', onlyNew: true },
  first_contact_overdue: { due: 'firstContactEscalateAt', taken: 'firstContactEscalatedAt', onlyNew: true },
  next_action_due: { due: 'nextActionDueAt', taken: 'nextActionRemindedAt', onlyNew: false },
} as const;

/**
 * Takes up to `limit` reminders of one kind that are due: one conditional UPDATE (the reminder not
 * yet taken), so a reminder is taken once however many instances run it, and never again after a
 * restart. Run it in the transaction that records the reminders' events.
 */
export function claimDueReminders(db: Db, kind: FollowUpReminder, now: Date, limit: number) {
  const { due, taken, onlyNew } = REMINDER_COLUMNS[kind];
  return (
    db
      .updateTable('leads')
      .set({ [taken]: now })
      .where(taken, 'is', null)
      .where(due, '<=', now)
      // A merged lead is worked on as the one it was merged into.
      .where('mergedIntoId', 'is', null)
      .$if(onlyNew, (q) => q.where('status', '=', 'new'))
      .where('id', 'in', (eb) => {
        let pick = eb.selectFrom('leads').select('id').where(taken, 'is', null).where(due, '<=', now);
        if (onlyNew) pick = pick.where('status', '=', 'new');
        return pick.orderBy(due).limit(limit);
      })
      .returning(['id', 'email'])
      .execute()
  );
}

/** Sets (or clears, with null) the next action; a new one will be reminded again. */
export async function setNextAction(db: Db, id: string, action: { text: string; dueAt: Date } | null): Promise<void> {
  await db
    .updateTable('leads')
    .set({ nextActionText: action?.text ?? null, nextActionDueAt: action?.dueAt ?? null, nextActionRemindedAt: null })
    .where('id', '=', id)
    .execute();
}

/** The first time a lead leaves `new`: when it was first contacted (for the first-contact figures). */
export async function markFirstContacted(db: Db, id: string, at: Date): Promise<void> {
  await db.updateTable('leads').set({ firstContactedAt: at }).where('id', '=', id).where('firstContactedAt', 'is', null).execute();
}

/** A staff member's leads for the morning digest: still new past their target, or with a next action due by `until`. */
/** Each lead's assignee (null when nobody has it), for the ids given. */
export async function leadAssignees(db: Db, ids: readonly string[]): Promise<Map<string, string | null>> {
  const unique = [...new Set(ids)];
  const found = new Map<string, string | null>();
  for (let start = 0; start < unique.length; start += 500) {
    const rows = await db
      .selectFrom('leads')
      .select(['id', 'assigneeId'])
      .where('id', 'in', unique.slice(start, start + 500))
      .execute();
    for (const row of rows) found.set(row.id, row.assigneeId);
  }
  return found;
}

export function digestLeads(db: Db, staffId: string, now: Date, until: Date) {
  return db
    .selectFrom('leads')
    .select(['id', 'email', 'name', 'phone', 'status', 'firstContactDueAt', 'nextActionText', 'nextActionDueAt'])
    .where('assigneeId', '=', staffId)
    .where('mergedIntoId', 'is', null)
    .where((eb) => eb.or([eb.and([eb('status', '=', 'new'), eb('firstContactDueAt', '<=', now)]), eb('nextActionDueAt', '<', until)]))
    .orderBy('createdAt')
    .limit(200)
    .execute();
}

/** Leads created since `since` with their assignee and first contact (the dashboard's figures). */
export function firstContactRows(db: Db, since: Date) {
  return db
    .selectFrom('leads')
    .select(['id', 'assigneeId', 'createdAt', 'firstContactDueAt', 'firstContactedAt', 'status'])
    .where('createdAt', '>=', since)
    .where('firstContactDueAt', 'is not', null)
    .orderBy('createdAt')
    .execute();
}

/** Whether the lead's latest assignment was automatic (by turn or rule), not a person's. */
export async function lastAssignmentAutomatic(db: Db, leadId: string): Promise<boolean> {
  const row = await db
    .selectFrom('leadEvents')
    .select('byId')
    .where('leadId', '=', leadId)
    .where('type', '=', 'assign')
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined && row.byId === null;
}

/** Every lead source (imports and API callers), key and name. */
export function allLeadSources(db: Db) {
  return db.selectFrom('leadSources').select(['key', 'name']).execute();
}

/** The names of these lead sources, by key. */
export async function leadSourceNames(db: Db, keys: readonly string[]): Promise<Map<string, string>> {
  const found = await db.selectFrom('leadSources').select(['key', 'name']).where('key', 'in', keys).execute();
  return new Map(found.map((f) => [f.key, f.name]));
}

/** A savepoint of the caller's transaction: begun, released, or rolled back to (and released). */
export const leadIntakeSavepoint = {
  begin: async (db: Db) => void (await sql`savepoint lead_intake`.execute(db)),
  release: async (db: Db) => void (await sql`release savepoint lead_intake`.execute(db)),
  rollBack: async (db: Db) => {
    await sql`rollback to savepoint lead_intake`.execute(db);
    await sql`release savepoint lead_intake`.execute(db);
  },
};
