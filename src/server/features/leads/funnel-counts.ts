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
    ? (db.selectFrom('leads').innerJoin('leadCampaigns', (join) => join.onRef('leadCampaigns.leadId', '=', 'leads.id').on('leadCampaigns.campaignId', '=', campaignId)) as unknown as Scoped)
    : db.selectFrom('leads');
  query = query.where('leads.hasSurvey', '=', true);
  if (scope.since) query = query.where('leads.createdAt', '>=', scope.since);
  if (scope.until) query = query.where('leads.createdAt', '<', scope.until);
  if (scope.channelId !== undefined) query = query.where('leads.firstChannelId', scope.channelId === null ? 'is' : '=', scope.channelId);
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
  return rows.map((r) => ({
    channelId: r.channelId,
    emails: Number(r.emails),
    completed: Number(r.completed),
    contacted: Number(r.contacted),
    visitBooked: Number(r.visitBooked),
    visitDone: Number(r.visitDone),
    won: Number(r.won),
  }));
}

/**
 * The median minutes from each scoped lead's creation (its first e-mail) to its first contact, per
 * first channel and over all of them (the mean of the middle two for an even count), in one
 * statement each way. PostgreSQL works them out itself (percentile_cont over grouping sets: only
 * one row per channel and the total come back). SQLite has no such aggregate: the database sorts
 * the minutes (one sort) and they are read in that order, each median picked from its middle.
 */
export async function leadFirstContactMedians(db: Db, scope: LeadFunnelScope): Promise<{ byChannel: Map<string | null, number | null>; total: number | null }> {
  const timed = scoped(db, scope).where('leads.firstContactedAt', 'is not', null);
  const byChannel = new Map<string | null, number | null>();
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    const minutes = sql<number>`extract(epoch from (leads.first_contacted_at - leads.created_at)) / 60.0`;
    const rows = await timed
      .select([
        'leads.firstChannelId as channelId',
        sql<number>`grouping(leads.first_channel_id)`.as('isTotal'),
        sql<number | string | null>`percentile_cont(0.5) within group (order by ${minutes})`.as('median'),
      ])
      .groupBy(sql`grouping sets ((leads.first_channel_id), ())`)
      .execute();
    let total: number | null = null;
    for (const r of rows) {
      const median = r.median === null ? null : Math.round(Number(r.median) * 10) / 10;
      if (Number(r.isTotal) === 1) total = median;
      else byChannel.set(r.channelId, median);
    }
    return { byChannel, total };
  }
  const minutes = sql<number>`(julianday(leads.first_contacted_at) - julianday(leads.created_at)) * 1440.0`;
  const rows = await timed.select(['leads.firstChannelId as channelId', minutes.as('minutes')]).orderBy(minutes).execute();
  const sorted = new Map<string | null, number[]>();
  for (const r of rows) {
    let list = sorted.get(r.channelId);
    if (!list) sorted.set(r.channelId, (list = []));
    list.push(Number(r.minutes));
  }
  for (const [channelId, list] of sorted) byChannel.set(channelId, middle(list));
  return { byChannel, total: middle(rows.map((r) => Number(r.minutes))) };
}

/** The median of values in ascending order, to one decimal; null when none. */
function middle(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const mid = sorted.length >> 1;
  const value = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Math.round(value * 10) / 10;
}
