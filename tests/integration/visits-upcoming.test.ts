import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { DEFAULT_SLOT_SETTINGS, VISIT_MESSAGES, type UpcomingVisits, type Visit } from '#shared/visits/visits.contract';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { multipart } from '../helpers/multipart';
import { testImage } from '../helpers/images';
import { saveSettings } from '../factories/settings';

/*
 * Staff see the visits of coming days at once, with a count per day (README, the /dashboard/visits row): days
 * are the studio's calendar days (its time-zone setting, Asia/Kolkata by default), "today" is the
 * studio's today on the app clock, cancelled visits are counted apart.
 */

/** Monday 4 Jan 2027, 15:30 in Asia/Kolkata (UTC+05:30). */
const NOW = new Date('2027-01-04T10:00:00Z');

/** The visits booked below, by their time in Asia/Kolkata. */
const AT = {
  mondayAfternoon: '2027-01-04T10:30:00.000Z', // Mon 4 Jan, 16:00 IST
  mondayLate: '2027-01-04T17:30:00.000Z', // Mon 4 Jan, 23:00 IST (the last slot of the day)
  afterMidnight: '2027-01-04T19:00:00.000Z', // Tue 5 Jan, 00:30 IST (still the 4th in UTC)
  wednesday: '2027-01-06T04:30:00.000Z', // Wed 6 Jan, 10:00 IST
  wednesdayCancelled: '2027-01-06T05:30:00.000Z', // Wed 6 Jan, 11:00 IST, cancelled below
  nextMonday: '2027-01-11T04:30:00.000Z', // Mon 11 Jan, 10:00 IST
} as const;

