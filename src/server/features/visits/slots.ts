import type { SlotSettings } from '#shared/visits/visits.contract';

/** A slot as the settings offer it: its start and end (UTC). */
export interface OfferedSlot {
  start: Date;
  end: Date;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** The wall-clock parts of `at` in `timeZone`. */
function partsIn(timeZone: string, at: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { y: Number(parts.year), m: Number(parts.month), d: Number(parts.day), h: Number(parts.hour), min: Number(parts.minute), s: Number(parts.second) };
}

/** How far `timeZone` is ahead of UTC at `at`, in ms. */
function offsetAt(timeZone: string, at: Date): number {
  const p = partsIn(timeZone, at);
  return Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s) - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant a wall-clock time (YYYY-MM-DD, minutes after midnight) is in `timeZone`. */
export function zonedInstant(timeZone: string, day: string, minutes: number): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d) + minutes * MINUTE_MS;
  let guess = wall - offsetAt(timeZone, new Date(wall));
  // Once more, for a day whose offset changes (summer time) between the guess and the answer.
  guess = wall - offsetAt(timeZone, new Date(guess));
  return new Date(guess);
}

/** The calendar day (YYYY-MM-DD) `at` falls on in `timeZone`. */
export function dayOf(timeZone: string, at: Date): string {
  const p = partsIn(timeZone, at);
  return `${p.y}-${String(p.m).padStart(2, '0')}-${String(p.d).padStart(2, '0')}`;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Adds whole days to a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Monday … 6 = Sunday, as `weeklyHours` counts. */
const weekdayOf = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;

/**
 * The slots the settings offer that start after `now` and no later than `daysAhead` days on (the
 * studio's calendar days), within [from, to): each day's opening hours cut into slots of
 * `slotMinutes` (a last part shorter than a slot is not offered), blackout dates left out.
 */
export function offeredSlots(settings: SlotSettings, timeZone: string, now: Date, range?: { from?: Date; to?: Date }): OfferedSlot[] {
  if (!settings.enabled) return [];
  const today = dayOf(timeZone, now);
  const blackout = new Set(settings.blackoutDates);
  const out: OfferedSlot[] = [];
  for (let i = 0; i <= settings.daysAhead; i++) {
    const day = addDays(today, i);
    if (blackout.has(day)) continue;
    const hours = settings.weeklyHours[weekdayOf(day)];
    if (!hours?.open) continue;
    const close = minutesOf(hours.to);
    for (let t = minutesOf(hours.from); t + settings.slotMinutes <= close; t += settings.slotMinutes) {
      const start = zonedInstant(timeZone, day, t);
      if (start <= now) continue;
      if (range?.from && start < range.from) continue;
      if (range?.to && start >= range.to) continue;
      out.push({ start, end: new Date(start.getTime() + settings.slotMinutes * MINUTE_MS) });
    }
  }
  return out;
}

/** The offered slot starting exactly at `start`, if any. */
export function findOfferedSlot(settings: SlotSettings, timeZone: string, now: Date, start: Date): OfferedSlot | undefined {
  return offeredSlots(settings, timeZone, now).find((s) => s.start.getTime() === start.getTime());
}
