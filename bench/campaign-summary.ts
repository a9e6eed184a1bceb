// Summary budget (decision 0011): the results summary of 100,000 responses of the demo survey in ≤ 1 s
// on SQLite, the server's peak RSS ≤ 256 MB. The server runs in a child process of its own
// (lib/demo-answers.ts). Timed: the median of several calls, unfiltered (status all) and with an
// answer filter and a date range.
// Run alone: node --import tsx bench/campaign-summary.ts [responses]  (DATABASE_URL for PostgreSQL); npm run bench -- --only=summary.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { seedDemoAnswers, serveDemoAnswers } from './lib/demo-answers';

const CALLS = 5;

export interface SummaryResult {
  responses: number;
  unfinished: number;
  /** Median of CALLS calls, seconds. */
  allSeconds: number;
  filteredSeconds: number;
  serverRssBeforeMB: number;
  serverPeakRssMB: number;
  questions: number;
  /**
   * SQLite only (else null): the least a summary can cost here, measured in the same run on the
   * same file: better-sqlite3 reading every answer once and JSON.parse on each, no HTTP, no figures.
   */
  floorSeconds: number | null;
}

const LOCALITIES = ['indiranagar', 'koramangala', 'hsr', 'whitefield', 'jayanagar', 'other'];

const answerOf = (j: number) => ({
  propertyType: ['apartment', 'villa', 'plot', 'penthouse', 'independent-house'][j % 5],
  budget: [5000000, 10000000, 20000000, 50000000][j % 4],
  bedrooms: (j % 5) + 1,
  homeLoan: j % 3 === 0,
  localities: [LOCALITIES[j % 6], LOCALITIES[(j + 2) % 6]],
  nearMetro: j % 2 === 0,
  commuteTime: ['15 minutes', '30 minutes', '45 minutes', 'One hour or more'][j % 4],
  amenities: ['gym', 'parking', 'pool'].slice(0, (j % 3) + 1),
  decorStyle: ['modern-minimal', 'scandinavian', 'classic', 'industrial'][j % 4],
  interiorHelp: j % 2 === 1,
  interiorBudget: [500000, 1500000, 3000000][j % 3],
  moveIn: [0, 3, 6, 12, 'exploring'][j % 5],
  notes: `Looking for a quiet street close to good schools, note ${j}.`,
  phone: '+91 98765 43210',
  callTime: ['Morning', 'Afternoon', 'Evening'][j % 3],
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The floor: every answer of the campaign read once and parsed, median of CALLS runs, seconds. */
function readAllAnswers(file: string, campaignId: string): number {
  const sqlite = new SQLite(file, { readonly: true });
  try {
    const query = sqlite.prepare(
      'select answer from survey_responses where campaign_id = ? union all select answer from survey_progress where campaign_id = ?',
    );
    const seconds: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const t0 = performance.now();
      let keys = 0;
      for (const row of query.iterate(campaignId, campaignId) as Iterable<{ answer: string }>) keys += Object.keys(JSON.parse(row.answer) as object).length;
      if (keys === 0) throw new Error('no answers read');
      seconds.push((performance.now() - t0) / 1000);
    }
    return Number(median(seconds).toFixed(3));
  } finally {
    sqlite.close();
  }
}

export async function runSummaryBench(count: number, databaseUrl = ''): Promise<SummaryResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'abode-bench-'));
  try {
    // The demo campaign with `count` varied responses over about 100 days, and a tenth as many unfinished.
    const start = Date.UTC(2026, 0, 1);
    const spacing = Math.floor((100 * 86_400_000) / count);
    const campaignId = await seedDemoAnswers(dataDir, databaseUrl, {
      count,
      unfinished: Math.floor(count / 10),
      createdAt: (j) => new Date(start + j * spacing),
      answer: answerOf,
    });
    const { server, token } = await serveDemoAnswers(dataDir, databaseUrl);
    const rssBeforeMb = server.rssMb();

    let questions = 0;
    let unfinished = 0;
    const time = async (query: string) => {
      const seconds: number[] = [];
      for (let i = 0; i < CALLS; i++) {
        const t0 = performance.now();
        const res = await fetch(`${server.url}/api/campaign/summary/${campaignId}${query}`, { headers: { authorization: `Bearer ${token}` } });
        const body = (await res.json()) as { questions?: unknown[]; unfinished?: number };
        if (res.status !== 200) throw new Error(`summary answered ${res.status}: ${JSON.stringify(body)}`);
        seconds.push((performance.now() - t0) / 1000);
        questions = body.questions?.length ?? 0;
        unfinished = Math.max(unfinished, body.unfinished ?? 0);
      }
      return Number(median(seconds).toFixed(3));
    };
    const allSeconds = await time('');
    const filteredSeconds = await time('?status=completed&propertyType=villa&from=2026-01-15&to=2026-03-15');
    const peakRssMb = server.peakRssMb();
    await server.stop();
    const floorSeconds = databaseUrl ? null : readAllAnswers(path.join(dataDir, 'abode.sqlite'), campaignId);
    return {
      responses: count,
      unfinished,
      allSeconds,
      filteredSeconds,
      serverRssBeforeMB: Math.round(rssBeforeMb),
      serverPeakRssMB: Math.round(peakRssMb),
      questions,
      floorSeconds,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await runSummaryBench(Number(process.argv[2] ?? 100_000), process.env.DATABASE_URL ?? '')));
}