async function addStudio(ctx: TestContext, title: string): Promise<string> {
  const body = await multipart(
    { title, address: '1 Lake Road, Bengaluru', gmaplink: 'https://maps.example/lake' },
    { bytes: await testImage('png'), filename: 's.png', type: 'image/png' },
  );
  const res = await ctx.asStaff({ method: 'POST', url: '/api/studio/add', payload: body.payload, headers: body.headers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ _id: string }>()._id;
}

async function setTimeZone(ctx: TestContext, timeZone: string) {
  await saveSettings(ctx.asStaff, { timeZone });
}

const zeroDay = (day: string) => ({ day, count: 0, cancelled: 0 });

describeEachDatabase('upcoming site visits per day, for staff (studio clock)', (ctx) => {
  const ids: Partial<Record<keyof typeof AT, string>> = {};

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    const studio = await addStudio(ctx, 'Week Studio');
    // Open round the clock in half hours, so a visit can start at 00:30.
    const settings = {
      ...DEFAULT_SLOT_SETTINGS,
      enabled: true,
      weeklyHours: DEFAULT_SLOT_SETTINGS.weeklyHours.map(() => ({ open: true, from: '00:00', to: '23:59' })),
      slotMinutes: 30,
      seats: 2,
      daysAhead: 20,
    };
    expect((await ctx.asStaff({ method: 'PUT', url: `/api/visits/settings/${studio}`, payload: settings })).statusCode).toBe(200);
    let n = 0;
    for (const [name, slotStart] of Object.entries(AT) as Array<[keyof typeof AT, string]>) {
      n += 1;
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/visits',
        payload: { slotStart, studioId: studio, email: `week.${n}@example.com`, name: `Visitor ${name}` },
        remoteAddress: `10.35.0.${n}`,
      });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
      ids[name] = res.json<{ _id: string }>()._id;
    }
    const cancel = await ctx.asStaff({ method: 'POST', url: `/api/visits/${ids.wednesdayCancelled}/action`, payload: { action: 'cancel' } });
    expect(cancel.statusCode, cancel.body).toBe(200);
  });
  // The shared set-up (tests/helpers/setup.ts) puts the real clock back after each test.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  const upcoming = async (query = '') => {
    const res = await ctx.asStaff({ method: 'GET', url: `/api/visits/upcoming${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<UpcomingVisits>();
  };

  it('opens on the studio’s today and the next 7 days, counting each visit on its Indian day (00:30 IST is the next day, not the UTC one)', async () => {
    const week = await upcoming();
    expect(week).toMatchObject({ from: '2027-01-04', today: '2027-01-04', timeZone: 'Asia/Kolkata' });
    expect(week.days).toEqual([
      { day: '2027-01-04', count: 2, cancelled: 0 },
      { day: '2027-01-05', count: 1, cancelled: 0 },
      { day: '2027-01-06', count: 1, cancelled: 1 },
      zeroDay('2027-01-07'),
      zeroDay('2027-01-08'),
      zeroDay('2027-01-09'),
      zeroDay('2027-01-10'),
    ]);
    // Every visit of the week, cancelled ones too (with their status), by start; next Monday's is outside.
    expect(week.visits.map((v) => [v._id, v.start, v.status])).toEqual([
      [ids.mondayAfternoon, AT.mondayAfternoon, 'booked'],
      [ids.mondayLate, AT.mondayLate, 'booked'],
      [ids.afterMidnight, AT.afterMidnight, 'booked'],
      [ids.wednesday, AT.wednesday, 'booked'],
      [ids.wednesdayCancelled, AT.wednesdayCancelled, 'cancelled'],
    ]);
    expect(week.visits[0]).toMatchObject({ studioName: 'Week Studio', name: 'Visitor mondayAfternoon', email: 'week.1@example.com' });
  });

  it('reads any range of 1 to 31 days from a given day', async () => {
    const tuesday = await upcoming('?from=2027-01-05&days=1');
    expect(tuesday.days).toEqual([{ day: '2027-01-05', count: 1, cancelled: 0 }]);
    expect(tuesday.visits.map((v) => v._id)).toEqual([ids.afterMidnight]);
    const nextWeek = await upcoming('?from=2027-01-11');
    expect(nextWeek).toMatchObject({ from: '2027-01-11', today: '2027-01-04' });
    expect(nextWeek.days).toHaveLength(7);
    expect(nextWeek.days[0]).toEqual({ day: '2027-01-11', count: 1, cancelled: 0 });
    expect(nextWeek.visits.map((v) => v._id)).toEqual([ids.nextMonday]);
    // A past week reads too (Previous week on the page).
    const before = await upcoming('?from=2026-12-28');
    expect(before.days.map((d) => d.day)).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']);
    expect(before.visits).toEqual([]);
    const month = await upcoming('?from=2027-01-01&days=31');
    expect(month.days).toHaveLength(31);
    expect(month.days.at(-1)!.day).toBe('2027-01-31');
    expect(month.days.reduce((sum, d) => sum + d.count, 0)).toBe(5);
    expect(month.days.reduce((sum, d) => sum + d.cancelled, 0)).toBe(1);
  });

  it('answers 400 with a sentence to a range out of bounds or a day that is not one', async () => {
    for (const [query, message] of [
      ['?days=0', VISIT_MESSAGES.daysInvalid],
      ['?days=32', VISIT_MESSAGES.daysInvalid],
      ['?days=365', VISIT_MESSAGES.daysInvalid],
      ['?days=abc', VISIT_MESSAGES.daysInvalid],
      ['?days=1.5', VISIT_MESSAGES.daysInvalid],
      ['?days=-3', VISIT_MESSAGES.daysInvalid],
      ['?days=2&days=3', VISIT_MESSAGES.daysInvalid],
      ['?from=2027-02-30', VISIT_MESSAGES.date],
      ['?from=04-01-2027', VISIT_MESSAGES.date],
      ['?from=tomorrow', VISIT_MESSAGES.date],
    ] as const) {
      const res = await ctx.asStaff({ method: 'GET', url: `/api/visits/upcoming${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message, query).toBe(message);
    }
  });

  it('is for staff only: 401 without a login', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/visits/upcoming' });
    expect(res.statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/visits/upcoming?from=2027-01-04&days=7' })).statusCode).toBe(401);
  });

  it('leaves the one-day list answering as before', async () => {
    const day = async (query: string) => (await ctx.asStaff({ method: 'GET', url: `/api/visits${query}` })).json<Visit[]>().map((v) => v._id);
    expect(await day('')).toEqual([ids.mondayAfternoon, ids.mondayLate]);
    expect(await day('?day=2027-01-05')).toEqual([ids.afterMidnight]);
    expect(await day('?day=2027-01-06')).toEqual([ids.wednesday, ids.wednesdayCancelled]);
  });

  it('moves "today" with the app clock: past midnight in India it is already Tuesday', async () => {
    vi.setSystemTime(new Date('2027-01-04T18:45:00Z')); // Tue 5 Jan, 00:15 IST
    try {
      const week = await upcoming();
      expect(week).toMatchObject({ from: '2027-01-05', today: '2027-01-05' });
      expect(week.days[0]).toEqual({ day: '2027-01-05', count: 1, cancelled: 0 });
      expect(week.days.at(-1)).toEqual({ day: '2027-01-11', count: 1, cancelled: 0 });
    } finally {
      vi.setSystemTime(NOW);
    }
  });

  it('follows the studio’s time-zone setting', async () => {
    await setTimeZone(ctx, 'Europe/London');
    try {
      const week = await upcoming('?days=3');
      // In London (UTC+00:00 in January) all three Monday visits fall on Monday.
      expect(week).toMatchObject({ from: '2027-01-04', today: '2027-01-04', timeZone: 'Europe/London' });
      expect(week.days).toEqual([{ day: '2027-01-04', count: 3, cancelled: 0 }, zeroDay('2027-01-05'), { day: '2027-01-06', count: 1, cancelled: 1 }]);
    } finally {
      await setTimeZone(ctx, 'Asia/Kolkata');
    }
  });
});
