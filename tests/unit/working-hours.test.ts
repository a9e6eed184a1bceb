import { describe, expect, it } from 'vitest';
import { addWorkingMinutes, instantOf, localDay, workingMinutesBetween, type WorkCalendar } from '#shared/followup/working-hours';
import { DEFAULT_FOLLOW_UP } from '#shared/settings/settings.contract';

const weekdays = { start: '09:00', end: '19:00' };
/** Mon–Fri 09:00–19:00 in India; Saturday and Sunday closed. */
const IST: WorkCalendar = {
  timeZone: 'Asia/Kolkata',
  hours: { mon: weekdays, tue: weekdays, wed: weekdays, thu: weekdays, fri: weekdays, sat: null, sun: null },
  holidays: [],
};
const ist = (local: string) => new Date(`${local}+05:30`);

// Decision 0023: the first-contact clock runs only in working hours, in the studio's time zone.
describe('working hours', () => {
  it('counts a target inside one working day', () => {
    expect(addWorkingMinutes(ist('2026-11-23T10:00:00'), 15, IST)).toEqual(ist('2026-11-23T10:15:00'));
  });

  it('Fri 18:55 with 15 minutes and the weekend closed: Mon 09:10', () => {
    // 2026-11-27 is a Friday.
    expect(addWorkingMinutes(ist('2026-11-27T18:55:00'), 15, IST)).toEqual(ist('2026-11-30T09:10:00'));
  });

  it('skips a holiday', () => {
    expect(addWorkingMinutes(ist('2026-11-27T18:55:00'), 15, { ...IST, holidays: ['2026-11-30'] })).toEqual(ist('2026-12-01T09:10:00'));
  });

  it('starts at the opening when a lead comes before it, or at night', () => {
    expect(addWorkingMinutes(ist('2026-11-24T07:30:00'), 15, IST)).toEqual(ist('2026-11-24T09:15:00'));
    expect(addWorkingMinutes(ist('2026-11-24T23:30:00'), 30, IST)).toEqual(ist('2026-11-25T09:30:00'));
  });

  it('with the default hours (Mon–Sat) Friday evening runs on into Saturday', () => {
    const calendar = { timeZone: 'Asia/Kolkata', hours: DEFAULT_FOLLOW_UP.hours, holidays: [] };
    expect(addWorkingMinutes(ist('2026-11-27T18:55:00'), 15, calendar)).toEqual(ist('2026-11-28T09:10:00'));
    expect(addWorkingMinutes(ist('2026-11-28T18:55:00'), 30, calendar)).toEqual(ist('2026-11-30T09:25:00'));
  });

  it('carries a long target over several days', () => {
    // 10 working hours a day: 25 hours from Monday 09:00 is Wednesday 14:00.
    expect(addWorkingMinutes(ist('2026-11-23T09:00:00'), 25 * 60, IST)).toEqual(ist('2026-11-25T14:00:00'));
  });

  it('has no due time when nothing is ever open', () => {
    const closed = { ...IST, hours: { mon: null, tue: null, wed: null, thu: null, fri: null, sat: null, sun: null } };
    expect(addWorkingMinutes(ist('2026-11-23T09:00:00'), 15, closed)).toBeNull();
  });

  it('measures working minutes between two instants, across nights and the weekend', () => {
    expect(workingMinutesBetween(ist('2026-11-27T18:55:00'), ist('2026-11-30T09:10:00'), IST)).toBe(15);
    expect(workingMinutesBetween(ist('2026-11-23T10:00:00'), ist('2026-11-23T10:45:00'), IST)).toBe(45);
    expect(workingMinutesBetween(ist('2026-11-23T10:00:00'), ist('2026-11-23T09:00:00'), IST)).toBe(0);
  });

  it('works in a zone with daylight saving', () => {
    const london: WorkCalendar = { ...IST, timeZone: 'Europe/London' };
    // 2026-03-29: clocks go forward; Monday 30 March 09:00 is 08:00 UTC.
    expect(instantOf('2026-03-30', 9 * 60, 'Europe/London').toISOString()).toBe('2026-03-30T08:00:00.000Z');
    expect(addWorkingMinutes(new Date('2026-03-27T18:55:00Z'), 15, london)!.toISOString()).toBe('2026-03-30T08:10:00.000Z');
    expect(localDay(new Date('2026-11-27T20:00:00Z'), 'Asia/Kolkata')).toBe('2026-11-28');
  });
});
