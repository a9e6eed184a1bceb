import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';

type Db = Kysely<Database>;

/**
 * Takes the job's lease when it is due and free: one conditional UPDATE (atomic on SQLite and
 * PostgreSQL alike), true when this holder took it.
 */
export async function takeDueLease(db: Db, name: string, holder: string, until: Date, now: Date): Promise<boolean> {
  const taken = await db
    .updateTable('jobLeases')
    .set({ holder, lockedUntil: until })
    .where('name', '=', name)
    .where('lockedUntil', '<', now)
    .where('nextRunAt', '<=', now)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Gives the lease back after a run, the next run set for `nextRunAt`. */
export async function releaseLeaseUntil(db: Db, name: string, holder: string, nextRunAt: Date): Promise<void> {
  await db
    .updateTable('jobLeases')
    .set({ holder: null, lockedUntil: new Date(0), nextRunAt })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .execute();
}

/** Gives the lease back after a failed run (still due). */
export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db
    .updateTable('jobLeases')
    .set({ holder: null, lockedUntil: new Date(0) })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .execute();
}
