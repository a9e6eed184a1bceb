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

/**
 * The scoped leads. `has_survey = true` is written as a literal so that both databases use the
 * partial index leads_funnel (its WHERE is the same literal; a bound parameter would not match it).
 */
function scoped(db: Db, scope: LeadFunnelScope): Scoped {
  const campaignId = scope.campaignId;
  let query: Scoped = campaignId
    ? (db.selectFrom('leads').innerJoin('leadCampaigns', (join) => join.onRef('leadCampaigns.leadId', '=', 'leads.id').on('leadCampaigns.campaignId', '=', campaignId)) as unknown as Scoped)
    : db.selectFrom('leads');
  query = query.where(sql<SqlBool>`leads.has_survey = true`);
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

/** The middle one or two values' mean, to one decimal; null when none. */
function middle(values: number[]): number | null {
  if (values.length === 0) return null;
  const value = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.round(value * 10) / 10;
}

/**
 * The median minutes from each scoped lead's creation (its first e-mail) to its first contact, per
 * first channel and over all of them, worked out by the database (window functions): only the
 * middle one or two rows of each come back, not every contacted lead.
 */
export async function leadFirstContactMedians(db: Db, scope: LeadFunnelScope): Promise<{ byChannel: Map<string | null, number | null>; total: number | null }> {
  const minutes =
    db.getExecutor().adapter instanceof SqliteAdapter
      ? sql<number>`(julianday(leads.first_contacted_at) - julianday(leads.created_at)) * 1440.0`
      : sql<number>`extract(epoch from (leads.first_contacted_at - leads.created_at)) / 60.0`;
  const ranked = scoped(db, scope)
    .where('leads.firstContactedAt', 'is not', null)
    .select([
      'leads.firstChannelId as channelId',
      minutes.as('minutes'),
      sql<number>`row_number() over (partition by leads.first_channel_id order by ${minutes})`.as('rank'),
      sql<number>`count(*) over (partition by leads.first_channel_id)`.as('count'),
      sql<number>`row_number() over (order by ${minutes})`.as('rankAll'),
      sql<number>`count(*) over ()`.as('countAll'),
    ]);
  // The middle rank of n is (n + 1) / 2, or n / 2 and n / 2 + 1: 2·rank is n, n + 1 or n + 2.
  const rows = await db
    .selectFrom(ranked.as('ranked'))
    .selectAll()
    .where((eb) =>
      eb.or([
        eb(sql<number>`2 * ${eb.ref('ranked.rank')}`, '>=', eb.ref('ranked.count')).and(sql<number>`2 * ${eb.ref('ranked.rank')}`, '<=', sql<number>`${eb.ref('ranked.count')} + 2`),
        eb(sql<number>`2 * ${eb.ref('ranked.rankAll')}`, '>=', eb.ref('ranked.countAll')).and(sql<number>`2 * ${eb.ref('ranked.rankAll')}`, '<=', sql<number>`${eb.ref('ranked.countAll')} + 2`),
      ]),
    )
    .execute();
  const mid = (rank: unknown, n: unknown) => 2 * Number(rank) >= Number(n) && 2 * Number(rank) <= Number(n) + 2;
  const perChannel = new Map<string | null, number[]>();
  const all: number[] = [];
  for (const r of rows) {
    if (mid(r.rank, r.count)) perChannel.set(r.channelId, [...(perChannel.get(r.channelId) ?? []), Number(r.minutes)]);
    if (mid(r.rankAll, r.countAll)) all.push(Number(r.minutes));
  }
  return { byChannel: new Map([...perChannel].map(([channel, values]) => [channel, middle(values)])), total: middle(all) };
}
