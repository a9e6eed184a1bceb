// What the two write-reference benches (bench/lead-write-reference.ts on SQLite,
// bench/lead-write-reference-pg.ts on PostgreSQL) share: a round of POST /api/email/add against one
// server, the wait for it to finish its leftover work, and the figures the rounds give.
import { load, type LoadResult } from './load';
import type { Running } from './processes';
import { atLeast, atMost, figure, type Figure } from './report';

/** One round against one server, and the CPU seconds it spent after the round (see settle). */
export type Round = LoadResult & { after: number };

/** Waits until `server` is idle (under 5 % of a core over 250 ms, at most 15 s): its CPU seconds meanwhile. */
export async function settle(server: Running): Promise<number> {
  const start = server.cpuSeconds();
  for (let i = 0; i < 60; i++) {
    const before = server.cpuSeconds();
    await new Promise((resolve) => setTimeout(resolve, 250));
    if (server.cpuSeconds() - before < 0.0125) break;
  }
  return server.cpuSeconds() - start;
}

/**
 * A round of POST /api/email/add (a new visitor's e-mail each request) at `connections` connections
 * for `seconds`, then the server is left to finish what it still has to do before the next round.
 */
export function emailRounds(connections: number): (server: Running, campaignId: string, seconds: number) => Promise<Round> {
  let n = 0;
  return async (server, campaignId, seconds) => {
    const result = await load({
      url: server.url,
      method: 'POST',
      path: '/api/email/add',
      connections,
      durationSeconds: seconds,
      body: () => JSON.stringify({ email: `visitor${n++}@bench.test`, campaignid: campaignId }),
    });
    const after = await settle(server);
    return { ...result, after };
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const range = (values: number[], digits = 0) => `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;

export interface WriteReferenceRun {
  group: string;
  rounds: number;
  roundSeconds: number;
  connections: number;
  /** The reference the budgets are read against: its name in the figures ("today's reference"), what its requests/s figure is called, its rounds. */
  reference: { name: string; label: string; rounds: Round[] };
  /** References measured for comparison only, shown first (requests/s with their p99) and compared before the budgeted one. */
  others?: Array<{ label: string; ratioLabel: string; ratioNote: string; rounds: Round[] }>;
  abode: Round[];
  /** Abode ÷ the reference, requests per second: at least this. */
  minRatio: number;
  /** Abode's p99: at most this many ms, or at most this many times the reference's p99. */
  p99: { ms: number } | { timesReference: number };
}

/** The figures of a write-reference run: requests/s and p99 of each side, CPU after the rounds, the ratios, failures. */
export function writeReferenceFigures(run: WriteReferenceRun): Figure[] {
  const { group, reference, abode } = run;
  const setup = `${run.rounds} rounds of ${run.roundSeconds} s, ${run.connections} connections; `;
  const others = run.others ?? [];
  // CPU after the rounds per request answered: what the server still had to do for them.
  const afterPerRequest = (rs: Round[]) => (rs.reduce((s, r) => s + r.after, 0) / rs.reduce((s, r) => s + r.requestsPerSecond * run.roundSeconds, 0)) * 1e6;
  const failed = (rs: LoadResult[]) => rs.reduce((s, x) => s + x.non2xx + x.errors, 0);
  const rps = (rs: LoadResult[]) => Math.round(median(rs.map((o) => o.requestsPerSecond)));
  const ratiosTo = (rs: Round[]) => abode.map((o, i) => o.requestsPerSecond / rs[i]!.requestsPerSecond);
  const ratios = ratiosTo(reference.rounds);
  const ratio = median(ratios);
  const p99 = median(abode.map((o) => o.p99));
  const refP99 = median(reference.rounds.map((o) => o.p99));
  const p99Ratio = p99 / refP99;
  const p99Budget =
    'ms' in run.p99
      ? atMost(p99, run.p99.ms, `≤ ${run.p99.ms} ms`)
      : atMost(p99Ratio, run.p99.timesReference, `≤ ${run.p99.timesReference}× the reference's ${refP99} ms`);
  const p99Note = `${'ms' in run.p99 ? '' : `${p99Ratio.toFixed(2)}× the reference's; `}p50 ${median(abode.map((o) => o.p50))} ms; rounds ${range(abode.map((o) => o.p99))} ms`;
  const figures = [
    ...others.map((o, i) =>
      figure(
        group,
        o.label,
        rps(o.rounds),
        'req/s',
        undefined,
        `${i === 0 ? setup : ''}${failed(o.rounds)} failed; p99 ${median(o.rounds.map((r) => r.p99))} ms`,
      ),
    ),
    figure(group, reference.label, rps(reference.rounds), 'req/s', undefined, `${others.length === 0 ? setup : ''}${failed(reference.rounds)} failed`),
    figure(
      group,
      `${reference.name}: p99`,
      refP99,
      'ms',
      undefined,
      `p50 ${median(reference.rounds.map((o) => o.p50))} ms; rounds ${range(reference.rounds.map((o) => o.p99))} ms`,
    ),
    figure(group, 'Abode: POST /api/email/add requests/s', rps(abode), 'req/s', undefined, `${failed(abode)} failed`),
    figure(
      group,
      'CPU after the rounds, per request',
      Math.round(afterPerRequest(abode)),
      'µs',
      undefined,
      `Abode (outbox fan-out, left to finish before the next round); ${reference.name} ${Math.round(afterPerRequest(reference.rounds))} µs`,
    ),
    ...others.map((o) => {
      const theirs = ratiosTo(o.rounds);
      return figure(group, o.ratioLabel, Math.round(median(theirs) * 100) / 100, '×', undefined, `${o.ratioNote}; rounds ${range(theirs, 2)}×`);
    }),
    figure(
      group,
      `Abode ÷ ${reference.name}`,
      Math.round(ratio * 100) / 100,
      '×',
      atLeast(ratio, run.minRatio, `≥ ${run.minRatio}×`),
      `median of the rounds' ratios; rounds ${range(ratios, 2)}×`,
    ),
    figure(group, 'Abode: p99', p99, 'ms', p99Budget, p99Note),
  ];
  if (failed(abode) > 0) figures.push(figure(group, 'Abode: failed requests', failed(abode), '', { text: '0', pass: false }));
  return figures;
}
