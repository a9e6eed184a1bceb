import { sql, SqliteAdapter, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Database } from '#server/db/schema';

type Db = Kysely<Database>;

/** The leads of the funnel (decision 0035): survey leads created in [since, until), of a campaign, of a first channel (null: none). */
export interface LeadFunnelScope {
  since?: Date | undefined;
  until?: Date | undefined;
  campaignId?: string | undefined;
  /** undefined: every channel; null: the leads of no channel. */
  channelId?: string | null | undefined;
}

/** The leads of the funnel's source rows (decision 0057): imported and API leads created in [since, until), not merged into another, of one source or all. */
export interface LeadSourceScope {
  since?: Date | undefined;
  until?: Date | undefined;
  /** A source's key (leadSourceKey); undefined: every source. */
  sourceKey?: string | undefined;
}

export interface LeadSourceFunnelCounts extends Omit<LeadFunnelCounts, 'channelId'> {
  sourceKey: string;
  name: string;
  /** Leads of the source the imports created, and the calls. */
  imported: number;
  byApi: number;
}

export interface LeadFunnelCounts {
  channelId: string | null;
  emails: number;
  completed: number;
  contacted: number;
  visitBooked: number;
  visitDone: number;
  won: number;
}

// With a campaign, its leads come through lead_campaigns (joined on the lead's key); the builder's
// type is the leads' own either way, the joined columns read by name.
type Scoped = SelectQueryBuilder<Database, 'leads', object>;

/** The scoped leads: read from the index leads_funnel alone (with a campaign, and lead_campaigns_campaign). */
function scoped(db: Db, scope: LeadFunnelScope): Scoped {
  const campaignId = scope.campaignId;
  let query: Scoped = campaignId
    ? (db
        .selectFrom('leads')
        .innerJoin('leadCampaigns', (join) =>
          join.onRef('leadCampaigns.leadId', '=', 'leads.id').on('leadCampaigns.campaignId', '=', campaignId),
        ) as unknown as Scoped)
    : db.selectFrom('leads');
  // Decision 0057: imported and API leads are counted under their source, not here.
  query = query.where('leads.hasSurvey', '=', true).where('leads.sourceKey', 'is', null);
  if (scope.since) query = query.where('leads.createdAt', '>=', scope.since);
  if (scope.until) query = query.where('leads.createdAt', '<', scope.until);
  if (scope.channelId !== undefined) query = query.where('leads.firstChannelId', scope.channelId === null ? 'is' : '=', scope.channelId);
  return query;
}

/** The source leads in scope: read from the partial index leads_source_funnel alone. */
function sourceScoped(db: Db, scope: LeadSourceScope) {
  let query = db.selectFrom('leads').where('leads.sourceKey', 'is not', null).where('leads.mergedIntoId', 'is', null);
  if (scope.sourceKey !== undefined) query = query.where('leads.sourceKey', '=', scope.sourceKey);
  if (scope.since) query = query.where('leads.createdAt', '>=', scope.since);
  if (scope.until) query = query.where('leads.createdAt', '<', scope.until);
  return query;
}

const count = (condition: ReturnType<typeof sql<SqlBool>>) => sql<number | string>`sum(case when ${condition} then 1 else 0 end)`;

/**
 * Per first channel, each step's count over the scoped leads, in one statement over the lead's own
 * columns (decision 0035): completed = `survey_completed` (with a campaign, that campaign's
 * `lead_campaigns.completed`); contacted = the lead ever left `new` (a first-contact time, or a status
 * other than new); visit booked / done = `visit_booked` / `visit_done`; won = status won.
 */
