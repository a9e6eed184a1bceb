import { PostgresAdapter, type Kysely, type Transaction } from 'kysely';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import {
  DEFAULT_SLOT_SETTINGS,
  slotSettingsSchema,
  VISIT_MESSAGES,
  type BookedVisit,
  type BookVisitInput,
  type ManagedVisit,
  type SlotSettings,
  type UpcomingVisits,
  type Visit,
  type VisitSlot,
  type VisitStudio,
} from '#shared/visits/visits.contract';
import { VISIT_MANAGE_PAGE, VISITS_API } from '#shared/visits/visits.api';
import { toE164 } from '#shared/phone';
import { DEFAULT_LANGUAGE, isLanguage, localizedPath, type Language } from '#shared/i18n/languages';
import type { Database } from '#server/db/schema';
import { toIso } from '#server/db/database';
import { badRequest, conflict, HttpError, notFound } from '#server/lib/errors';
import { newId } from '#server/lib/ids';
import { assignCreatedLead } from '#server/features/followup';
import { moveLeadBackFromVisit, moveLeadToVisit, touchLead } from '#server/features/leads';
import { findListingSummary } from '#server/features/listings';
import { recordEvent } from '#server/features/notifications';
import * as repo from './visits.repository';
import { keepLeadVisitSteps } from './funnel-steps.service';
import { addDays, dayOf, findOfferedSlot, offeredSlots, zonedInstant } from './slots';

type Db = Kysely<Database> | Transaction<Database>;

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** How many free slots a 409 lists. */
const NEXT_SLOTS = 6;
/** The longest range one slots call reads. */
const MAX_RANGE_MS = 31 * DAY_MS;
const AUDIENCE = 'abode:visit-manage';
/** Who moved the lead, on its timeline. */
const BOOKING_ACTOR = 'Site visit booking';
/** Seats one person may hold (decision 0014, amended): upcoming visits per e-mail address. */
export const MAX_UPCOMING_PER_EMAIL = 2;
/** Bookings one client address may make in 24 hours (cancelled ones count too: each sent mail). */
export const MAX_BOOKINGS_PER_ADDRESS_DAY = 6;

const CANCEL_ACTOR = 'Site visit cancelled';

/** What the visits need from the app: the clock, the studio's time zone, the site's address, the signing secret. */
export interface VisitContext {
  db: Kysely<Database>;
  now: () => Date;
  timeZone: () => Promise<string>;
  siteUrl: string;
  secret: string;
  /** The studio as its mail and calendars name it (settings when asked). */
  studio: () => Promise<{ name: string; email: string; address: string }>;
  /** Bookings one client address may make in a day (VISIT_BOOKINGS_PER_ADDRESS_DAY); MAX_BOOKINGS_PER_ADDRESS_DAY when unset. */
  bookingsPerAddressDay?: number;
}

/** A slot taken meanwhile: answered 409 with the next free slots. */
export class SlotGone extends HttpError {
  constructor(readonly nextSlots: VisitSlot[]) {
    super(409, VISIT_MESSAGES.slotGone, 'SLOT_TAKEN');
  }
}

// Settings ------------------------------------------------------------------------------------

async function studioName(db: Db, studioId: string): Promise<string | undefined> {
  return (await findListingSummary(db as Kysely<Database>, 'studio', studioId))?.name;
}

export async function slotSettingsOf(db: Db, studioId: string): Promise<SlotSettings | undefined> {
  const row = await repo.findSettings(db, studioId);
  if (!row) return undefined;
  const parsed = slotSettingsSchema.safeParse(JSON.parse(row.data));
  return parsed.success ? parsed.data : undefined;
}

export async function studioSlotSettings(ctx: VisitContext, studioId: string) {
  const name = await studioName(ctx.db, studioId);
  if (name === undefined) throw notFound(VISIT_MESSAGES.studioUnknown);
  const settings = (await slotSettingsOf(ctx.db, studioId)) ?? DEFAULT_SLOT_SETTINGS;
  return { ...settings, studioId, studioName: name, timeZone: await ctx.timeZone() };
}

