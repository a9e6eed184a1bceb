// Lead writes (POST email/add, POST campaign/response) and public reads, against a bare Fastify ceiling.
import type { AbodeClient } from './lib/abode-client';
import { BENCH_SURVEY } from './lib/abode-client';
import { load, type LoadOptions, type LoadResult } from './lib/load';
import type { Running } from './lib/processes';
import { atLeast, atMost, figure, type Figure } from './lib/report';

const CONNECTIONS = 50;
/** Seconds of load per figure, split into rounds. */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
/**
 * The ceiling and the measured route take turns (ceiling, route, ceiling, route…) rather than the
 * ceiling once and then every route: on a shared machine the load from elsewhere drifts, and a
 * drift should move both sides of a ratio, not one.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);

interface Measured extends LoadResult {
  /** The server's CPU time per request (every thread), in µs: what the server itself spends, whatever the client can drive. */
  cpuMicros: number;
}

/** A load run, with the CPU time the server process used during it. */
async function measure(server: Running, options: LoadOptions): Promise<Measured> {
  const before = server.cpuSeconds();
  const result = await load(options);
  return { ...result, cpuMicros: Math.round(((server.cpuSeconds() - before) * 1e6) / Math.max(1, result.total)) };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Rounds of one route, each next to the ceiling round measured just before it. */
interface Rounds {
  route: Measured[];
  ceiling: Measured[];
}

function loadFigures(group: string, label: string, { route, ceiling }: Rounds, minRatio: number, p99Budget?: number): Figure[] {
  const ratios = route.map((r, i) => r.requestsPerSecond / ceiling[i]!.requestsPerSecond);
  const ratio = median(ratios);
  const total = route.reduce((n, r) => n + r.total, 0);
  const failures = route.reduce((n, r) => n + r.non2xx + r.errors, 0);
  const cpu = (rounds: Measured[]) =>
    Math.round(
      rounds.reduce((n, r) => n + r.cpuMicros * r.total, 0) /
        Math.max(
          1,
          rounds.reduce((n, r) => n + r.total, 0),
        ),
    );
  const p99 = median(route.map((r) => r.p99));
  const range = (values: number[], digits = 0) => `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;
  const figures = [
    figure(
      group,
      `${label} requests/s`,
      Math.round(median(route.map((r) => r.requestsPerSecond))),
      'req/s',
      undefined,
      `median of ${route.length} rounds; ${total} requests, ${failures} failed`,
    ),
    figure(
      group,
      `${label} vs ceiling`,
      Math.round(ratio * 100) / 100,
      '×',
      atLeast(ratio, minRatio, `≥ ${minRatio}×`),
      `ceiling ${Math.round(median(ceiling.map((c) => c.requestsPerSecond)))} req/s; rounds ${range(ratios, 2)}×`,
    ),
    figure(group, `${label} p50`, median(route.map((r) => r.p50)), 'ms'),
    figure(
      group,
      `${label} p99`,
      p99,
      'ms',
      p99Budget === undefined ? undefined : atMost(p99, p99Budget, `≤ ${p99Budget} ms`),
      `rounds ${range(route.map((r) => r.p99))} ms`,
    ),
    figure(group, `${label} server CPU per request`, cpu(route), 'µs', undefined, `ceiling ${cpu(ceiling)} µs`),
  ];
  if (failures > 0) figures.push(figure(group, `${label} failed requests`, failures, '', { text: '0', pass: false }));
  return figures;
}

export async function benchLeadWrites(server: Running, ceiling: Running, client: AbodeClient, dialect: string): Promise<Figure[]> {
  const group = `writes (${dialect})`;
  const campaignId = await client.activeCampaign(`Bench ${dialect} ${Date.now()}`, BENCH_SURVEY);
  const roundSeconds = SECONDS / ROUNDS;
  const ceilingRound = () =>
    measure(ceiling, {
      url: ceiling.url,
      method: 'POST',
      path: '/bare',
      connections: CONNECTIONS,
      durationSeconds: roundSeconds,
      body: () => JSON.stringify({ email: 'a@b.c', campaignid: 'x' }),
    });

  let n = 0;
  const emailLoad = (durationSeconds: number): LoadOptions => ({
    url: server.url,
    method: 'POST',
    path: '/api/email/add',
    connections: CONNECTIONS,
    durationSeconds,
    body: () => JSON.stringify({ email: `visitor${n++}@bench.test`, campaignid: campaignId }),
  });
  // Warm both up (JIT, caches) before anything counts.
  await ceilingRound();
  await load(emailLoad(1));

  const records: Array<{ id: string }> = [];
  const emails: Rounds = { route: [], ceiling: [] };
  for (let round = 0; round < ROUNDS; round++) {
    emails.ceiling.push(await ceilingRound());
    emails.route.push(
      await measure(server, {
        ...emailLoad(roundSeconds),
        onResponse: (status, body) => {
          if (status < 300) {
            const { emailID } = JSON.parse(body) as { emailID: string };
            records.push({ id: emailID });
          }
        },
      }),
    );
  }

  // Responses must name the record's e-mail: read them back once. Each record is answered once
  // (a second answer would be a retry, which stores nothing), so the rounds share them out.
  const byId = new Map<string, string>();
  (await client.emailRecords(campaignId)).forEach((r) => byId.set(r._id, r.email));
  let next = 0;
  const perRound = Math.floor(records.length / ROUNDS);
  const responses: Rounds = { route: [], ceiling: [] };
  for (let round = 0; round < ROUNDS; round++) {
    responses.ceiling.push(await ceilingRound());
    responses.route.push(
      await measure(server, {
        url: server.url,
        method: 'POST',
        path: `/api/campaign/response/${campaignId}`,
        // A slow (loaded) machine stores fewer records than connections per round: autocannon refuses that.
        connections: Math.max(1, Math.min(CONNECTIONS, perRound)),
        amount: perRound,
        body: () => {
          const record = records[next++]!;
          return JSON.stringify({
            response: { email: byId.get(record.id), emailId: record.id, answer: { type: 'Villa', rooms: ['Study', 'Balcony'], city: 'Pune' } },
          });
        },
      }),
    );
  }
  return [...loadFigures(group, 'POST /api/email/add', emails, 0.5, 20), ...loadFigures(group, 'POST /api/campaign/response', responses, 0.5, 20)];
}

export async function benchPublicReads(server: Running, ceiling: Running, dialect: string): Promise<Figure[]> {
  const group = `reads (${dialect})`;
  const roundSeconds = SECONDS / ROUNDS;
  const headers = { 'accept-encoding': 'br, gzip' };
  const projects: Rounds = { route: [], ceiling: [] };
  const home: Rounds = { route: [], ceiling: [] };
  // Warm up (JIT, the list and page caches) before anything counts.
  await load({ url: ceiling.url, path: '/bare', connections: CONNECTIONS, durationSeconds: 1 });
  for (const [path, accept] of [
    ['/api/project/get', 'application/json'],
    ['/', 'text/html'],
  ] as const) {
    await load({ url: server.url, path, connections: CONNECTIONS, durationSeconds: 1, headers: { ...headers, accept } });
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const [rounds, path, accept] of [
      [projects, '/api/project/get', 'application/json'],
      [home, '/', 'text/html'],
    ] as const) {
      rounds.ceiling.push(await measure(ceiling, { url: ceiling.url, path: '/bare', connections: CONNECTIONS, durationSeconds: roundSeconds }));
      rounds.route.push(
        await measure(server, { url: server.url, path, connections: CONNECTIONS, durationSeconds: roundSeconds, headers: { ...headers, accept } }),
      );
    }
  }
  return [...loadFigures(group, 'GET /api/project/get (50)', projects, 0.6), ...loadFigures(group, 'GET / (HTML)', home, 0.6)];
}
