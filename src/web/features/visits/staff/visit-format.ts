import type { Visit } from '#shared/visits/visits.contract';
import { studioTimeZone } from '#web/lib/studio-time';

/** A visit's time as the studio reads it: "Sat 28 Nov, 11:00 – 12:00". */
export function visitTime(visit: Pick<Visit, 'start' | 'end'>, timeZone = studioTimeZone()): string {
  const day = new Intl.DateTimeFormat('en-IN', { timeZone, weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(visit.start));
  const time = (iso: string) => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
  return `${day}, ${time(visit.start)} – ${time(visit.end)}`;
}
