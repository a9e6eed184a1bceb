import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import type { VisitMailsTable } from './visits.tables';

/* The visits' background work (visit-jobs.ts): reminders claimed once, and the queue of mails, each taken by a lease. */

type Db = Kysely<Database>;
type ReminderColumn = 'remindedDayAt' | 'remindedHoursAt';

/** Visits still to happen that start in (now, until] and whose reminder is not claimed yet (200 at most). */
export function visitsDueReminder(db: Db, column: ReminderColumn, now: Date, until: Date): Promise<Array<{ id: string }>> {
  return db
    .selectFrom('visits')
    .select('id')
    .where('status', 'in', ['booked', 'confirmed'])
    .where(column, 'is', null)
    .where('startsAt', '>', now)
    .where('startsAt', '<=', until)
    .limit(200)
    .execute();
}

/** Claims the visit's reminder (a conditional UPDATE): true for the one caller that took it. */
export async function claimReminder(db: Db, id: string, column: ReminderColumn, at: Date): Promise<boolean> {
  const taken = await db
    .updateTable('visits')
    .set({ [column]: at })
    .where('id', '=', id)
    .where(column, 'is', null)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Mails not sent, not given up on, and not held by a lease: the oldest 50. */
export function pendingMails(
  db: Db,
  maxAttempts: number,
  now: Date,
): Promise<Array<{ id: string; visitId: string; kind: VisitMailsTable['kind']; attempts: number; sender: string | null; visitorSentAt: unknown }>> {
  return db
    .selectFrom('visitMails')
    .select(['id', 'visitId', 'kind', 'attempts', 'sender', 'visitorSentAt'])
    .where('sentAt', 'is', null)
    .where('attempts', '<', maxAttempts)
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', now)]))
    .orderBy('createdAt')
    .limit(50)
    .execute();
}

/** Takes the mail's lease until `until` when it is unsent and free: true for the one caller that took it. */
export async function leaseMail(db: Db, id: string, until: Date, now: Date): Promise<boolean> {
  const claim = await db
    .updateTable('visitMails')
    .set({ lockedUntil: until })
    .where('id', '=', id)
    .where('sentAt', 'is', null)
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', now)]))
    .executeTakeFirst();
  return Number(claim.numUpdatedRows) === 1;
}

export async function markMailSent(db: Db, id: string, at: Date): Promise<void> {
  await db.updateTable('visitMails').set({ sentAt: at, lockedUntil: null }).where('id', '=', id).execute();
}

/** A failed send: the attempt counted, the error kept, the mail held until its retry. */
export async function noteMailFailure(db: Db, id: string, failure: { attempts: number; lastError: string; lockedUntil: Date }): Promise<void> {
  await db.updateTable('visitMails').set(failure).where('id', '=', id).execute();
}

/** The visitor's part of the mail went (a retry for staff's skips it). */
export async function markVisitorMailSent(db: Db, id: string, at: Date): Promise<void> {
  await db.updateTable('visitMails').set({ visitorSentAt: at }).where('id', '=', id).execute();
}
