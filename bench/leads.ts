// Lead writes (POST email/add, POST campaign/response) and public reads, against a bare Fastify ceiling.
import type { AbodeClient } from './lib/abode-client';
import { BENCH_SURVEY } from './lib/abode-client';
import { load, type LoadOptions, type LoadResult } from './lib/load';
import type { Running } from './lib/processes';
import { atLeast, atMost, figure, type Figure } from './lib/report';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

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

function loadFigures(group: string, label: string, result: Measured, ceiling: Measured, minRatio: number, p99Budget?: number): Figure[] {
  const ratio = result.requestsPerSecond / ceiling.requestsPerSecond;
  const failures = result.non2xx + result.errors;
  const figures = [
    figure(group, `${label} requests/s`, Math.round(result.requestsPerSecond), 'req/s', undefined, `${result.total} requests, ${failures} failed`),
    figure(group, `${label} vs ceiling`, Math.round(ratio * 100) / 100, '×', atLeast(ratio, minRatio, `≥ ${minRatio}×`), `ceiling ${Math.round(ceiling.requestsPerSecond)} req/s`),
    figure(group, `${label} p50`, result.p50, 'ms'),
    figure(group, `${label} p99`, result.p99, 'ms', p99Budget === undefined ? undefined : atMost(result.p99, p99Budget, `≤ ${p99Budget} ms`)),
    figure(group, `${label} server CPU per request`, result.cpuMicros, 'µs', undefined, `ceiling ${ceiling.cpuMicros} µs`),
  ];
  if (failures > 0) figures.push(figure(group, `${label} failed requests`, failures, '', { text: '0', pass: false }));
  return figures;
}

export async function benchLeadWrites(server: Running, ceiling: Running, client: AbodeClient, dialect: string): Promise<Figure[]> {
  const group = `writes (${dialect})`;
  const campaignId = await client.activeCampaign(`Bench ${dialect} ${Date.now()}`, BENCH_SURVEY);
  const ceilingResult = await measure(ceiling, { url: ceiling.url, method: 'POST', path: '/bare', connections: CONNECTIONS, durationSeconds: SECONDS, body: () => JSON.stringify({ email: 'a@b.c', campaignid: 'x' }) });

  let n = 0;
  const records: Array<{ id: string }> = [];
  const emails = await measure(server, {
    url: server.url,
    method: 'POST',
    path: '/api/email/add',
    connections: CONNECTIONS,
    durationSeconds: SECONDS,
    body: () => JSON.stringify({ email: `visitor${n++}@bench.test`, campaignid: campaignId }),
    onResponse: (status, body) => {
      if (status < 300) {
        const { emailID } = JSON.parse(body) as { emailID: string };
        records.push({ id: emailID });
      }
    },
  });
  // Responses must name the record's e-mail: read them back once.
  const byId = new Map<string, string>();
  (await client.emailRecords(campaignId)).forEach((r) => byId.set(r._id, r.email));
  let next = 0;
  const responses = await measure(server, {
    url: server.url,
    method: 'POST',
    path: `/api/campaign/response/${campaignId}`,
    connections: CONNECTIONS,
    amount: records.length,
    body: () => {
      const record = records[next++ % records.length]!;
      return JSON.stringify({ response: { email: byId.get(record.id), emailId: record.id, answer: { type: 'Villa', rooms: ['Study', 'Balcony'], city: 'Pune' } } });
    },
  });
  return [
    ...loadFigures(group, 'POST /api/email/add', emails, ceilingResult, 0.5, 20),
    ...loadFigures(group, 'POST /api/campaign/response', responses, ceilingResult, 0.5, 20),
  ];
}

export async function benchPublicReads(server: Running, ceiling: Running, dialect: string): Promise<Figure[]> {
  const group = `reads (${dialect})`;
  const ceilingResult = await measure(ceiling, { url: ceiling.url, path: '/bare', connections: CONNECTIONS, durationSeconds: SECONDS });
  const projects = await measure(server, { url: server.url, path: '/api/project/get', connections: CONNECTIONS, durationSeconds: SECONDS, headers: { 'accept-encoding': 'br, gzip' } });
  const home = await measure(server, { url: server.url, path: '/', connections: CONNECTIONS, durationSeconds: SECONDS, headers: { 'accept-encoding': 'br, gzip', accept: 'text/html' } });
  return [
    ...loadFigures(group, 'GET /api/project/get (50)', projects, ceilingResult, 0.6),
    ...loadFigures(group, 'GET / (HTML)', home, ceilingResult, 0.6),
  ];
}
