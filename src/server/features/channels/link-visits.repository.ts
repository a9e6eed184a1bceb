import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema';

type Db = Kysely<Database>;

/** Drops the visitors' hashes of days before `day`; the count dropped. */
export async function deleteLinkVisitorsBefore(db: Db, day: string): Promise<number> {
  const result = await db.deleteFrom('linkVisitors').where('day', '<', day).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Keeps the visitor's hash for the channel and day: false when it was there already. */
export async function insertLinkVisitor(db: Db, channelId: string, day: string, visitorHash: string): Promise<boolean> {
  const inserted = await db
    .insertInto('linkVisitors')
    .values({ channelId, day, visitorHash })
    .onConflict((oc) => oc.columns(['channelId', 'day', 'visitorHash']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 0;
}

/** Raises the channel's count of visitors for the day by one (the day's row made on its first visitor). */
export async function addLinkVisit(db: Db, channelId: string, day: string): Promise<void> {
  await db
    .insertInto('linkVisitCounts')
    .values({ channelId, day, visitors: 1 })
    .onConflict((oc) => oc.columns(['channelId', 'day']).doUpdateSet({ visitors: sql<number>`link_visit_counts.visitors + 1` }))
    .execute();
}

/** The sum of the days' visitors per channel over `fromDay`…`toDay` (either open), of these channels (all when undefined). */
export async function sumLinkVisits(
  db: Db,
  range: { fromDay?: string | undefined; toDay?: string | undefined },
  channelIds?: readonly string[],
): Promise<Array<{ channelId: string; visitors: number | string }>> {
  let query = db
    .selectFrom('linkVisitCounts')
    .select(['channelId', (eb) => eb.fn.sum<number | string>('visitors').as('visitors')])
    .groupBy('channelId');
  if (range.fromDay) query = query.where('day', '>=', range.fromDay);
  if (range.toDay) query = query.where('day', '<=', range.toDay);
  if (channelIds) query = query.where('channelId', 'in', [...channelIds]);
  return query.execute();
}
