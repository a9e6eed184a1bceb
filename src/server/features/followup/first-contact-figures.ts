import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { staffNames } from '#server/features/auth';
import { firstContactRows } from '#server/features/leads';
import type { FirstContactFigures } from '#shared/followup/followup.contract';
import { localDay, workingMinutesBetween, type WorkCalendar } from '#shared/followup/working-hours';

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  // To a tenth of a minute: seconds are noise here.
  return Math.round(value * 10) / 10;
}

/** The Monday (studio calendar) of the week a studio day is in. */
function mondayOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const back = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}

interface Tally {
  leads: number;
  waiting: number;
  contacted: number;
  withinTarget: number;
  minutes: number[];
}

const summary = (t: Tally) => ({
  leads: t.leads,
  waiting: t.waiting,
  contacted: t.contacted,
  withinTarget: t.withinTarget,
  shareWithinTarget: t.leads > t.waiting ? t.withinTarget / (t.leads - t.waiting) : null,
  medianMinutes: median(t.minutes),
});

/**
 * First contact over the last `weeks` weeks. Every lead counts in its week; one neither
 * contacted nor past its target yet is "waiting" and left out of the share; "within target" means it left `new` by its due time; the time to first contact is
 * in working minutes (the clock the target runs on).
 */
export async function firstContactFigures(
  db: Kysely<Database>,
  input: { weeks: number; now: Date; calendar: WorkCalendar; targetMinutes: number },
): Promise<FirstContactFigures> {
  const rows = await firstContactRows(db, new Date(input.now.getTime() - input.weeks * 7 * 86_400_000));
  const byPerson = new Map<string | null, Tally>();
  const byWeek = new Map<string, Tally>();
  const tally = <K>(map: Map<K, Tally>, key: K) => {
    let t = map.get(key);
    if (!t) map.set(key, (t = { leads: 0, waiting: 0, contacted: 0, withinTarget: 0, minutes: [] }));
    return t;
  };
  for (const row of rows) {
    const created = new Date(row.createdAt);
    const due = row.firstContactDueAt ? new Date(row.firstContactDueAt) : null;
    const contacted = row.firstContactedAt ? new Date(row.firstContactedAt) : null;
    const waiting = !contacted && (!due || due > input.now);
    const within = contacted !== null && due !== null && contacted <= due;
    const minutes = contacted ? workingMinutesBetween(created, contacted, input.calendar) : null;
    for (const t of [tally(byPerson, row.assigneeId), tally(byWeek, mondayOf(localDay(created, input.calendar.timeZone)))]) {
      t.leads++;
      if (waiting) t.waiting++;
      if (contacted) t.contacted++;
      if (within) t.withinTarget++;
      if (minutes !== null) t.minutes.push(minutes);
    }
  }
  const names = await staffNames(db, [...byPerson.keys()]);
  return {
    targetMinutes: input.targetMinutes,
    timeZone: input.calendar.timeZone,
    byPerson: [...byPerson.entries()]
      .map(([staffId, t]) => ({ staffId, name: staffId ? (names.get(staffId) ?? 'Former staff') : 'Nobody', ...summary(t) }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    byWeek: [...byWeek.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([week, t]) => ({ week, ...summary(t) })),
  };
}