export async function saveSlotSettings(ctx: VisitContext, studioId: string, settings: SlotSettings) {
  if ((await studioName(ctx.db, studioId)) === undefined) throw notFound(VISIT_MESSAGES.studioUnknown);
  const clean = { ...settings, blackoutDates: [...new Set(settings.blackoutDates)].sort() };
  await repo.saveSettings(ctx.db, studioId, JSON.stringify(clean), ctx.now());
  return studioSlotSettings(ctx, studioId);
}

/** The studios that take bookings online now. */
export async function bookableStudios(ctx: VisitContext): Promise<VisitStudio[]> {
  const timeZone = await ctx.timeZone();
  const out: VisitStudio[] = [];
  for (const row of await repo.allSettings(ctx.db)) {
    const parsed = slotSettingsSchema.safeParse(JSON.parse(row.data));
    if (!parsed.success || !parsed.data.enabled) continue;
    const name = await studioName(ctx.db, row.studioId);
    if (name !== undefined) out.push({ studioId: row.studioId, studioName: name, timeZone, daysAhead: parsed.data.daysAhead });
  }
  return out.sort((a, b) => a.studioName.localeCompare(b.studioName));
}

// Slots ---------------------------------------------------------------------------------------

async function requireSettings(ctx: VisitContext, studioId: string): Promise<SlotSettings> {
  if ((await studioName(ctx.db, studioId)) === undefined) throw notFound(VISIT_MESSAGES.studioUnknown);
  const settings = await slotSettingsOf(ctx.db, studioId);
  if (!settings?.enabled) throw badRequest(VISIT_MESSAGES.studioNoSlots, [{ field: 'studio', message: VISIT_MESSAGES.studioNoSlots }]);
  return settings;
}

export async function listSlots(ctx: VisitContext, studioId: string, range: { from?: string; to?: string }): Promise<VisitSlot[]> {
  const from = range.from ? new Date(range.from) : undefined;
  const to = range.to ? new Date(range.to) : undefined;
  if ((from && to && to <= from) || (from && to && to.getTime() - from.getTime() > MAX_RANGE_MS)) {
    throw badRequest(VISIT_MESSAGES.rangeInvalid, [{ field: 'to', message: VISIT_MESSAGES.rangeInvalid }]);
  }
  const settings = await requireSettings(ctx, studioId);
  return slotsWithSeats(ctx.db, studioId, settings, offeredSlots(settings, await ctx.timeZone(), ctx.now(), { from, to }));
}

async function slotsWithSeats(db: Db, studioId: string, settings: SlotSettings, offered: ReturnType<typeof offeredSlots>): Promise<VisitSlot[]> {
  const starts = offered.map((s) => s.start.toISOString());
  const taken = await repo.takenSeats(db, studioId, starts);
  return offered.map((s) => {
    const start = s.start.toISOString();
    return { start, end: s.end.toISOString(), studioId, free: Math.max(0, settings.seats - (taken.get(start) ?? 0)) };
  });
}

async function nextFreeSlots(ctx: VisitContext, studioId: string, settings: SlotSettings): Promise<VisitSlot[]> {
  const all = await slotsWithSeats(ctx.db, studioId, settings, offeredSlots(settings, await ctx.timeZone(), ctx.now()));
  return all.filter((s) => s.free > 0).slice(0, NEXT_SLOTS);
}

// Signed links --------------------------------------------------------------------------------

const keyOf = (secret: string) => new TextEncoder().encode(secret);

/**
 * The visit's signed link token. It names the visit and its expiry only, no time of issue, so the
 * booking's answer, the invitation's calendar and the calendar served later carry the same link
 * (with an issue time they differed whenever a second passed between them).
 */
export async function manageToken(secret: string, visitId: string, endsAt: Date): Promise<string> {
  return (
    new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(visitId)
      .setAudience(AUDIENCE)
      // Good until a week after the visit would have ended (a move issues a fresh link in its mail).
      .setExpirationTime(Math.floor(endsAt.getTime() / 1000) + 7 * 24 * 3600)
      .sign(keyOf(secret))
  );
}

async function verifyManageToken(secret: string, token: string, visitId: string, now: Date): Promise<boolean> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ['HS256'], audience: AUDIENCE, currentDate: now });
    return payload.sub === visitId;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return false;
    throw error;
  }
}

