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
  /** The leads with a first-contact time (the median's population). */
  timed: number;
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
      count(sql<SqlBool>`leads.first_contacted_at is not null`).as('timed'),
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
    timed: Number(r.timed),
  }));
}

/** The middle one or two values' mean, to one decimal; null when none. */
function middle(values: number[]): number | null {
  if (values.length === 0) return null;
  const value = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.round(value * 10) / 10;
}

/**
 * The median minutes from each scoped lead's creation (its first e-mail) to its first contact, per
 * first channel and over all of them. `timed` is how many scoped leads of each channel have a
 * first-contact time (leadFunnelCounts): each median is the middle one or two of those, read by the
 * database in order (ORDER BY … LIMIT … OFFSET), so only they come back, not every contacted lead.
 */
export async function leadFirstContactMedians(db: Db, scope: LeadFunnelScope, timed: ReadonlyMap<string | null, number>): Promise<{ byChannel: Map<string | null, number | null>; total: number | null }> {
  const minutes =
    db.getExecutor().adapter instanceof SqliteAdapter
      ? sql<number>`(julianday(leads.first_contacted_at) - julianday(leads.created_at)) * 1440.0`
      : sql<number>`extract(epoch from (leads.first_contacted_at - leads.created_at)) / 60.0`;
  const middleOf = async (channelScope: LeadFunnelScope, n: number) => {
    if (n === 0) return null;
    const rows = await scoped(db, channelScope)
      .where('leads.firstContactedAt', 'is not', null)
      .select(minutes.as('minutes'))
      .orderBy(minutes)
      .limit(n % 2 === 1 ? 1 : 2)
      .offset(Math.floor((n - 1) / 2))
      .execute();
    return middle(rows.map((r) => Number(r.minutes)));
  };
  const byChannel = new Map<string | null, number | null>();
  for (const [channelId, n] of timed) byChannel.set(channelId, await middleOf({ ...scope, channelId }, n));
  const total = await middleOf(scope, [...timed.values()].reduce((a, b) => a + b, 0));
  return { byChannel, total };
}
