import { instantOf, localDay } from '#shared/followup/working-hours';

/**
 * Staff pages show and take times in the studio's time zone (a setting, Asia/Kolkata by default),
 * whatever zone the browser is in: the e-mails, the working hours and the visits already speak it,
 * and a lead's "10:30" must mean the same to everyone who works it. The dashboard sets the zone once
 * from GET /api/site (dashboard-layout.tsx); until then, and if that fails, Asia/Kolkata.
 */
export const DEFAULT_STUDIO_TIME_ZONE = 'Asia/Kolkata';

let zone = DEFAULT_STUDIO_TIME_ZONE;
const formats = new Map<string, Intl.DateTimeFormat>();

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

function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${zone}|${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
    formats.set(key, format);
  }
  return format;
}

/** "27 Nov 2026, 08:33 pm" (en-IN), in the studio's zone. */
export function formatDateTime(iso: string): string {
  return formatter('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

/** "27 Nov 2026", the studio's day. */
export function formatDate(iso: string): string {
  return formatter('en-IN', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso));
}

/** "27-11-2026 20:33" (the tables' compact form; "20:33:05" with seconds), in the studio's zone. */
export function formatDayTime(iso: string, seconds = false): string {
  const parts = Object.fromEntries(
    formatter('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}${seconds ? `:${parts.second}` : ''}`;
}

/** "20:33", in the studio's zone. */
export function formatTime(iso: string): string {
  return formatter('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
}

/** An instant as the value of a `datetime-local` field ("2026-11-27T20:33"), on the studio's clock. */
export function toStudioInput(iso: string): string {
  const at = new Date(iso);
  return `${localDay(at, zone)}T${formatTime(iso)}`;
}

/** A `datetime-local` value read on the studio's clock, as an instant; null when it is not one. */
export function fromStudioInput(value: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const at = instantOf(match[1]!, Number(match[2]) * 60 + Number(match[3]), zone);
  return Number.isNaN(at.getTime()) ? null : at;
}