export async function leadFunnelCounts(db: Db, scope: LeadFunnelScope): Promise<LeadFunnelCounts[]> {
  const completed = scope.campaignId ? sql<SqlBool>`lead_campaigns.completed = true` : sql<SqlBool>`leads.survey_completed = true`;
  const rows = await scoped(db, scope)
    .select((eb) => [
      'leads.firstChannelId as channelId',
      eb.fn.countAll<number | string>().as('emails'),
      count(completed).as('completed'),
      count(sql<SqlBool>`leads.first_contacted_at is not null or leads.status <> 'new'`).as('contacted'),
      count(sql<SqlBool>`leads.visit_booked = true`).as('visitBooked'),
      count(sql<SqlBool>`leads.visit_done = true`).as('visitDone'),
      count(sql<SqlBool>`leads.status = 'won'`).as('won'),
    ])
    .groupBy('leads.firstChannelId')
    .execute();
  return rows.map((r) => ({ channelId: r.channelId, ...stepCounts(r) }));
}

/**
 * Per source, each step's count over its leads (decision 0057), in one statement grouped by
 * `source_key`: e-mails = the leads with an e-mail; the other steps as for a channel. The names are
 * read from lead_sources for the keys found.
 */
export async function leadSourceFunnelCounts(db: Db, scope: LeadSourceScope): Promise<LeadSourceFunnelCounts[]> {
  return namedSources(db, await sourceCountRows(db, scope));
}

/** The source rows' counts per source key, without their names. */
export async function sourceCountRows(db: Db, scope: LeadSourceScope): Promise<SourceCountRow[]> {
  const rows = await sourceScoped(db, scope)
    .select([
      'leads.sourceKey',
      count(sql<SqlBool>`leads.email_key is not null`).as('emails'),
      count(sql<SqlBool>`leads.survey_completed = true`).as('completed'),
      count(sql<SqlBool>`leads.first_contacted_at is not null or leads.status <> 'new'`).as('contacted'),
      count(sql<SqlBool>`leads.visit_booked = true`).as('visitBooked'),
      count(sql<SqlBool>`leads.visit_done = true`).as('visitDone'),
      count(sql<SqlBool>`leads.status = 'won'`).as('won'),
      count(sql<SqlBool>`leads.source_kind = 'import'`).as('imported'),
      count(sql<SqlBool>`leads.source_kind = 'api'`).as('byApi'),
    ])
    .groupBy('leads.sourceKey')
    .execute();
  return rows.map((r) => ({ sourceKey: r.sourceKey!, ...stepCounts(r), imported: Number(r.imported), byApi: Number(r.byApi) }));
}

export type SourceCountRow = Omit<LeadSourceFunnelCounts, 'name'>;

/** Source rows with their names (lead_sources, for the keys found), sorted by name. */
export async function namedSources(db: Db, rows: SourceCountRow[]): Promise<LeadSourceFunnelCounts[]> {
  const keys = rows.map((r) => r.sourceKey);
  const names = new Map<string, string>();
  for (let i = 0; i < keys.length; i += 500) {
    for (const n of await db
      .selectFrom('leadSources')
      .select(['key', 'name'])
      .where('key', 'in', keys.slice(i, i + 500))
      .execute())
      names.set(n.key, n.name);
  }
  return rows.map((r) => ({ ...r, name: names.get(r.sourceKey) ?? r.sourceKey })).sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/**
 * The median minutes from each scoped lead's creation (its first e-mail) to its first contact, per
 * first channel and over all of them (the mean of the middle two for an even count), in one
 * statement each way. PostgreSQL works them out itself (percentile_cont over grouping sets: only
 * one row per channel and the total come back). SQLite has no such aggregate: the database sorts
 * the minutes (one sort) and they are read in that order, each median picked from its middle.
 */
export async function leadFirstContactMedians(
  db: Db,
  scope: LeadFunnelScope | null,
  sources: LeadSourceScope | null = null,
): Promise<{ byChannel: Map<string | null, number | null>; bySource: Map<string, number | null>; total: number | null }> {
  const found = timedLeads(db, scope, sources);
  if (!found) return { byChannel: new Map(), bySource: new Map(), total: null };
  const { timed, group } = found;
  const byChannel = new Map<string | null, number | null>();
  const bySource = new Map<string, number | null>();
  const put = (key: string, median: number | null) => {
    if (key.startsWith('s')) bySource.set(key.slice(1), median);
    else byChannel.set(key.length > 1 ? key.slice(1) : null, median);
  };
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    const minutes = sql<number>`extract(epoch from (leads.first_contacted_at - leads.created_at)) / 60.0`;
    const rows = await timed
      .select([
        group.as('rowKey'),
        sql<number>`grouping(${group})`.as('isTotal'),
        sql<number | string | null>`percentile_cont(0.5) within group (order by ${minutes})`.as('median'),
      ])
      .groupBy(sql`grouping sets ((${group}), ())`)
      .execute();
    let total: number | null = null;
    for (const r of rows) {
      const median = r.median === null ? null : Math.round(Number(r.median) * 10) / 10;
      if (Number(r.isTotal) === 1) total = median;
      else put(r.rowKey, median);
    }
    return { byChannel, bySource, total };
  }
  const minutes = sql<number>`(julianday(leads.first_contacted_at) - julianday(leads.created_at)) * 1440.0`;
  const rows = await timed
    .select([group.as('rowKey'), minutes.as('minutes')])
    .orderBy(minutes)
    .execute();
  const sorted = new Map<string, number[]>();
  for (const r of rows) {
    let list = sorted.get(r.rowKey);
    if (!list) sorted.set(r.rowKey, (list = []));
    list.push(Number(r.minutes));
  }
  for (const [key, list] of sorted) put(key, middle(list));
  return { byChannel, bySource, total: middle(rows.map((r) => Number(r.minutes))) };
}

