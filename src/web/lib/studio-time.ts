import { instantOf } from '#shared/followup/working-hours';

/**
 * Staff pages show and take times in the studio's time zone (a setting, Asia/Kolkata by default),
 * whatever zone the browser is in: the e-mails, the working hours and the visits already speak it,
 * and a lead's "10:30" must mean the same to everyone who works it. The dashboard sets the zone once
 * from GET /api/site (dashboard-layout.tsx); until then, and if that fails, Asia/Kolkata.
 */
export const DEFAULT_STUDIO_TIME_ZONE = 'Asia/Kolkata';

let zone = DEFAULT_STUDIO_TIME_ZONE;

export function setStudioTimeZone(timeZone: string): void {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
  } catch {
    return; // not a zone this browser knows: keep the one we have
  }
  zone = timeZone;
}

export function studioTimeZone(): string {
  return zone;
}

/** One formatter per form, made again only when the studio's zone changes (tables call these per cell). */
function inStudioZone(locale: string, options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let made: { zone: string; format: Intl.DateTimeFormat } | undefined;
  return () => {
    if (made?.zone !== zone) made = { zone, format: new Intl.DateTimeFormat(locale, { ...options, timeZone: zone }) };
    return made.format;
  };
}

const dateTimeFormat = inStudioZone('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const dateFormat = inStudioZone('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
const shortDayFormat = inStudioZone('en-IN', { weekday: 'short', day: 'numeric', month: 'short' });
const numericFormat = inStudioZone('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const timeFormat = inStudioZone('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** "27 Nov 2026, 08:33 pm" (en-IN), in the studio's zone. */
export function formatDateTime(iso: string): string {
  return dateTimeFormat().format(new Date(iso));
}

/** "27 Nov 2026", the studio's day. */
export function formatDate(iso: string): string {
  return dateFormat().format(new Date(iso));
}

/** "Fri, 27 Nov", the studio's day. */
export function formatShortDay(iso: string): string {
  return shortDayFormat().format(new Date(iso));
}

function numericParts(iso: string): Record<string, string> {
  return Object.fromEntries(
    numericFormat()
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
}

/** "27-11-2026" (the tables' compact form), the studio's day. */
export function formatDay(iso: string): string {
  const parts = numericParts(iso);
  return `${parts.day}-${parts.month}-${parts.year}`;
}

/** "27-11-2026 20:33" (the tables' compact form; "20:33:05" with seconds), in the studio's zone. */
export function formatDayTime(iso: string, seconds = false): string {
  const parts = numericParts(iso);
  return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}${seconds ? `:${parts.second}` : ''}`;
}

/** "20:33", in the studio's zone. */
export function formatTime(iso: string): string {
  return timeFormat().format(new Date(iso));
}

/** A `datetime-local` value read on the studio's clock, as an instant; null when it is not one. */
export function fromStudioInput(value: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const at = instantOf(match[1]!, Number(match[2]) * 60 + Number(match[3]), zone);
  return Number.isNaN(at.getTime()) ? null : at;
}

const isoDayFormat = inStudioZone('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });

/** The studio's calendar day of an instant, YYYY-MM-DD (a download's file name). */
export function studioIsoDay(at: Date): string {
  return isoDayFormat().format(at);
}
