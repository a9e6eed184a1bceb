import type { Visit } from '#shared/visits/visits.contract';
import { formatShortDay, formatTime, studioIsoDay } from '#web/lib/studio-time';

/** A visit's time as the studio reads it: "Sat, 28 Nov, 11:00 – 12:00". */
export function visitTime(visit: Pick<Visit, 'start' | 'end'>): string {
  return `${formatShortDay(visit.start)}, ${visitHours(visit)}`;
}

/** A visit's hours on the studio's clock: "11:00 – 12:00". */
export function visitHours(visit: Pick<Visit, 'start' | 'end'>): string {
  return `${formatTime(visit.start)} – ${formatTime(visit.end)}`;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) dayFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return format;
}

/** The studio's calendar day (YYYY-MM-DD) a visit starts on; `timeZone` as the server answered it. */
export function dayOfVisit(visit: Pick<Visit, 'start'>, timeZone?: string): string {
  return timeZone ? dayFormat(timeZone).format(new Date(visit.start)) : studioIsoDay(new Date(visit.start));
}

// A calendar day is a date without a zone: read and written in UTC, it stays itself everywhere.
const LABELS = {
  full: new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }),
  weekday: new Intl.DateTimeFormat('en-IN', { weekday: 'short', timeZone: 'UTC' }),
  date: new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' }),
};

/** A calendar day (YYYY-MM-DD) as staff read it: "Mon, 4 Jan" (`full`), "Mon" or "4 Jan". */
export function dayLabel(day: string, part: keyof typeof LABELS = 'full'): string {
  return LABELS[part].format(new Date(`${day}T00:00:00Z`));
}

/** A calendar day `days` on (or back). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
