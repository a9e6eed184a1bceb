import { sql, type Kysely, type Transaction } from 'kysely';
import { prepared } from '#server/db/prepared';
import type { Database } from '#server/db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The next person by turn: the first taker (by id) after the last one given a lead, wrapping round.
 * One UPDATE takes the routing row's lock (held until the lead's transaction ends, on PostgreSQL a
 * row lock, on SQLite the write lock), finds the next taker and records the turn, so two new leads
 * on any instances never read the same turn: 100 concurrent leads over 4 takers give 25 each
 * (decision 0023). One statement, not a read of the turn and a write of it: every round trip made
 * while the lock is held is one more that every other new lead waits for (decision 0046).
 * With nobody taking leads the turn stays where it was.
 */
const takeTurnQuery = prepared<Record<string, never>>()((db) => {
  const takers = () => db.selectFrom('staffUsers').where('active', '=', true).where('takesLeads', '=', true).where('away', '=', false);
  return db
    .updateTable('leadRouting')
    .set((eb) => ({
      turns: sql<number>`turns + 1`,
      lastStaffId: eb.fn.coalesce(
        takers()
          .select((t) => t.fn.min('staffUsers.id').as('id'))
          .where('staffUsers.id', '>', eb.ref('leadRouting.lastStaffId')),
        takers().select((t) => t.fn.min('staffUsers.id').as('id')),
        eb.ref('leadRouting.lastStaffId'),
      ),
    }))
    .where('id', '=', 1)
    .returning(['lastStaffId']);
});

/** Takes one turn (see takeTurnQuery): the routing row's last taker after it. */
export function takeTurn(db: Db) {
  return takeTurnQuery.first(db as Kysely<Database>, {});
}

/** Counts `count` turns at once (an import's leads), locking the routing row: the last taker before them. */
export function takeTurns(db: Db, count: number) {
  return db
    .updateTable('leadRouting')
    .set({ turns: sql<number>`turns + ${count}` })
    .where('id', '=', 1)
    .returning(['lastStaffId'])
    .executeTakeFirst();
}

/** Records who was given the last of the turns taken by takeTurns. */
export async function setLastTurn(db: Db, lastStaffId: string | null): Promise<void> {
  await db.updateTable('leadRouting').set({ lastStaffId }).where('id', '=', 1).execute();
}

/** Takes a staff member's digest for the day (one row per person and day): false when another pass or instance has it. */
export async function takeDigest(db: Db, staffId: string, day: string, now: Date): Promise<boolean> {
  const taken = await db
    .insertInto('followupDigests')
    .values({ staffId, day, takenAt: now, leads: 0 })
    .onConflict((oc) => oc.columns(['staffId', 'day']).doNothing())
    .returning('staffId')
    .executeTakeFirst();
  return Boolean(taken);
}

/** The digest went: how many leads it named. */
export async function markDigestSent(db: Db, staffId: string, day: string, leads: number): Promise<void> {
  await db.updateTable('followupDigests').set({ leads }).where('staffId', '=', staffId).where('day', '=', day).execute();
}

/** The digest was not sent: its row is given back, so the next pass (on any instance) tries again. */
export async function giveDigestBack(db: Db, staffId: string, day: string): Promise<void> {
  await db.deleteFrom('followupDigests').where('staffId', '=', staffId).where('day', '=', day).execute();
}
