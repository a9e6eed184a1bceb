import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_STUDIO_TIME_ZONE,
  formatDate,
  formatDateTime,
  formatDayTime,
  formatTime,
  formatDay,
  formatShortDay,
  fromStudioInput,
  setStudioTimeZone,
  studioIsoDay,
  studioTimeZone,
} from '#web/lib/studio-time';

// Staff pages show and take times on the studio's clock, whatever zone the browser is in.
describe('studio time', () => {
  afterEach(() => setStudioTimeZone(DEFAULT_STUDIO_TIME_ZONE));

  it('shows an instant on the studio clock (Asia/Kolkata by default), not the machine’s', () => {
    const at = '2026-11-27T20:33:05.000Z'; // 02:03 on the 28th in Kolkata
    expect(studioTimeZone()).toBe('Asia/Kolkata');
    expect(formatDayTime(at)).toBe('28-11-2026 02:03');
    expect(formatDayTime(at, true)).toBe('28-11-2026 02:03:05');
    expect(formatTime(at)).toBe('02:03');
    expect(formatDate(at)).toBe('28 Nov 2026');
    expect(formatDay(at)).toBe('28-11-2026');
    expect(formatShortDay(at)).toBe('Sat, 28 Nov');
    expect(formatDateTime(at)).toBe('28 Nov 2026, 02:03 am');
  });

  it('reads a datetime-local value on the studio clock and writes it back the same', () => {
    expect(fromStudioInput('2030-01-15T11:00')?.toISOString()).toBe('2030-01-15T05:30:00.000Z');
    expect(formatDayTime('2030-01-15T05:30:00.000Z')).toBe('15-01-2030 11:00');
    expect(fromStudioInput('')).toBeNull();
    expect(fromStudioInput('15-01-2030 11:00')).toBeNull();
  });

  it('follows the zone the studio set, daylight saving included', () => {
    setStudioTimeZone('America/New_York');
    expect(fromStudioInput('2030-07-01T09:00')?.toISOString()).toBe('2030-07-01T13:00:00.000Z'); // EDT, UTC−4
    expect(fromStudioInput('2030-01-15T09:00')?.toISOString()).toBe('2030-01-15T14:00:00.000Z'); // EST, UTC−5
    expect(formatDayTime('2030-01-15T14:00:00.000Z')).toBe('15-01-2030 09:00');
  });

  it('keeps the zone it has when given one the browser does not know', () => {
    setStudioTimeZone('Mars/Olympus_Mons');
    expect(studioTimeZone()).toBe('Asia/Kolkata');
  });
});

describe('a download’s date on the studio’s clock', () => {
  it('is the studio’s day, not the browser’s or UTC’s', () => {
    setStudioTimeZone('Asia/Kolkata');
    expect(studioIsoDay(new Date('2026-11-28T20:09:00Z'))).toBe('2026-11-29');
    expect(studioIsoDay(new Date('2026-11-28T18:29:00Z'))).toBe('2026-11-28');
  });
});
