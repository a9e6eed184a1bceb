import { sql, SqliteAdapter, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '#server/db/schema';
import { splitPeriod } from '#server/lib/utc-days';
import { funnelExpressions } from '#server/db/migrations/2026-12-05T0100-funnel-kept-counts';
import {
  leadFunnelCounts,
  namedSources,
  sourceCountRows,
  timedLeads,
  type LeadFunnelCounts,
  type LeadFunnelScope,
  type LeadSourceFunnelCounts,
  type LeadSourceScope,
  type SourceCountRow,
} from './funnel-counts.repository';

type Db = Kysely<Database>;

/*
 * The funnel from the counts the triggers keep (decision 0063): whole UTC days from
 * funnel_step_counts and funnel_contact_minutes, the parts of a UTC day at either end of the range
 * (the studio's midnight is rarely UTC's) from the leads themselves, so any time zone is answered
 * exactly. The medians: the kept buckets say which bucket holds the middle lead(s) of each row; the
 * exact minutes of those buckets are read from funnel_contact_values (decision 0068), so each median
 * is the rows' own value, not an estimate.
 */

const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};

/** Which funnel rows (row_key) are asked for. */
function rowKeyFilter(scope: LeadFunnelScope | null, sources: LeadSourceScope | null) {
  return (
    eb: ExpressionBuilder<Database, 'funnelStepCounts' | 'funnelContactMinutes' | 'funnelContactValues'>,
    column: 'funnelStepCounts.rowKey' | 'funnelContactMinutes.rowKey' | 'funnelContactValues.rowKey',
  ) => {
    const parts: Expression<SqlBool>[] = [];
    if (scope) {
      if (scope.channelId === undefined) parts.push(eb.and([eb(column, '>=', 'c'), eb(column, '<', 'd')]));
      else parts.push(eb(column, '=', `c${scope.channelId ?? ''}`));
    }
    if (sources) {
      if (sources.sourceKey === undefined) parts.push(eb.and([eb(column, '>=', 's'), eb(column, '<', 't')]));
      else parts.push(eb(column, '=', `s${sources.sourceKey}`));
    }
    return eb.or(parts);
  };
}

const num = (v: unknown) => Number(v ?? 0);

/** The channel rows' and the source rows' counts, as leadFunnelCounts and leadSourceFunnelCounts give them from the rows. */
export async function keptFunnelCounts(
  db: Db,
  scope: LeadFunnelScope | null,
  sources: LeadSourceScope | null,
): Promise<{ counts: LeadFunnelCounts[]; sourceCounts: LeadSourceFunnelCounts[] }> {
  if (!scope && !sources) return { counts: [], sourceCounts: [] };
  const when = scope ?? sources!;
  const { days, edges } = splitPeriod(when.since, when.until);
  const filter = rowKeyFilter(scope, sources);
  const channels = new Map<string | null, LeadFunnelCounts>();
  const bySource = new Map<string, SourceCountRow>();
  const addChannel = (c: LeadFunnelCounts) => {
    const had = channels.get(c.channelId);
    if (!had) channels.set(c.channelId, { ...c });
    else for (const k of STEPS) had[k] += c[k];
  };
  const addSource = (c: SourceCountRow) => {
    const had = bySource.get(c.sourceKey);
    if (!had) bySource.set(c.sourceKey, { ...c });
    else for (const k of [...STEPS, 'imported', 'byApi'] as const) had[k] += c[k];
  };
  const kept = days
    ? (() => {
        let q = db
          .selectFrom('funnelStepCounts')
          .where('funnelStepCounts.campaignId', '=', scope?.campaignId ?? '')
          .where((eb) => filter(eb, 'funnelStepCounts.rowKey'));
        if (days.from !== '') q = q.where('funnelStepCounts.day', '>=', days.from);
        if (days.to !== '~') q = q.where('funnelStepCounts.day', '<', days.to);
        return q
          .select((eb) => [
            'funnelStepCounts.rowKey',
            eb.fn.sum<number | string>('funnelStepCounts.leads').as('leads'),
            eb.fn.sum<number | string>('funnelStepCounts.emails').as('emails'),
            eb.fn.sum<number | string>('funnelStepCounts.completed').as('completed'),
            eb.fn.sum<number | string>('funnelStepCounts.contacted').as('contacted'),
            eb.fn.sum<number | string>('funnelStepCounts.visitBooked').as('visitBooked'),
            eb.fn.sum<number | string>('funnelStepCounts.visitDone').as('visitDone'),
            eb.fn.sum<number | string>('funnelStepCounts.won').as('won'),
            eb.fn.sum<number | string>('funnelStepCounts.imported').as('imported'),
            eb.fn.sum<number | string>('funnelStepCounts.byApi').as('byApi'),
          ])
          .groupBy('funnelStepCounts.rowKey')
          .having((eb) => eb.fn.sum('funnelStepCounts.leads'), '>', 0)
          .execute();
      })()
    : Promise.resolve([]);
  const [rows, ...pieces] = await Promise.all([
    kept,
    ...edges.map(async (edge) => ({
      counts: scope ? await leadFunnelCounts(db, { ...scope, ...edge }) : [],
      sources: sources ? await sourceCountRows(db, { ...sources, ...edge }) : [],
    })),
  ]);
  for (const r of rows) {
    const steps = {
      emails: num(r.emails),
      completed: num(r.completed),
      contacted: num(r.contacted),
      visitBooked: num(r.visitBooked),
      visitDone: num(r.visitDone),
      won: num(r.won),
    };
    if (r.rowKey.startsWith('s')) addSource({ sourceKey: r.rowKey.slice(1), ...steps, imported: num(r.imported), byApi: num(r.byApi) });
    else addChannel({ channelId: r.rowKey.length > 1 ? r.rowKey.slice(1) : null, ...steps });
  }
  for (const p of pieces) {
    for (const c of p.counts) addChannel(c);
    for (const s of p.sources) addSource(s);
  }
  return { counts: [...channels.values()], sourceCounts: await namedSources(db, [...bySource.values()]) };
}

