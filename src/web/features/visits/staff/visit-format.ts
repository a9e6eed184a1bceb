import type { Visit } from '#shared/visits/visits.contract';
import { formatShortDay, formatTime } from '#web/lib/studio-time';

/** A visit's time as the studio reads it: "Sat, 28 Nov, 11:00 – 12:00". */
export function visitTime(visit: Pick<Visit, 'start' | 'end'>): string {
  return `${formatShortDay(visit.start)}, ${formatTime(visit.start)} – ${formatTime(visit.end)}`;
}
