import type { Kysely } from 'kysely';
import type { AnswerRow } from '#shared/results/results.contract';
import { toIso } from '#server/db/database';
import type { Database } from '#server/db/schema';
import { requireCampaign, requireCampaignId } from '#server/features/surveys';
import { responseQueries as resultsRepo } from '#server/features/responses';
import { parseFilters } from './campaign-summary.service';
import { channelNames, utmOf } from '#server/features/channels';

/** A database or an open transaction: every function here does its work through the one it is given. */
type Db = Kysely<Database>;

/**
 * The answers table, newest first. Filters (dates, status, answers) are optional: without them,
 * the completed responses as before. With a status, each row says whether it is completed.
 */
export async function campaignAnswers(
  db: Db,
  id: string,
  query: { limit?: number; offset?: number } & Record<string, unknown>,
  timeZone: string,
): Promise<AnswerRow[]> {
  const { limit, offset, ...rest } = query;
  const filtered = Object.keys(rest).length > 0;
  const campaign = filtered ? await requireCampaign(db, id) : undefined;
  if (!campaign) await requireCampaignId(db, id);
  const { filters, status } = campaign ? parseFilters(campaign.questions, rest, timeZone) : { filters: resultsRepo.NO_FILTERS, status: undefined };
  const rows = await resultsRepo.listResponses(db, id, { limit, offset }, filters, status ?? 'completed');
  const channels = await channelNames(db, [...new Set(rows.map((r) => r.channelId).filter((c): c is string => c !== null))]);
  return rows.map((r) => {
    const channel = r.channelId === null ? undefined : channels.get(r.channelId);
    const utm = utmOf(r.utm);
    return {
      _id: r.id,
      email: r.email,
      date: toIso(r.createdAt),
      result: r.answer,
      ...(status === undefined ? {} : { completed: Number(r.completed) === 1 }),
      // README "Channels": where the visitor came from, when known.
      ...(channel && r.channelId ? { channel: { id: r.channelId, code: channel.code, name: channel.name } } : {}),
      ...(utm ? { utm } : {}),
    };
  });
}
