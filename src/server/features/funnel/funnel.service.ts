import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { badRequest } from '#server/lib/errors';
import { findCampaign } from '#server/features/surveys';
import { channelsOfCampaign, linkVisitsByChannel } from '#server/features/channels';
import { firstContactMedians, funnelStepCounts, type LeadFunnelScope, type LeadSourceScope } from '#server/features/leads';
import { leadSourceKey } from '#shared/leads/lead-source';
import { keptDropoff, surveyAnswersOfVisitors } from '#server/features/responses';
import { instantOf } from '#shared/followup/working-hours';
import {
  FUNNEL_MESSAGES,
  FUNNEL_STEPS,
  NO_CHANNEL_NAME,
  NO_CHANNEL_PARAM,
  type Dropoff,
  type DropoffQuery,
  type Funnel,
  type FunnelQuery,
  type FunnelRow,
  type FunnelTotal,
} from '#shared/funnel/funnel.contract';
import { surveyDropoff } from './dropoff';

type Db = Kysely<Database>;

const DAY_MS = 24 * 60 * 60 * 1000;
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** The studio days from…to as instants [since, until). */
function period(query: { from?: string | undefined; to?: string | undefined }, timeZone: string) {
  return {
    since: query.from ? instantOf(query.from, 0, timeZone) : undefined,
    until: query.to ? instantOf(dayAfter(query.to), 0, timeZone) : undefined,
  };
}

async function requireCampaign(db: Db, campaignId: string | undefined): Promise<void> {
  if (campaignId && !(await findCampaign(db, campaignId))) {
    throw badRequest(FUNNEL_MESSAGES.campaignUnknown, [{ field: 'campaignId', message: FUNNEL_MESSAGES.campaignUnknown }]);
  }
}

const channelScope = (channelId: string | undefined) => (channelId === undefined ? undefined : channelId === NO_CHANNEL_PARAM ? null : channelId);

/**
 * The funnel (decision 0035): one row per channel of the campaign (all channels without one), the
 * row of leads with no channel, one row per source of imported and API leads (decision 0057: not
 * with a campaign or a channel chosen; alone with `source`), and the total, which is their sum (the
 * median over all contacted). Counted from the counts the triggers keep (decision 0063); `from:
 * 'rows'` counts the leads themselves (the reference the kept counts are held equal to).
 */
export async function funnel(db: Db, query: FunnelQuery, timeZone: string, from: 'kept' | 'rows' = 'kept'): Promise<Funnel> {
  await requireCampaign(db, query.campaignId);
  const onlySource = query.source === undefined ? undefined : (leadSourceKey(query.source) ?? '');
  const channels = onlySource === undefined ? await channelsOfCampaign(db, query.campaignId) : [];
  const channelId = channelScope(query.channelId);
  if (typeof channelId === 'string' && !channels.some((c) => c.id === channelId)) {
    throw badRequest(FUNNEL_MESSAGES.channelId, [{ field: 'channelId', message: FUNNEL_MESSAGES.channelId }]);
  }
  const when = period(query, timeZone);
  const scope: LeadFunnelScope | null = onlySource === undefined ? { ...when, campaignId: query.campaignId, channelId } : null;
  // Source leads belong to no campaign and no channel.
  const sources: LeadSourceScope | null = query.campaignId === undefined && channelId === undefined ? { ...when, sourceKey: onlySource } : null;
  const shown = channelId === undefined ? channels : channelId === null ? [] : channels.filter((c) => c.id === channelId);
  const [{ counts, sourceCounts }, medians, visits] = await Promise.all([
    funnelStepCounts(db, scope, sources, from),
    firstContactMedians(db, scope, sources, from),
    linkVisitsByChannel(
      db,
      { fromDay: query.from, toDay: query.to },
      shown.map((c) => c.id),
    ),
  ]);
  const byChannel = new Map(counts.map((c) => [c.channelId, c]));
  const row = (id: string | null, name: string): FunnelRow => {
    const c = byChannel.get(id);
    return {
      channelId: id,
      name,
      visits: id === null ? 0 : (visits.get(id) ?? 0),
      emails: c?.emails ?? 0,
      completed: c?.completed ?? 0,
      contacted: c?.contacted ?? 0,
      visitBooked: c?.visitBooked ?? 0,
      visitDone: c?.visitDone ?? 0,
      won: c?.won ?? 0,
      medianFirstContactMinutes: medians.byChannel.get(id) ?? null,
      source: null,
      kind: id === null ? 'none' : 'channel',
    };
  };
  const rows = shown.map((c) => row(c.id, c.name));
  // Leads whose first channel is not listed (deleted since, or of another campaign's channel) are counted under their channel id still.
  const listed = new Set<string | null>(shown.map((c) => c.id));
  for (const c of counts) if (c.channelId !== null && !listed.has(c.channelId)) rows.push(row(c.channelId, 'Deleted channel'));
  if (scope && (channelId === undefined || channelId === null)) rows.push(row(null, NO_CHANNEL_NAME));
  for (const s of sourceCounts) {
    rows.push({
      channelId: null,
      name: s.name,
      visits: 0,
      emails: s.emails,
      completed: s.completed,
      contacted: s.contacted,
      visitBooked: s.visitBooked,
      visitDone: s.visitDone,
      won: s.won,
      medianFirstContactMinutes: medians.bySource.get(s.sourceKey) ?? null,
      source: s.sourceKey,
      kind: s.imported > 0 && s.byApi > 0 ? 'mixed' : s.byApi > 0 ? 'api' : 'import',
    });
  }
  const total: FunnelTotal = {
    visits: 0,
    emails: 0,
    completed: 0,
    contacted: 0,
    visitBooked: 0,
    visitDone: 0,
    won: 0,
    medianFirstContactMinutes: medians.total,
  };
  for (const r of rows) for (const step of FUNNEL_STEPS) total[step] += r[step];
  return { channels: rows, total };
}

/** The funnel counted from the leads themselves, not the kept counts (decision 0063's reference). */
export const funnelFromRows = (db: Db, query: FunnelQuery, timeZone: string) => funnel(db, query, timeZone, 'rows');

/**
 * Drop-off per question of the campaign's survey, of the visitors (e-mail records) in scope: the sum
 * of the contributions kept as the answers were written (decision 0058), or, when those cannot give it
 * (conditions calling functions, a contribution of another version of the survey), from the rows.
 */
export async function dropoff(db: Db, query: DropoffQuery, timeZone: string): Promise<Dropoff> {
  const campaign = await findCampaign(db, query.campaignId);
  if (!campaign) throw badRequest(FUNNEL_MESSAGES.campaignUnknown, [{ field: 'campaignId', message: FUNNEL_MESSAGES.campaignUnknown }]);
  const scope = { campaignId: query.campaignId, channelId: channelScope(query.channelId), ...period(query, timeZone) };
  const kept = await keptDropoff(db, campaign.questions, scope);
  if (kept) return { questions: kept };
  return { questions: await dropoffFromRows(db, campaign.questions, scope) };
}

/** The drop-off computed from the rows: every visitor's answers read and evaluated (the reference the kept counts must equal). */
export async function dropoffFromRows(db: Db, definition: string, scope: Parameters<typeof surveyAnswersOfVisitors>[1]): Promise<Dropoff['questions']> {
  const records = await surveyAnswersOfVisitors(db, scope);
  const visitors = records.map((r) =>
    r.response !== null
      ? { answers: r.response, finished: true, page: 0, furthestPage: 0 }
      : { answers: r.progress, finished: false, page: r.page ?? 0, furthestPage: r.furthestPage ?? 0 },
  );
  return surveyDropoff(definition, visitors);
}