/**
 * The scoped leads with a first-contact time, and each one's funnel row as text: 'c' + its first
 * channel ('c' alone: none), 's' + its source (decision 0057); null when neither kind is in scope.
 */
export function timedLeads(
  db: Db,
  scope: LeadFunnelScope | null,
  sources: LeadSourceScope | null,
): { timed: Scoped; group: ReturnType<typeof sql<string>> } | null {
  const channelKey = sql<string>`'c' || coalesce(leads.first_channel_id, '')`;
  const sourceKey = sql<string>`'s' || leads.source_key`;
  let timed: Scoped;
  let group: ReturnType<typeof sql<string>>;
  if (scope && !sources) {
    timed = scoped(db, scope);
    group = channelKey;
  } else if (!scope && sources) {
    timed = sourceScoped(db, sources) as Scoped;
    group = sourceKey;
  } else if (scope && sources) {
    // Both kinds of rows (no campaign, no channel chosen: source leads belong to none), in one statement.
    let both = db
      .selectFrom('leads')
      .where((eb) =>
        eb.or([
          eb.and([eb('leads.hasSurvey', '=', true), eb('leads.sourceKey', 'is', null)]),
          eb.and([eb('leads.sourceKey', 'is not', null), eb('leads.mergedIntoId', 'is', null)]),
        ]),
      );
    if (scope.since) both = both.where('leads.createdAt', '>=', scope.since);
    if (scope.until) both = both.where('leads.createdAt', '<', scope.until);
    timed = both as Scoped;
    group = sql<string>`case when leads.source_key is null then ${channelKey} else ${sourceKey} end`;
  } else {
    return null;
  }
  return { timed: timed.where('leads.firstContactedAt', 'is not', null), group };
}

/** The median of values in ascending order, to one decimal; null when none. */
function middle(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const mid = sorted.length >> 1;
  const value = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Math.round(value * 10) / 10;
}

type StepCountRow = Record<'emails' | 'completed' | 'contacted' | 'visitBooked' | 'visitDone' | 'won', number | string | bigint>;

/** A grouped row's step counts as numbers (the drivers give counts as text or bigint). */
function stepCounts(r: StepCountRow) {
  return {
    emails: Number(r.emails),
    completed: Number(r.completed),
    contacted: Number(r.contacted),
    visitBooked: Number(r.visitBooked),
    visitDone: Number(r.visitDone),
    won: Number(r.won),
  };
}