/** The visit's language as stored ('en' for anything else). */
export const visitLanguage = (row: { language: string }): Language => (isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE);

/** The visitor's link to move or cancel: `/visit?…`, or `/hi/visit?…` for a visit booked in Hindi. */
export async function manageUrl(
  ctx: Pick<VisitContext, 'siteUrl' | 'secret'>,
  visitId: string,
  endsAt: Date,
  language: Language = DEFAULT_LANGUAGE,
): Promise<string> {
  const token = await manageToken(ctx.secret, visitId, endsAt);
  return `${ctx.siteUrl.replace(/\/+$/, '')}${localizedPath(language, VISIT_MANAGE_PAGE)}?${new URLSearchParams({ id: visitId, token }).toString()}`;
}

/** The visitor's .ics of the visit on this site (GET /api/visits/:id/calendar), signed as the manage link is. */
async function calendarPath(secret: string, visitId: string, endsAt: Date): Promise<string> {
  const token = await manageToken(secret, visitId, endsAt);
  return `${VISITS_API.calendar(visitId)}?${new URLSearchParams({ token }).toString()}`;
}

/** What the visitor is answered of a booked, moved or cancelled visit. */
async function bookedAnswer(ctx: Pick<VisitContext, 'siteUrl' | 'secret'>, id: string, start: Date, end: Date, language: Language): Promise<BookedVisit> {
  return {
    _id: id,
    start: start.toISOString(),
    end: end.toISOString(),
    manageUrl: await manageUrl(ctx, id, end, language),
    calendarPath: await calendarPath(ctx.secret, id, end),
  };
}

// Booking -------------------------------------------------------------------------------------

/**
 * Tells the people who should hear of a booked, moved or cancelled visit: queues the visit's mail
 * (the visitor and the staff recipients each get it with the calendar invitation). One place, so
 * the lead's assignee can be added to the recipients when assignment exists.
 */
async function tellOfVisit(trx: Db, visitId: string, kind: 'booked' | 'moved' | 'cancelled', at: Date, sender: string | null = null): Promise<void> {
  await repo.insertMail(trx, { id: newId(), visitId, kind, at, sender });
}

/**
 * One booking at a time per person and per client address on PostgreSQL (SQLite runs one write
 * transaction at a time), so concurrent bookings cannot all pass the seat limits below.
 */
async function lockBooker(trx: Transaction<Database>, keys: string[]): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const key of [...keys].sort()) await repo.lockBookerKey(trx, key);
}

/** The seats one e-mail address and one client address may hold (decision 0014, amended). */
async function checkBookerLimits(
  trx: Transaction<Database>,
  leadId: string,
  sender: string | null,
  now: Date,
  perAddressDay = MAX_BOOKINGS_PER_ADDRESS_DAY,
): Promise<void> {
  if ((await repo.countUpcomingOfLead(trx, leadId, now)) >= MAX_UPCOMING_PER_EMAIL) throw conflict(VISIT_MESSAGES.tooManyUpcoming, 'TOO_MANY_VISITS');
  if (sender === null) return;
  if ((await repo.countBookedBySenderSince(trx, sender, new Date(now.getTime() - DAY_MS))) >= perAddressDay)
    throw new HttpError(429, VISIT_MESSAGES.tooManyFromAddress, 'RATE_LIMITED');
}

/** Reminders that are already past (or too close) at booking or moving time are claimed as not needed. */
function reminderClaims(start: Date, now: Date) {
  return {
    remindedDayAt: start.getTime() - now.getTime() <= DAY_MS ? now : null,
    remindedHoursAt: start.getTime() - now.getTime() <= 2 * HOUR_MS ? now : null,
  };
}

