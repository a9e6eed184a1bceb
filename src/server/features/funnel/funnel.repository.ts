import { sql, SqliteAdapter, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '#server/db/schema';

type Db = Kysely<Database>;

/** The leads of the funnel (decision 0035): survey leads created in [since, until), of a campaign, of a channel (null: none). */
export interface FunnelScope {
  since?: Date | undefined;
  until?: Date | undefined;
  campaignId?: string | undefined;
  /** undefined: every channel; null: the leads of no channel. */
  channelId?: string | null | undefined;
}

export interface FunnelCountRow {
  channelId: string | null;
  emails: number;
  completed: number;
  contacted: number;
  visitBooked: number;
  visitDone: number;
  won: number;
}

const onSqlite = (db: Db) => db.getExecutor().adapter instanceof SqliteAdapter;

function scoped(db: Db, scope: FunnelScope) {
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

/** Per first channel: each step's count, in one pass over the scoped leads. */
export async function funnelCounts(db: Db, scope: FunnelScope): Promise<FunnelCountRow[]> {
  const rows = await scoped(db, scope)
    .select((eb) => {
      let completed = eb.selectFrom('emailRecords').select(sql`1`.as('one')).whereRef('emailRecords.leadId', '=', 'leads.id').where('emailRecords.isCompleted', '=', true);
      if (scope.campaignId) completed = completed.where('emailRecords.campaignId', '=', scope.campaignId);
      const visit = eb.selectFrom('visits').select(sql`1`.as('one')).whereRef('visits.leadId', '=', 'leads.id');
      return [
        'leads.firstChannelId as channelId',
        eb.fn.countAll<number | string>().as('emails'),
        count(eb.exists(completed)).as('completed'),
        count(eb.or([eb('leads.firstContactedAt', 'is not', null), eb('leads.status', '<>', 'new')])).as('contacted'),
        count(eb.exists(visit)).as('visitBooked'),
        count(eb.exists(visit.where('visits.status', '=', 'done'))).as('visitDone'),
        count(eb('leads.status', '=', 'won')).as('won'),
      ];
    })
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

/** Minutes from each contacted lead's creation to its first contact, with its first channel (for the medians). */
export async function firstContactMinutes(db: Db, scope: FunnelScope): Promise<Array<{ channelId: string | null; minutes: number }>> {
  const minutes = onSqlite(db)
    ? sql<number>`(julianday(leads.first_contacted_at) - julianday(leads.created_at)) * 1440.0`
    : sql<number>`extract(epoch from (leads.first_contacted_at - leads.created_at)) / 60.0`;
  const rows = await scoped(db, scope).where('leads.firstContactedAt', 'is not', null).select(['leads.firstChannelId as channelId', minutes.as('minutes')]).execute();
  return rows.map((r) => ({ channelId: r.channelId, minutes: Number(r.minutes) }));
}

/** The channels the funnel names: all, or a campaign's. */
export function funnelChannels(db: Db, campaignId?: string): Promise<Array<{ id: string; name: string; campaignId: string }>> {
  let query = db.selectFrom('channels').select(['id', 'name', 'campaignId']).orderBy('name').orderBy('id');
  if (campaignId) query = query.where('campaignId', '=', campaignId);
  return query.execute();
}

/** A survey's visitors for the drop-off: each e-mail record of the campaign in scope with its response or kept progress. */
export async function dropoffRecords(
  db: Db,
  scope: { campaignId: string; channelId?: string | null | undefined; since?: Date | undefined; until?: Date | undefined },
): Promise<Array<{ response: string | null; progress: string | null; page: number | null; furthestPage: number | null }>> {
  let query = db
    .selectFrom('emailRecords')
    .leftJoin('surveyResponses', 'surveyResponses.emailRecordId', 'emailRecords.id')
    .leftJoin('surveyProgress', 'surveyProgress.emailRecordId', 'emailRecords.id')
    .select(['surveyResponses.answer as response', 'surveyProgress.answer as progress', 'surveyProgress.page as page', 'surveyProgress.furthestPage as furthestPage'])
    .where('emailRecords.campaignId', '=', scope.campaignId);
  if (scope.channelId !== undefined) query = query.where('emailRecords.channelId', scope.channelId === null ? 'is' : '=', scope.channelId);
  if (scope.since) query = query.where('emailRecords.createdAt', '>=', scope.since);
  if (scope.until) query = query.where('emailRecords.createdAt', '<', scope.until);
  const rows = await query.execute();
  return rows.map((r) => ({ response: r.response, progress: r.progress, page: r.page === null ? null : Number(r.page), furthestPage: r.furthestPage === null ? null : Number(r.furthestPage) }));
}
