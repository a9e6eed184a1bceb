// The export against an earlier build, in the same run: `npm run bench -- --only=export-baseline
// --export-baseline=<dir>`, <dir> being a checkout of the earlier commit with its own `npm ci` and
// `node scripts/build.mjs`. Each side seeds and serves its own data with its own code (its
// bench/campaign-export.ts in a process of its own); the two take turns, so drift in the machine's
// load moves both sides of the ratio.
import { execFileSync } from 'node:child_process';
import type { ExportResult } from './campaign-export';
import { atMost, figure, type Figure } from './lib/report';

const RESPONSES = Number(process.env.BENCH_EXPORT_RESPONSES ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

function exportOnce(cwd: string): ExportResult {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'bench/campaign-export.ts', String(RESPONSES)], {
    cwd,
    env: { ...process.env, DATABASE_URL: '' },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  const line = out.trim().split('\n').at(-1)!;
  const result = JSON.parse(line) as ExportResult;
  if (result.status !== 200) throw new Error(`export in ${cwd} answered HTTP ${result.status}`);
  return result;
}

export function benchExportAgainstBaseline(baselineDir: string): Figure[] {
  const sides = { before: [] as ExportResult[], after: [] as ExportResult[] };
  for (let round = 0; round < ROUNDS; round++) {
    sides.before.push(exportOnce(baselineDir));
    sides.after.push(exportOnce(process.cwd()));
  }
  const group = `export vs ${baselineDir.split('/').at(-1)} (sqlite, median of ${ROUNDS})`;
  const of = (side: ExportResult[], key: 'seconds' | 'serverCpuSeconds' | 'serverPeakRssMB') => median(side.map((r) => r[key]));
  const figures: Figure[] = [];
  for (const [key, unit, label] of [
    ['seconds', 's', 'wall time'],
    ['serverCpuSeconds', 's', 'server CPU'],
    ['serverPeakRssMB', 'MB', 'server peak RSS'],
  ] as const) {
    const before = of(sides.before, key);
    const after = of(sides.after, key);
    figures.push(figure(group, `${label}: earlier build`, before, unit));
    figures.push(figure(group, `${label}: this build`, after, unit, undefined, `${(after / before).toFixed(2)}× the earlier build`));
  }
  const seconds = of(sides.after, 'seconds');
  const rss = of(sides.after, 'serverPeakRssMB');
  figures.push(figure(group, 'this build within budget', seconds, 's', atMost(seconds, 3, '≤ 3 s'), `${rss} MB peak (≤ 256 MB: ${rss <= 256 ? 'yes' : 'no'})`));
  return figures;
}
