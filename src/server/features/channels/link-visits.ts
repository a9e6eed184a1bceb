import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { localDay } from '#shared/followup/working-hours';
import { addLinkVisit, deleteLinkVisitorsBefore, insertLinkVisitor, sumLinkVisits } from './link-visits.repository';

type Db = Kysely<Database>;

/** What counting link visits needs: the database, the server's secret and the studio's time zone. */
export interface LinkVisitContext {
  db: Db;
  secret: string;
  timeZone: () => Promise<string>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The visitor's keyed hash for one day (decision 0035): HMAC-SHA256 of the address under a key
 * derived from the server's secret and the day, so the same address on another day (or through
 * another server secret) gives an unrelated value. The address itself is never stored.
 */
export function visitorHash(secret: string, day: string, address: string): string {
  const dayKey = createHmac('sha256', secret).update(`link-visit:${day}`).digest();
  return createHmac('sha256', dayKey).update(address).digest('base64url');
}

/** The hashes of days before yesterday (studio days) go: a visitor's hash lives 2 days at most. */
export async function pruneLinkVisitors(db: Db, now: Date, timeZone: string): Promise<number> {
  const yesterday = localDay(new Date(now.getTime() - DAY_MS), timeZone);
  return deleteLinkVisitorsBefore(db, yesterday);
}

/**
 * Counts a load of a channel's page (its short link `/s/<code>`, `/hi/s/<code>`, or its embed): one
 * per visitor per channel per studio day. The first load of the day inserts the visitor's hash and
 * raises the day's count, in one transaction; a second load finds the hash and counts nothing.
 */
export async function recordLinkVisit(ctx: LinkVisitContext, channelId: string, address: string, now: Date): Promise<boolean> {
  const timeZone = await ctx.timeZone();
  const day = localDay(now, timeZone);
  const hash = visitorHash(ctx.secret, day, address);
  const counted = await ctx.db.transaction().execute(async (trx) => {
    if (!(await insertLinkVisitor(trx, channelId, day, hash))) return false;
    await addLinkVisit(trx, channelId, day);
    return true;
  });
  await pruneLinkVisitors(ctx.db, now, timeZone);
  return counted;
}

/** Distinct visitors per channel over studio days `fromDay`…`toDay` (either open), of these channels (all when undefined). */
export async function linkVisitsByChannel(
  db: Db,
  range: { fromDay?: string | undefined; toDay?: string | undefined },
  channelIds?: readonly string[],
): Promise<Map<string, number>> {
  if (channelIds && channelIds.length === 0) return new Map();
  const rows = await sumLinkVisits(db, range, channelIds);
  return new Map(rows.map((r) => [r.channelId, Number(r.visitors)]));
}
