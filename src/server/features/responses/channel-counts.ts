import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';

/** Completed e-mail records (finished surveys) per channel, for the channels' caps and status. */
export async function completedByChannel(db: Kysely<Database>, channelIds: readonly string[]): Promise<Map<string, number>> {
  if (channelIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('emailRecords')
    .select(['channelId', (eb) => eb.fn.countAll<number | string | bigint>().as('n')])
    .where('channelId', 'in', [...channelIds])
    .where('isCompleted', '=', true)
    .groupBy('channelId')
    .execute();
  return new Map(rows.map((r) => [r.channelId!, Number(r.n)]));
}
