import { sql, SqliteAdapter, type Expression, type Kysely, type SqlBool } from 'kysely';
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

/** Conditions on a lead kept by other rooms (a completed survey, a visit), given its id; read in the same statement. */
export interface LeadFunnelConditions {
  completed: (leadId: Expression<string>) => Expression<SqlBool>;
  visitBooked: (leadId: Expression<string>) => Expression<SqlBool>;
  visitDone: (leadId: Expression<string>) => Expression<SqlBool>;
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

function scoped(db: Db, scope: LeadFunnelScope) {
  let query = db.selectFrom('leads').where('leads.hasSurvey', '=', true);
  if (scope.since) query = query.where('leads.createdAt', '>=', scope.since);
  if (scope.until) query = query.where('leads.createdAt', '<', scope.until);
  if (scope.channelId !== undefined) query = query.where('leads.firstChannelId', scope.channelId === null ? 'is' : '=', scope.channelId);
  if (scope.campaignId) {
    const campaignId = scope.campaignId;
    query = query.where((eb) =>
      eb.exists(eb.selectFrom('leadCampaigns').select(sql`1`.as('one')).whereRef('leadCampaigns.leadId', '=', 'leads.id').where('leadCampaigns.campaignId', '=', campaignId)),
    );
  }
  return query;
}

const count = (condition: Expression<SqlBool>) => sql<number | string>`sum(case when ${condition} then 1 else 0 end)`;

/**
 * Per first channel, each step's count over the scoped leads, in one statement (decision 0035):
 * contacted = the lead ever left `new` (a first-contact time, or a status other than new); won = status won.
 */
export async function leadFunnelCounts(db: Db, scope: LeadFunnelScope, conditions: LeadFunnelConditions): Promise<LeadFunnelCounts[]> {
  const leadId = sql.ref<string>('leads.id');
  const rows = await scoped(db, scope)
    .select((eb) => [
      'leads.firstChannelId as channelId',
      eb.fn.countAll<number | string>().as('emails'),
      count(conditions.completed(leadId)).as('completed'),
      count(eb.or([eb('leads.firstContactedAt', 'is not', null), eb('leads.status', '<>', 'new')])).as('contacted'),
      count(conditions.visitBooked(leadId)).as('visitBooked'),
      count(conditions.visitDone(leadId)).as('visitDone'),
      count(eb('leads.status', '=', 'won')).as('won'),
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

/** Minutes from each scoped lead's creation (its first e-mail) to its first contact, with its first channel. */
export async function leadFirstContactMinutes(db: Db, scope: LeadFunnelScope): Promise<Array<{ channelId: string | null; minutes: number }>> {
  const minutes =
    db.getExecutor().adapter instanceof SqliteAdapter
      ? sql<number>`(julianday(leads.first_contacted_at) - julianday(leads.created_at)) * 1440.0`
      : sql<number>`extract(epoch from (leads.first_contacted_at - leads.created_at)) / 60.0`;
  const rows = await scoped(db, scope).where('leads.firstContactedAt', 'is not', null).select(['leads.firstChannelId as channelId', minutes.as('minutes')]).execute();
  return rows.map((r) => ({ channelId: r.channelId, minutes: Number(r.minutes) }));
}
