// Export budget (DESIGN.md §9): 100,000 responses to .xlsx through the real HTTP route, ≤ 3 s and
// ≤ 256 MB server RSS. The server runs in a child process of its own (lib/demo-answers.ts).
// Run alone: node --import tsx bench/campaign-export.ts [responses]  (DATABASE_URL for PostgreSQL); npm run bench runs it too.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedDemoAnswers, serveDemoAnswers } from './lib/demo-answers';

export interface ExportResult {
  dialect: string;
  responses: number;
  status: number;
  seconds: number;
  serverCpuSeconds: number;
  megabytes: number;
  serverRssBeforeMB: number;
  serverPeakRssMB: number;
}

const LOCALITIES = ['Indiranagar', 'Koramangala', 'HSR Layout', 'Whitefield', 'Jayanagar'];

export const answerOf = (j: number) => ({
  propertyType: j % 2 ? 'apartment' : 'villa',
  budget: '50l-1cr',
  bedrooms: (j % 5) + 1,
  homeLoan: j % 3 === 0,
  localities: [LOCALITIES[j % 5], LOCALITIES[(j + 2) % 5], 'other'],
  'localities-Comment': 'Near Cubbon Park',
  nearMetro: true,
  commuteTime: '30 minutes',
  amenities: ['Gym', 'Covered parking', 'EV charging'],
  decorStyle: 'scandinavian',
  interiorHelp: true,
  interiorBudget: '₹5 – ₹15 lakh',
  moveIn: '3m',
  notes: 'Looking for a quiet street close to good schools and a park for the children.',
  phone: '+91 98765 43210',
  callTime: 'Evening',
});

/** Prepares `count` responses, then downloads them through the real route from a fresh server process. */
export async function runExportBench(count: number, databaseUrl = ''): Promise<ExportResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'abode-bench-'));
  try {
    const start = Date.now() - count * 1000;
    const campaignId = await seedDemoAnswers(dataDir, databaseUrl, { count, createdAt: (j) => new Date(start + j * 1000), answer: answerOf });
    const { server, token } = await serveDemoAnswers(dataDir, databaseUrl);
    const cpuBefore = server.cpuSeconds();
    const rssBeforeMb = server.rssMb();
    const t0 = performance.now();
    const res = await fetch(`${server.url}/api/campaign/download/${campaignId}`, { headers: { authorization: `Bearer ${token}` } });
    let bytes = 0;
    for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
    const seconds = (performance.now() - t0) / 1000;
    const cpuSeconds = server.cpuSeconds() - cpuBefore;
    const peakRssMb = server.peakRssMb();
    await server.stop();
    return {
      dialect: databaseUrl ? 'postgres' : 'sqlite',
      responses: count,
      status: res.status,
      seconds: Number(seconds.toFixed(2)),
      serverCpuSeconds: Number(cpuSeconds.toFixed(2)),
      megabytes: Number((bytes / 1e6).toFixed(1)),
      serverRssBeforeMB: Math.round(rssBeforeMb),
      serverPeakRssMB: Math.round(peakRssMb),
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await runExportBench(Number(process.argv[2] ?? 100_000), process.env.DATABASE_URL ?? '')));
}