/** `sender`: a keyed hash of the client address (null: not a visitor's request). */
export async function bookVisit(ctx: VisitContext, input: BookVisitInput, sender: string | null = null): Promise<BookedVisit> {
  const settings = await requireSettings(ctx, input.studioId);
  const now = ctx.now();
  const slot = findOfferedSlot(settings, await ctx.timeZone(), now, new Date(input.slotStart));
  if (!slot) throw badRequest(VISIT_MESSAGES.slotInvalid, [{ field: 'slotStart', message: VISIT_MESSAGES.slotInvalid }]);
  const phone = input.phone ? toE164(input.phone) : null;
  if (input.phone && !phone) throw badRequest('Please enter a valid phone number.', [{ field: 'phone', message: 'Please enter a valid phone number.' }]);
  const id = newId();
  const email = input.email.trim();
  const language = input.language ?? DEFAULT_LANGUAGE;
  // Booked from a home's page: the home, as named now (a listing since removed is left out, the visit stands).
  const listing = input.listingId ? await findListingSummary(ctx.db, 'project', input.listingId) : undefined;
  const taken = await ctx.db
    .transaction()
    .execute(async (trx) => {
      await lockBooker(trx, [email.toLowerCase(), ...(sender ? [sender] : [])]);
      const lead = await touchLead(trx, { email, source: 'contact', name: input.name ?? null, phone, at: now });
      // Over a limit: the lead's touch is undone with the rest.
      await checkBookerLimits(trx, lead.id, sender, now, ctx.bookingsPerAddressDay);
      await repo.insertVisit(trx, {
        id,
        leadId: lead.id,
        studioId: input.studioId,
        startsAt: slot.start,
        endsAt: slot.end,
        status: 'booked',
        email,
        name: input.name ?? null,
        phone,
        sequence: 0,
        language,
        listingId: listing?.id ?? null,
        listingName: listing?.name ?? null,
        sender,
        createdAt: now,
        updatedAt: now,
        ...reminderClaims(slot.start, now),
      });
      const seat = await repo.claimSeat(trx, input.studioId, slot.start.toISOString(), settings.seats, id);
      // Full: undo the lead's touch and the visit together.
      if (seat === 0) throw new SlotGone([]);
      // A new person gets an assignee in this same transaction, who then hears of the visit.
      if (lead.created) await assignCreatedLead(trx, { id: lead.id, email }, {}, now);
      await moveLeadToVisit(trx, lead.id, BOOKING_ACTOR, now);
      // The funnel's "visit booked" on the lead (decision 0035), with the visit.
      await keepLeadVisitSteps(trx, lead.id);
      if (lead.created) await recordEvent(trx, { type: 'lead.created', email, subjectId: id, leadId: lead.id }, now);
      await tellOfVisit(trx, id, 'booked', now, sender);
      return true;
    })
    .catch(async (error: unknown) => {
      if (error instanceof SlotGone) return false;
      throw error;
    });
  if (!taken) throw new SlotGone(await nextFreeSlots(ctx, input.studioId, settings));
  return bookedAnswer(ctx, id, slot.start, slot.end, language);
}

async function requireVisit(db: Db, id: string): Promise<repo.VisitRow> {
  const row = await repo.findVisit(db, id);
  if (!row) throw notFound(VISIT_MESSAGES.notFound);
  return row;
}

async function requireToken(ctx: VisitContext, id: string, token: string): Promise<void> {
  if (!(await verifyManageToken(ctx.secret, token, id, ctx.now()))) throw new HttpError(403, VISIT_MESSAGES.tokenInvalid, 'FORBIDDEN');
}

/** A visit, for the holder of its manage link's token. */
export async function visitWithToken(ctx: VisitContext, id: string, token: string): Promise<repo.VisitRow> {
  await requireToken(ctx, id, token);
  return requireVisit(ctx.db, id);
}

const asBooked = (ctx: VisitContext, row: repo.VisitRow): Promise<BookedVisit> =>
  bookedAnswer(ctx, row.id, new Date(toIso(row.startsAt)), new Date(toIso(row.endsAt)), visitLanguage(row));

