import { describe, expect, it } from 'vitest';
import type { UpcomingVisits } from '#shared/visits/visits.contract';
import { staffApi, visitorApi } from './api';
import { loginAsStaff, pageProblems, seriousA11yViolations, unique, useBrowser } from './browser';

/*
 * The staff visits page opens on the coming week (README, the /dashboard/visits row): a strip of seven days,
 * each with its count, today marked, on a 360 px phone. "Today" is the server's (the app clock on
 * the studio's time zone), so the test reads it from the API rather than from its own clock.
 */

const browser = useBrowser();
const SMALL_PHONE = { width: 360, height: 740 } as const;

// Calendar days (YYYY-MM-DD) are zone-less: written in UTC they stay themselves.
const weekday = new Intl.DateTimeFormat('en-IN', { weekday: 'short', timeZone: 'UTC' });
const date = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const at = (day: string) => new Date(`${day}T00:00:00Z`);
const addDays = (day: string, n: number) => new Date(at(day).getTime() + n * 86_400_000).toISOString().slice(0, 10);

/** What a screen reader hears for a day's button: "Tue 1 Dec 2 visits", "Today 29 Nov no visits". */
function cellName(week: UpcomingVisits, entry: UpcomingVisits['days'][number]): string {
  const count = entry.count === 0 ? 'no visits' : entry.count === 1 ? '1 visit' : `${entry.count} visits`;
  const cancelled = entry.cancelled > 0 ? `, ${entry.cancelled} cancelled` : '';
  return `${entry.day === week.today ? 'Today' : weekday.format(at(entry.day))} ${date.format(at(entry.day))} ${count}${cancelled}`;
}

describe('the staff visits page’s week', () => {
  it('shows each day’s count without picking a date; a day shows its visits (by keyboard too); Next week moves on', async () => {
    const staff = await staffApi();
    const before = (await staff<UpcomingVisits>('GET', '/api/visits/upcoming')).data;
    // One visit booked as visitors do, on a day of this week that is not today (whose hours may be
    // over). Only one: every browser test books from 127.0.0.1, and one address may book six a day
    // (decision 0014). The demo data's visit (Rahul Menon, two days on) is the week's other one.
    const studioId = (await visitorApi<Array<{ studioId: string }>>('GET', '/api/visits/studios')).data[0]!.studioId;
    const slots = (await visitorApi<Array<{ start: string; free: number }>>('GET', `/api/visits/slots?studio=${encodeURIComponent(studioId)}`)).data.filter(
      (s) => s.free > 0,
    );
    const dayOf = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: before.timeZone }).format(new Date(iso));
    const standing = (w: UpcomingVisits) => w.visits.filter((v) => v.status !== 'cancelled');
    const demo = standing(before).find((v) => v.name === 'Rahul Menon') ?? standing(before)[0];
    expect(demo, 'a visit in the coming week (the demo data has one)').toBeDefined();
    const inWeek = new Set(
      before.days
        .slice(1)
        .map((d) => d.day)
        .filter((d) => d !== dayOf(demo!.start)),
    );
    const slot = slots.find((s) => inWeek.has(dayOf(s.start)))!;
    expect(slot, 'a free slot this week on another day').toBeDefined();
    const booked = await visitorApi('POST', '/api/visits', {
      slotStart: slot.start,
      studioId,
      email: `${unique('week')}@example.com`,
      name: 'Week Visitor One',
    });
    expect(booked.status, JSON.stringify(booked.data)).toBe(201);
    const first = { start: slot.start, name: 'Week Visitor One' };
    const second = { start: demo!.start, name: demo!.name ?? demo!.email };
    const week = (await staff<UpcomingVisits>('GET', '/api/visits/upcoming')).data;
    const countOn = (w: UpcomingVisits, day: string) => w.days.find((d) => d.day === day)!.count;
    expect(countOn(week, dayOf(first.start))).toBe(countOn(before, dayOf(first.start)) + 1);
    expect(countOn(week, dayOf(second.start))).toBeGreaterThanOrEqual(1);

    const page = await browser.newPage(SMALL_PHONE);
    await loginAsStaff(page);
    await page.goto('/dashboard/visits');
    // Upcoming, without picking a date: seven days from today, each with its count.
    expect(await page.getByRole('button', { name: 'Upcoming' }).getAttribute('aria-pressed')).toBe('true');
    const strip = page.getByRole('list', { name: /^Visits / });
    await strip.waitFor();
    expect(await strip.getByRole('button').count()).toBe(7);
    for (const entry of week.days) {
      const cell = strip.getByRole('button', { name: cellName(week, entry), exact: true });
      expect(await cell.count(), cellName(week, entry)).toBe(1);
      expect(await cell.getAttribute('aria-current')).toBe(entry.day === week.today ? 'date' : null);
      expect(await cell.getAttribute('aria-pressed')).toBe('false');
    }
    // The week's visits, grouped by day: both new ones are listed.
    await expect.poll(() => page.locator('main').textContent()).toContain(first.name);
    expect(await page.locator('main').textContent()).toContain(second.name);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SMALL_PHONE.width);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A day picked shows that day's visits only.
    const firstEntry = week.days.find((d) => d.day === dayOf(first.start))!;
    await strip.getByRole('button', { name: cellName(week, firstEntry), exact: true }).click();
    await expect.poll(() => strip.getByRole('button', { name: cellName(week, firstEntry), exact: true }).getAttribute('aria-pressed')).toBe('true');
    const firstDay = page.getByRole('region', { name: new RegExp(`^${weekday.format(at(firstEntry.day))}, ${date.format(at(firstEntry.day))} — `) });
    await expect.poll(() => firstDay.textContent()).toContain(first.name);
    expect(await page.locator('main').textContent()).not.toContain(second.name);
    // By keyboard: Tab-reachable buttons, Enter picks the other day.
    const secondEntry = week.days.find((d) => d.day === dayOf(second.start))!;
    const secondCell = strip.getByRole('button', { name: cellName(week, secondEntry), exact: true });
    await secondCell.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => secondCell.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.locator('main').textContent()).toContain(second.name);
    expect(await page.locator('main').textContent()).not.toContain(first.name);
    expect(new URL(page.url()).searchParams.get('day')).toBe(secondEntry.day);

    // Next week: the seven days after, with their counts; today is no longer on the strip.
    await page.getByRole('button', { name: 'Next week' }).click();
    const next = (await staff<UpcomingVisits>('GET', `/api/visits/upcoming?from=${addDays(week.today, 7)}`)).data;
    await strip.getByRole('button', { name: cellName(next, next.days[0]!), exact: true }).waitFor();
    for (const entry of next.days) expect(await strip.getByRole('button', { name: cellName(next, entry), exact: true }).count()).toBe(1);
    expect(await strip.locator('[aria-current="date"]').count()).toBe(0);
    await page.getByRole('button', { name: 'Previous week' }).click();
    await strip.getByRole('button', { name: cellName(week, week.days[0]!), exact: true }).waitFor();

    // The one-day view stays a click away.
    await page.getByRole('button', { name: 'One day' }).click();
    await page.getByLabel('Day', { exact: true }).fill(dayOf(first.start));
    await expect.poll(() => page.getByRole('table').textContent()).toContain(first.name);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SMALL_PHONE.width);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
  });
});
