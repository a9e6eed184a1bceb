// Export: 100,000 responses to .xlsx through the real route: time end to end and the server's peak RSS.
import { runExportBench } from './campaign-export';
import { atMost, figure, type Figure } from './lib/report';

const RESPONSES = Number(process.env.BENCH_EXPORT_RESPONSES ?? 100_000);

export async function benchExport(dialect: string, withDatabase: (fn: (url: string) => Promise<Figure[]>) => Promise<Figure[]>): Promise<Figure[]> {
  return withDatabase(async (url) => {
    const result = await runExportBench(RESPONSES, url);
    const group = `export (${dialect})`;
    const ok = result.status === 200;
    return [
      figure(group, `${RESPONSES.toLocaleString('en-US')} responses → .xlsx`, result.seconds, 's', atMost(ok ? result.seconds : Infinity, 3, '≤ 3 s'), `${result.megabytes} MB file, HTTP ${result.status}`),
      figure(group, 'server peak RSS', result.serverPeakRssMB, 'MB', atMost(result.serverPeakRssMB, 256, '≤ 256 MB'), `${result.serverRssBeforeMB} MB before the download`),
      figure(group, 'server CPU time', result.serverCpuSeconds, 's'),
    ];
  });
}