/** Cancels a visit (frees its seat); the invitation is cancelled with the same UID. */
export async function cancelVisit(ctx: VisitContext, id: string, sender: string | null = null): Promise<repo.VisitRow> {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const row = await requireVisit(trx, id);
    if (row.status === 'cancelled') throw conflict(VISIT_MESSAGES.alreadyCancelled);
    await repo.releaseSeats(trx, id);
    await repo.setStatus(trx, id, 'cancelled', now, true);
    // The lead waited for this visit only: it is no longer "Site visit" (a held visit keeps it there).
    if (row.status !== 'done' && !(await repo.otherStandingVisit(trx, row.leadId, id))) await moveLeadBackFromVisit(trx, row.leadId, CANCEL_ACTOR, now);
    // A cancelled visit stays "booked" in the funnel; a cancelled done one is no longer "done" (decision 0035).
    await keepLeadVisitSteps(trx, row.leadId);
    await tellOfVisit(trx, id, 'cancelled', now, sender);
  });
  return requireVisit(ctx.db, id);
}

/** Moves a visit to another offered slot with a free seat; the invitation keeps its UID, SEQUENCE + 1. */
export async function moveVisit(ctx: VisitContext, id: string, slotStart: string, sender: string | null = null): Promise<repo.VisitRow> {
  const current = await requireVisit(ctx.db, id);
  if (current.status === 'cancelled') throw conflict(VISIT_MESSAGES.alreadyCancelled);
  const settings = await requireSettings(ctx, current.studioId);
  const now = ctx.now();
  const slot = findOfferedSlot(settings, await ctx.timeZone(), now, new Date(slotStart));
  if (!slot) throw badRequest(VISIT_MESSAGES.slotInvalid, [{ field: 'slotStart', message: VISIT_MESSAGES.slotInvalid }]);
  if (slot.start.getTime() === new Date(toIso(current.startsAt)).getTime()) return current;
  const moved = await ctx.db
    .transaction()
    .execute(async (trx) => {
      await repo.releaseSeats(trx, id);
      const seat = await repo.claimSeat(trx, current.studioId, slot.start.toISOString(), settings.seats, id);
      if (seat === 0) throw new SlotGone([]);
      await repo.setVisitTimes(trx, id, { startsAt: slot.start, endsAt: slot.end, updatedAt: now, ...reminderClaims(slot.start, now) });
      await tellOfVisit(trx, id, 'moved', now, sender);
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof SlotGone) return false;
      throw error;
    });
  if (!moved) throw new SlotGone(await nextFreeSlots(ctx, current.studioId, settings));
  return requireVisit(ctx.db, id);
}

export async function cancelWithToken(ctx: VisitContext, id: string, token: string, sender: string | null = null): Promise<BookedVisit> {
  await requireToken(ctx, id, token);
  return asBooked(ctx, await cancelVisit(ctx, id, sender));
}

export async function rescheduleWithToken(ctx: VisitContext, id: string, token: string, slotStart: string, sender: string | null = null): Promise<BookedVisit> {
  await requireToken(ctx, id, token);
  return asBooked(ctx, await moveVisit(ctx, id, slotStart, sender));
}

// Staff ---------------------------------------------------------------------------------------

async function toVisits(db: Db, rows: readonly repo.VisitRow[]): Promise<Visit[]> {
  const names = new Map<string, string>();
  for (const id of new Set(rows.map((r) => r.studioId))) names.set(id, (await studioName(db, id)) ?? '');
  return rows.map((r) => ({
    _id: r.id,
    studioId: r.studioId,
    studioName: names.get(r.studioId) ?? '',
    start: toIso(r.startsAt),
    end: toIso(r.endsAt),
    status: r.status,
    leadId: r.leadId,
    email: r.email,
    name: r.name,
    phone: r.phone,
    createdAt: toIso(r.createdAt),
    listing: r.listingId ? { id: r.listingId, name: r.listingName ?? '' } : null,
  }));
}

/** The visits of one calendar day in the studio's time zone (today by default). */
export async function visitsOfDay(ctx: VisitContext, day: string | undefined): Promise<Visit[]> {
  const timeZone = await ctx.timeZone();
  const d = day ?? dayOf(timeZone, ctx.now());
  const from = zonedInstant(timeZone, d, 0);
  const to = zonedInstant(timeZone, addDays(d, 1), 0);
  return toVisits(ctx.db, await repo.visitsBetween(ctx.db, from, to));
}

/** Days one upcoming call reads unless asked (the staff page's week). */
const UPCOMING_DAYS = 7;

