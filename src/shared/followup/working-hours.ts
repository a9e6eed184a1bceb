import type { FollowUpSettings, Weekday } from '../settings/settings.contract';

/**
 * Working time in the studio's time zone: the first-contact clock runs only in working
 * hours, skipping closed weekdays and holidays. Pure functions over instants (Date); the zone's
 * offset is read with Intl, so any IANA zone (with or without daylight saving) works.
 */
export interface WorkCalendar {
  timeZone: string;
  hours: FollowUpSettings['hours'];
  holidays: readonly string[];
}

const MINUTE = 60_000;
const DAY_NAMES: readonly Weekday[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock parts of an instant in a zone. */
function partsOf(at: Date, timeZone: string) {
  const p: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(at)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return { year: p.year!, month: p.month!, day: p.day!, hour: p.hour!, minute: p.minute!, second: p.second! };
}

/** How far `timeZone`'s wall clock is ahead of UTC at `at`, in ms. */
export function offsetAt(at: Date, timeZone: string): number {
  const p = partsOf(at, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - (at.getTime() - at.getUTCMilliseconds());
}

/** The last day worked out, per zone, for the whole second it was asked in (zones' offsets are whole seconds). */
const lastDays = new Map<string, { second: number; day: string }>();

/** The studio's calendar day (YYYY-MM-DD) of an instant. */
export function localDay(at: Date, timeZone: string): string {
  const second = Math.floor(at.getTime() / 1000);
  const last = lastDays.get(timeZone);
  if (last?.second === second) return last.day;
  const p = partsOf(at, timeZone);
  const day = `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
  lastDays.set(timeZone, { second, day });
  return day;
}

/** The instant of a wall-clock time (minutes after midnight) on a studio day. */
export function instantOf(day: string, minutes: number, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, 0, minutes);
  let at = wall - offsetAt(new Date(wall), timeZone);
  // Around a daylight-saving change the offset at the guess may differ: correct once.
  at = wall - offsetAt(new Date(at), timeZone);
  return new Date(at);
}

function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

function weekdayOf(day: string): Weekday {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return DAY_NAMES[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]!;
}

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/**
 * The instants of a day's opening hours, by zone, day and hours: each takes four `formatToParts`
 * calls, and every new lead asks for today's and often tomorrow's. A few days'
 * worth are kept; the map is emptied when it grows past that.
 */
const windows = new Map<string, { start: Date; end: Date }>();
const WINDOWS_KEPT = 512;

/** A studio day's working window as instants, or null when closed (weekday off or a holiday). */
export function workingWindow(day: string, calendar: WorkCalendar): { start: Date; end: Date } | null {
  if (calendar.holidays.includes(day)) return null;
  const hours = calendar.hours[weekdayOf(day)];
  if (!hours) return null;
  const key = `${calendar.timeZone}|${day}|${hours.start}|${hours.end}`;
  let window = windows.get(key);
  if (!window) {
    if (windows.size >= WINDOWS_KEPT) windows.clear();
    window = { start: instantOf(day, minutesOf(hours.start), calendar.timeZone), end: instantOf(day, minutesOf(hours.end), calendar.timeZone) };
    windows.set(key, window);
  }
  // Copies: a caller may keep or change what it is given.
  return { start: new Date(window.start), end: new Date(window.end) };
}

/** Days looked at before giving up (a calendar with no working day at all). */
const HORIZON_DAYS = 800;

/**
 * `from` plus `minutes` of working time: the instant the first-contact target falls due. A lead that
 * comes outside working hours starts at the next opening (Fri 18:55 with 15 minutes and the weekend
 * closed: Mon 09:10). Null when the calendar has no working time at all.
 */
export function addWorkingMinutes(from: Date, minutes: number, calendar: WorkCalendar): Date | null {
  let remaining = minutes * MINUTE;
  let day = localDay(from, calendar.timeZone);
  for (let i = 0; i < HORIZON_DAYS; i++, day = nextDay(day)) {
    const window = workingWindow(day, calendar);
    if (!window) continue;
    const start = Math.max(from.getTime(), window.start.getTime());
    const available = window.end.getTime() - start;
    if (available <= 0) continue;
    if (remaining <= available) return new Date(start + remaining);
    remaining -= available;
  }
  return null;
}

/** Working minutes between two instants (0 when `to` is not after `from`). */
export function workingMinutesBetween(from: Date, to: Date, calendar: WorkCalendar): number {
  if (to.getTime() <= from.getTime()) return 0;
  let total = 0;
  let day = localDay(from, calendar.timeZone);
  const lastDay = localDay(to, calendar.timeZone);
  for (let i = 0; i < HORIZON_DAYS; i++, day = nextDay(day)) {
    const window = workingWindow(day, calendar);
    if (window) {
      const start = Math.max(from.getTime(), window.start.getTime());
      const end = Math.min(to.getTime(), window.end.getTime());
      if (end > start) total += end - start;
    }
    if (day === lastDay) break;
  }
  return total / MINUTE;
}
