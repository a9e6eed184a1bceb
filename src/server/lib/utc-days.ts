/*
 * Counts kept per UTC day answer any studio's days exactly (decision 0063): the whole UTC days of a
 * range from the kept counts, the pieces of a day at either end (the studio's midnight is rarely
 * UTC's) from the rows.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface Edge {
  since?: Date | undefined;
  until?: Date | undefined;
}

/** [since, until) as whole UTC days [from, to) ('' and '~' for open ends; null: none) and the pieces of days around them. */
export function splitPeriod(since: Date | undefined, until: Date | undefined): { days: { from: string; to: string } | null; edges: Edge[] } {
  const from = since === undefined ? '' : utcDay(Math.ceil(since.getTime() / DAY_MS) * DAY_MS);
  const to = until === undefined ? '~' : utcDay(Math.floor(until.getTime() / DAY_MS) * DAY_MS);
  if (since !== undefined && until !== undefined && from >= to) return { days: null, edges: since < until ? [{ since, until }] : [] };
  const edges: Edge[] = [];
  if (since !== undefined && since.getTime() % DAY_MS !== 0) edges.push({ since, until: new Date(`${from}T00:00:00Z`) });
  if (until !== undefined && until.getTime() % DAY_MS !== 0) edges.push({ since: new Date(`${to}T00:00:00Z`), until });
  return { days: { from, to }, edges };
}