/**
 * The visits of `days` calendar days of the studio's time zone from `from` (the studio's today on
 * the app clock by default), every status, with a count per day: standing visits (booked,
 * confirmed, done) in `count`, cancelled ones apart in `cancelled` (README, the /dashboard/visits row).
 */
export async function visitsByDay(ctx: VisitContext, from: string | undefined, days = UPCOMING_DAYS): Promise<UpcomingVisits> {
  const timeZone = await ctx.timeZone();
  const today = dayOf(timeZone, ctx.now());
  const first = from ?? today;
  const dayList = Array.from({ length: days }, (_, i) => addDays(first, i));
  const rows = await repo.visitsBetween(ctx.db, zonedInstant(timeZone, first, 0), zonedInstant(timeZone, addDays(first, days), 0));
  const counts = new Map(dayList.map((day) => [day, { day, count: 0, cancelled: 0 }]));
  for (const row of rows) {
    const entry = counts.get(dayOf(timeZone, new Date(toIso(row.startsAt))));
    if (!entry) continue;
    if (row.status === 'cancelled') entry.cancelled += 1;
    else entry.count += 1;
  }
  return { from: first, today, timeZone, days: [...counts.values()], visits: await toVisits(ctx.db, rows) };
}

/**
 * The dashboard's "Today" panel: the visits still to happen (booked or confirmed, as the morning
 * digest counts them) today and tomorrow, calendar days on the studio's clock at `now`.
 */
export async function standingVisitsTodayAndTomorrow(
  db: Kysely<Database>,
  timeZone: string,
  now: Date,
): Promise<{ today: { day: string; count: number }; tomorrow: { day: string; count: number } }> {
  const today = dayOf(timeZone, now);
  const tomorrow = addDays(today, 1);
  const [start, middle, end] = [today, tomorrow, addDays(today, 2)].map((d) => zonedInstant(timeZone, d, 0)) as [Date, Date, Date];
  const [todayCount, tomorrowCount] = await Promise.all([repo.countStandingBetween(db, start, middle), repo.countStandingBetween(db, middle, end)]);
  return { today: { day: today, count: todayCount }, tomorrow: { day: tomorrow, count: tomorrowCount } };
}

/** The visits that start in [from, to), any status (the morning digest picks what it shows). */
export async function visitsStartingBetween(db: Kysely<Database>, from: Date, to: Date): Promise<Visit[]> {
  return toVisits(db, await repo.visitsBetween(db, from, to));
}

export async function leadVisits(db: Kysely<Database>, leadId: string): Promise<Visit[]> {
  return toVisits(db, await repo.visitsOfLead(db, leadId));
}

export async function staffAction(
  ctx: VisitContext,
  id: string,
  action: { action: 'confirm' | 'done' | 'cancel' } | { action: 'move'; slotStart: string },
): Promise<Visit> {
  let row: repo.VisitRow;
  if (action.action === 'cancel') row = await cancelVisit(ctx, id);
  else if (action.action === 'move') row = await moveVisit(ctx, id, action.slotStart);
  else {
    const current = await requireVisit(ctx.db, id);
    if (current.status === 'cancelled') throw conflict(VISIT_MESSAGES.alreadyCancelled);
    // Done keeps the lead at `visit` until staff choose won or lost; the funnel's "visit done" is set with it.
    await ctx.db.transaction().execute(async (trx) => {
      await repo.setStatus(trx, id, action.action === 'confirm' ? 'confirmed' : 'done', ctx.now());
      await keepLeadVisitSteps(trx, (await requireVisit(trx, id)).leadId);
    });
    row = await requireVisit(ctx.db, id);
  }
  return (await toVisits(ctx.db, [row]))[0]!;
}

/** The visit as its manage page shows it (the signed link's token required). */
export async function managedVisit(ctx: VisitContext, id: string, token: string): Promise<ManagedVisit> {
  await requireToken(ctx, id, token);
  const row = await requireVisit(ctx.db, id);
  return {
    _id: row.id,
    studioId: row.studioId,
    studioName: (await studioName(ctx.db, row.studioId)) ?? '',
    timeZone: await ctx.timeZone(),
    start: toIso(row.startsAt),
    end: toIso(row.endsAt),
    status: row.status,
  };
}