const STEPS = ['emails', 'completed', 'contacted', 'visitBooked', 'visitDone', 'won'] as const;

/** A bucket's width: the triggers' buckets (migration 2026-12-05T0100). */
const width = (bucket: number) => (bucket < 1024 ? 1 : bucket < 16384 ? 16 : bucket < 262144 ? 256 : 4096);

/** The medians leadFirstContactMedians gives from the rows, located in the kept buckets and read from the kept exact minutes of those buckets only. */
export async function keptFirstContactMedians(
  db: Db,
  scope: LeadFunnelScope | null,
  sources: LeadSourceScope | null,
): Promise<{ byChannel: Map<string | null, number | null>; bySource: Map<string, number | null>; total: number | null }> {
  const byChannel = new Map<string | null, number | null>();
  const bySource = new Map<string, number | null>();
  if (!scope && !sources) return { byChannel, bySource, total: null };
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const e = funnelExpressions(sqlite ? 'sqlite' : 'postgres', 'leads');
  const minutes = sql<number>`${sql.raw(e.minutes)}`;
  const bucket = sql<number>`${sql.raw(e.bucket)}`;
  const when = scope ?? sources!;
  const { days, edges } = splitPeriod(when.since, when.until);
  const filter = rowKeyFilter(scope, sources);

  // Per row: bucket → how many leads.
  const histogram = new Map<string, Map<number, number>>();
  const add = (rowKey: string, b: number, n: number) => {
    let h = histogram.get(rowKey);
    if (!h) histogram.set(rowKey, (h = new Map()));
    h.set(b, (h.get(b) ?? 0) + n);
  };
  const kept = days
    ? (() => {
        let q = db
          .selectFrom('funnelContactMinutes')
          .where('funnelContactMinutes.campaignId', '=', scope?.campaignId ?? '')
          .where((eb) => filter(eb, 'funnelContactMinutes.rowKey'));
        if (days.from === '' && days.to === '~') q = q.where('funnelContactMinutes.grain', '=', '*');
        else {
          const mA = days.from === '' ? '' : days.from.endsWith('-01') ? days.from.slice(0, 7) : nextMonth(days.from.slice(0, 7));
          const mB = days.to === '~' ? '~' : days.to.slice(0, 7);
          q = q.where((eb) => {
            const dayRange = (a: string, b: string) =>
              eb.and([eb('funnelContactMinutes.grain', '=', 'd'), eb('funnelContactMinutes.period', '>=', a), eb('funnelContactMinutes.period', '<', b)]);
            if (!(mA < mB)) return dayRange(days.from, days.to);
            const parts = [
              eb.and([eb('funnelContactMinutes.grain', '=', 'm'), eb('funnelContactMinutes.period', '>=', mA), eb('funnelContactMinutes.period', '<', mB)]),
            ];
            if (mA !== '') parts.push(dayRange(days.from, `${mA}-01`));
            if (mB !== '~') parts.push(dayRange(`${mB}-01`, days.to));
            return eb.or(parts);
          });
        }
        return q
          .select((eb) => ['funnelContactMinutes.rowKey', 'funnelContactMinutes.bucket', eb.fn.sum<number | string>('funnelContactMinutes.n').as('n')])
          .groupBy(['funnelContactMinutes.rowKey', 'funnelContactMinutes.bucket'])
          .execute();
      })()
    : Promise.resolve([]);
  // The end pieces: their leads' minutes, from the leads (at most a day of leads each).
  const [rows, ...pieces] = await Promise.all([
    kept,
    ...edges.map((edge) => {
      const piece = timedLeads(db, scope && { ...scope, ...edge }, sources && { ...sources, ...edge })!;
      return piece.timed.select([piece.group.as('rowKey'), minutes.as('minutes'), bucket.as('bucket')]).execute();
    }),
  ]);
  for (const r of rows) add(r.rowKey, Number(r.bucket), num(r.n));
  for (const p of pieces) for (const r of p) add(r.rowKey, Number(r.bucket), 1);

  // Which bucket and place within it each middle lead has, per row and over all rows.
  interface Want {
    rowKey: string | null;
    places: { bucket: number; offset: number }[];
  }
  const locate = (h: Map<number, number>, rowKey: string | null): Want | null => {
    const buckets = [...h.entries()].filter(([, n]) => n !== 0).sort((a, b) => a[0] - b[0]);
    const total = buckets.reduce((s, [, n]) => s + n, 0);
    if (total <= 0) return null;
    const ranks = total % 2 ? [(total - 1) / 2] : [total / 2 - 1, total / 2];
    const places = ranks.map((rank) => {
      let before = 0;
      for (const [b, n] of buckets) {
        if (rank < before + n) return { bucket: b, offset: rank - before };
        before += n;
      }
      throw new Error('funnel median: rank beyond the counts');
    });
    return { rowKey, places };
  };
  const all = new Map<number, number>();
  const wants: Want[] = [];
  for (const [rowKey, h] of histogram) {
    for (const [b, n] of h) all.set(b, (all.get(b) ?? 0) + n);
    const w = locate(h, rowKey);
    if (w) wants.push(w);
  }
  const overall = locate(all, null);
  if (overall) wants.push(overall);
  const needed = [...new Set(wants.flatMap((w) => w.places.map((p) => p.bucket)))];
  if (needed.length === 0) return { byChannel, bySource, total: null };

  // The exact minutes of those buckets (decision 0068): the whole UTC days from the values the
  // triggers keep, in one statement (a UNION ALL of one range of the primary key per bucket: an OR of
  // ranges is not read as ranges by SQLite), each summed over the days per row and minute; the end
  // pieces from their leads above.
  const arm = (b: number) => {
    let q = db
      .selectFrom('funnelContactValues')
      .where('funnelContactValues.campaignId', '=', scope?.campaignId ?? '')
      .where('funnelContactValues.minutes', '>=', b)
      .where('funnelContactValues.minutes', '<', b + width(b))
      .where((eb) => filter(eb, 'funnelContactValues.rowKey'));
    if (days!.from !== '') q = q.where('funnelContactValues.day', '>=', days!.from);
    if (days!.to !== '~') q = q.where('funnelContactValues.day', '<', days!.to);
    return q
      .select((eb) => ['funnelContactValues.rowKey', 'funnelContactValues.minutes', eb.fn.sum<number | string>('funnelContactValues.n').as('n')])
      .groupBy(['funnelContactValues.minutes', 'funnelContactValues.rowKey']);
  };
  const keptValues = days
    ? await needed
        .slice(1)
        .reduce((q, b) => q.unionAll(arm(b)), arm(needed[0]!))
        .execute()
    : [];
  // Per row and bucket (and over all rows: '\u0001'): minutes → how many leads.
  const inBucket = new Map<string, Map<number, number>>();
  const push = (rowKey: string, b: number, minute: number, n: number) => {
    for (const key of [`${rowKey}\u0000${b}`, `\u0001\u0000${b}`]) {
      let values = inBucket.get(key);
      if (!values) inBucket.set(key, (values = new Map()));
      values.set(minute, (values.get(minute) ?? 0) + n);
    }
  };
  // The bucket of a kept minute: the one of those read whose range holds it (the same comparisons as the statement's).
  const bucketOf = (minute: number) => needed.find((b) => minute >= b && minute < b + width(b))!;
  for (const v of keptValues) push(v.rowKey, bucketOf(Number(v.minutes)), Number(v.minutes), num(v.n));
  const wanted = new Set(needed);
  for (const p of pieces) for (const r of p) if (wanted.has(Number(r.bucket))) push(r.rowKey, Number(r.bucket), Number(r.minutes), 1);
  const sortedBuckets = new Map<string, [number, number][]>();
  const valueAt = (rowKey: string | null, place: { bucket: number; offset: number }) => {
    const key = `${rowKey ?? '\u0001'}\u0000${place.bucket}`;
    let list = sortedBuckets.get(key);
    if (!list) sortedBuckets.set(key, (list = [...(inBucket.get(key) ?? [])].filter(([, n]) => n !== 0).sort((a, b) => a[0] - b[0])));
    let before = 0;
    for (const [minute, n] of list) {
      if (place.offset < before + n) return minute;
      before += n;
    }
    throw new Error('funnel median: the kept counts and values differ');
  };
  let total: number | null = null;
  for (const w of wants) {
    const [a, b] = w.places.map((p) => valueAt(w.rowKey, p)) as [number, number | undefined];
    // As each database's row path computes it: the mean of the middle two (SQLite's server side), percentile_cont's interpolation (PostgreSQL).
    const value = b === undefined ? a : sqlite ? (a + b) / 2 : a + 0.5 * (b - a);
    const median = Math.round(value * 10) / 10;
    if (w.rowKey === null) total = median;
    else if (w.rowKey.startsWith('s')) bySource.set(w.rowKey.slice(1), median);
    else byChannel.set(w.rowKey.length > 1 ? w.rowKey.slice(1) : null, median);
  }
  return { byChannel, bySource, total };
}
