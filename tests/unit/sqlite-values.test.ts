import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { toSqliteValue } from '#server/db/database';

describe('toSqliteValue', () => {
  it('binds booleans as 0/1 and leaves null, numbers and text alone', () => {
    expect([true, false, null, undefined, 3, 'x'].map(toSqliteValue)).toEqual([1, 0, null, undefined, 3, 'x']);
  });

  it("writes each Date's own moment, whichever object or realm made it, also when the last one written was changed since", () => {
    const at = new Date('2026-11-29T10:00:00.000Z');
    expect(toSqliteValue(at)).toBe('2026-11-29T10:00:00.000Z');
    expect(toSqliteValue(new Date(at.getTime()))).toBe('2026-11-29T10:00:00.000Z');
    at.setTime(at.getTime() + 1);
    expect(toSqliteValue(at)).toBe('2026-11-29T10:00:00.001Z');
    const other = runInNewContext('new Date("2026-11-30T00:00:00.000Z")') as Date;
    expect(other instanceof Date).toBe(false);
    expect(toSqliteValue(other)).toBe('2026-11-30T00:00:00.000Z');
  });

  it('refuses an invalid date as toISOString does, every time', () => {
    expect(() => toSqliteValue(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => toSqliteValue(new Date(Number.NaN))).toThrow(RangeError);
  });
});
