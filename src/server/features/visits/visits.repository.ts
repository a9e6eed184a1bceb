import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Database } from '#server/db/schema';
import type { VisitsTable } from './visits.tables';
import type { VisitStatus } from '#shared/visits/visits.contract';

type Db = Kysely<Database> | Transaction<Database>;

export function findSettings(db: Db, studioId: string) {
  return db.selectFrom('visitSlotSettings').select(['studioId', 'data']).where('studioId', '=', studioId).executeTakeFirst();
}

export function allSettings(db: Db) {
  return db.selectFrom('visitSlotSettings').select(['studioId', 'data']).execute();
}

export async function saveSettings(db: Db, studioId: string, data: string, at: Date): Promise<void> {
  await db
    .insertInto('visitSlotSettings')
    .values({ studioId, data, updatedAt: at })
    .onConflict((oc) => oc.column('studioId').doUpdateSet({ data, updatedAt: at }))
    .execute();
}

/** Seats taken per slot start (ISO text) for a studio, among `starts`. */
export async function takenSeats(db: Db, studioId: string, starts: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (starts.length === 0) return out;
  const rows = await db
    .selectFrom('visitSeats')
    .select(['slotStart', (eb) => eb.fn.countAll<number | string>().as('taken')])
    .where('studioId', '=', studioId)
    .where('slotStart', '>=', starts[0]!)
    .where('slotStart', '<=', starts[starts.length - 1]!)
    .groupBy('slotStart')
    .execute();
  for (const row of rows) out.set(row.slotStart, Number(row.taken));
  return out;
}

/**
 * Takes the first free seat of a slot for a visit: each insert does nothing when the seat is taken
 * (its primary key), so concurrent bookings each get a seat of their own or none. 0 when full.
 */
export async function claimSeat(db: Db, studioId: string, slotStart: string, seats: number, visitId: string): Promise<number> {
  for (let seat = 1; seat <= seats; seat++) {
    const result = await db
      .insertInto('visitSeats')
      .values({ studioId, slotStart, seat, visitId })
      .onConflict((oc) => oc.columns(['studioId', 'slotStart', 'seat']).doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) === 1) return seat;
  }
  return 0;
}

export async function releaseSeats(db: Db, visitId: string): Promise<void> {
  await db.deleteFrom('visitSeats').where('visitId', '=', visitId).execute();
}

export function findVisit(db: Db, id: string) {
  return db.selectFrom('visits').selectAll().where('id', '=', id).executeTakeFirst();
}

export type VisitRow = NonNullable<Awaited<ReturnType<typeof findVisit>>>;

export function visitsBetween(db: Db, from: Date, to: Date) {
  return db.selectFrom('visits').selectAll().where('startsAt', '>=', from).where('startsAt', '<', to).orderBy('startsAt').orderBy('createdAt').execute();
}

