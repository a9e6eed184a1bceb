// Scratch: CPU µs per POST /api/email/add of Abode and of today's reference, a fixed number of requests
// (after a warm-up), CPU read from /proc before and after the load and after the server settles.
// node --import tsx bench/write-cpu.ts [requests] [abode|reference|both]
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AbodeClient, BENCH_SURVEY } from './lib/abode-client';
import { load } from './lib/load';
import { startAbode, startReference, type Running } from './lib/processes';
import { settle } from './lib/write-reference';
import { referenceDatabase } from './lead-write-reference';

const N = Number(process.argv[2] ?? 20000);
const which = process.argv[3] ?? 'both';
const ROUNDS = Number(process.env.ROUNDS ?? 3);
let n = 0;
async function measure(name: string, server: Running, campaignId: string): Promise<void> {
  const drive = (amount: number) =>
    load({
      url: server.url,
      method: 'POST',
      path: '/api/email/add',
      connections: 50,
      amount,
      body: () => JSON.stringify({ email: `v${n++}@bench.test`, campaignid: campaignId }),
    });
  await drive(3000);
  await settle(server);
  const totals: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const c0 = server.cpuSeconds();
    const res = await drive(N);
    const c1 = server.cpuSeconds();
    const after = await settle(server);
    totals.push(((c1 - c0 + after) / res.total) * 1e6);
    console.log(
      `${name}: ${(((c1 - c0) / res.total) * 1e6).toFixed(0)} µs/request in load + ${((after / res.total) * 1e6).toFixed(0)} after; ${Math.round(res.requestsPerSecond)} req/s p99 ${res.p99} ms non2xx ${res.non2xx}`,
    );
  }
  totals.sort((a, b) => a - b);
  console.log(
    `${name} ${process.env.ABODE_CWD ?? ''}: total CPU per request (load + after), median ${totals[totals.length >> 1]!.toFixed(0)} µs, min ${totals[0]!.toFixed(0)}`,
  );
}

const dir = mkdtempSync(path.join(tmpdir(), 'abode-wcpu-'));
if (which !== 'reference') {
  const abode = await startAbode(
    { DATA_DIR: dir, DATABASE_URL: '', ADMIN_EMAIL: 'bench@abode.test', ADMIN_PASSWORD: 'bench-password-123' },
    process.env.ABODE_CWD,
  );
  const client = new AbodeClient(abode.url);
  await client.login('bench@abode.test', 'bench-password-123');
  const campaign = await client.activeCampaign('cpu', BENCH_SURVEY);
  await measure('abode', abode, campaign);
  await abode.stop();
}
if (which !== 'abode') {
  const { file, campaignId } = await referenceDatabase(dir, 'ref');
  const ref = await startReference({ DB_FILE: file, CAMPAIGN_ID: campaignId, REFERENCE_WORK: 'today' });
  await measure('reference', ref, campaignId);
  await ref.stop();
}
