// Export: 100,000 responses to .xlsx through the real route: time end to end and the server's peak
// RSS, against ExcelJS's streaming writer alone writing the same rows in the same run (decision 0045):
// the export's time ≤ ExcelJS's, its peak memory ≤ ExcelJS's + 64 MB and never above 200 MB.
import { execFileSync } from 'node:child_process';
import { runExportBench } from './campaign-export';
import { atMost, figure, type Figure } from './lib/report';

const RESPONSES = Number(process.env.BENCH_EXPORT_RESPONSES ?? 100_000);

export interface ExcelJsReference {
  rows: number;
  seconds: number;
  peakRssMB: number;
  megabytes: number;
}

/** ExcelJS's streaming writer alone, in a process of its own (bench/exceljs-reference.ts). */
export function excelJsReference(rows: number): ExcelJsReference {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'bench/exceljs-reference.ts', String(rows)], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(out.trim().split('\n').at(-1)!) as ExcelJsReference;
}

export async function benchExport(dialect: string, withDatabase: (fn: (url: string) => Promise<Figure[]>) => Promise<Figure[]>): Promise<Figure[]> {
  return withDatabase(async (url) => {
    const result = await runExportBench(RESPONSES, url);
    // Right after the export, on the same machine: the reference.
    const reference = excelJsReference(RESPONSES);
    const group = `export (${dialect})`;
    const ok = result.status === 200;
    const memoryBudget = Math.min(reference.peakRssMB + 64, 200);
    return [
      figure(
        group,
        `${RESPONSES.toLocaleString('en-US')} responses → .xlsx`,
        result.seconds,
        's',
        atMost(ok ? result.seconds : Infinity, reference.seconds, `≤ ExcelJS alone (${reference.seconds} s)`),
        `${result.megabytes} MB file, HTTP ${result.status}; ${(result.seconds / reference.seconds).toFixed(2)}× ExcelJS`,
      ),
      figure(
        group,
        'server peak RSS',
        result.serverPeakRssMB,
        'MB',
        atMost(result.serverPeakRssMB, memoryBudget, `≤ ExcelJS + 64 MB (${reference.peakRssMB + 64}), ≤ 200 MB`),
        `${result.serverRssBeforeMB} MB before the download`,
      ),
      figure(group, 'server CPU time', result.serverCpuSeconds, 's'),
      figure(
        group,
        'reference: ExcelJS streaming writer alone, same rows',
        reference.seconds,
        's',
        undefined,
        `${reference.peakRssMB} MB peak RSS, ${reference.megabytes} MB file; no database, no HTTP`,
      ),
    ];
  });
}