/** How many visits still to happen (booked or confirmed) start in [from, to): one count on visits_starts_at. */
export async function countStandingBetween(db: Db, from: Date, to: Date): Promise<number> {
  const row = await db
    .selectFrom('visits')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('startsAt', '>=', from)
    .where('startsAt', '<', to)
    .where('status', 'in', ['booked', 'confirmed'])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function visitsOfLead(db: Db, leadId: string) {
  return db.selectFrom('visits').selectAll().where('leadId', '=', leadId).orderBy('startsAt', 'desc').execute();
}

/** Whether the lead has a visit still to come or held (booked, confirmed or done) besides this one. */
export async function otherStandingVisit(db: Db, leadId: string, visitId: string): Promise<boolean> {
  const row = await db
    .selectFrom('visits')
    .select('id')
    .where('leadId', '=', leadId)
    .where('id', '!=', visitId)
    .where('status', 'in', ['booked', 'confirmed', 'done'])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function setStatus(db: Db, id: string, status: VisitStatus, at: Date, sequenceUp = false): Promise<void> {
  await db
    .updateTable('visits')
    .set((eb) => ({ status, updatedAt: at, ...(sequenceUp ? { sequence: eb('sequence', '+', 1) } : {}) }))
    .where('id', '=', id)
    .execute();
}

export async function insertMail(
  db: Db,
  row: { id: string; visitId: string; kind: 'booked' | 'moved' | 'cancelled' | 'reminder-day' | 'reminder-hours'; at: Date; sender: string | null },
): Promise<void> {
  await db
    .insertInto('visitMails')
    .values({
      id: row.id,
      visitId: row.visitId,
      kind: row.kind,
      createdAt: row.at,
      lockedUntil: null,
      sentAt: null,
      attempts: 0,
      lastError: null,
      sender: row.sender,
    })
    .execute();
}

// Personal data (visits/personal-data.ts) --------------------------------------------------------

/** Every column of a person's visits, by start. */
export function visitRowsOfLead(db: Db, leadId: string) {
  return db.selectFrom('visits').selectAll().where('leadId', '=', leadId).orderBy('startsAt').execute();
}

export async function visitIdsOfLead(db: Db, leadId: string): Promise<string[]> {
  return (await db.selectFrom('visits').select('id').where('leadId', '=', leadId).execute()).map((r) => r.id);
}

/** These visits' queued mails and seats, then the person's visits. */
export async function deleteVisitsOfLead(db: Db, leadId: string, visitIds: readonly string[]): Promise<void> {
  await db
    .deleteFrom('visitMails')
    .where('visitId', 'in', [...visitIds])
    .execute();
  await db
    .deleteFrom('visitSeats')
    .where('visitId', 'in', [...visitIds])
    .execute();
  await db.deleteFrom('visits').where('leadId', '=', leadId).execute();
}

// Booking ----------------------------------------------------------------------------------------

/**
 * Waits for the booker's lock, held until the transaction ends (PostgreSQL's advisory lock on the
 * key's hash): one booking at a time per key.
 */
export async function lockBookerKey(trx: Transaction<Database>, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`visit-booker:${key}`}))`.execute(trx);
}

/** How many of the lead's visits still to happen start after `now`. */
export async function countUpcomingOfLead(db: Db, leadId: string, now: Date): Promise<number> {
  const upcoming = await db
    .selectFrom('visits')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('leadId', '=', leadId)
    .where('status', 'in', ['booked', 'confirmed'])
    .where('startsAt', '>', now)
    .executeTakeFirstOrThrow();
  return Number(upcoming.n);
}

/** How many visits this client address booked after `since`. */
export async function countBookedBySenderSince(db: Db, sender: string, since: Date): Promise<number> {
  const recent = await db
    .selectFrom('visits')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sender', '=', sender)
    .where('createdAt', '>', since)
    .executeTakeFirstOrThrow();
  return Number(recent.n);
}

export async function insertVisit(db: Db, row: Insertable<VisitsTable>): Promise<void> {
  await db.insertInto('visits').values(row).execute();
}

/** The visit at its new times, its invitation's sequence raised and its reminders claimed as given. */
export async function setVisitTimes(
  db: Db,
  id: string,
  change: { startsAt: Date; endsAt: Date; updatedAt: Date; remindedDayAt: Date | null; remindedHoursAt: Date | null },
): Promise<void> {
  const { startsAt, endsAt, updatedAt, ...reminders } = change;
  await db
    .updateTable('visits')
    .set((eb) => ({ startsAt, endsAt, updatedAt, sequence: eb('sequence', '+', 1), ...reminders }))
    .where('id', '=', id)
    .execute();
}

/** The distinct statuses of the lead's visits (the funnel's visit steps). */
export async function visitStatusesOfLead(db: Db, leadId: string): Promise<VisitStatus[]> {
  const rows = await db.selectFrom('visits').select('status').distinct().where('leadId', '=', leadId).execute();
  return rows.map((r) => r.status);
}
