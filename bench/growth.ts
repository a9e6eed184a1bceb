// Growth (decision 0045): how the cost grows with the rows. At 10k, 100k and 1M survey responses and
// leads on PostgreSQL (10k and 100k on SQLite), seeded by bench/lib/seed-rows.ts, the built server
// (its own process) answers through HTTP: the .xlsx of the demo campaign (time, and the server's
// peak RSS, VmHWM: the download is the first thing the fresh process does), the results summary, the
// leads inbox (first page, a status filter, a search by name, by e-mail, by a phone in three
// spellings), GET /api/funnel and GET /api/funnel/dropoff.
// Budgets: the .xlsx at 1M ≤ 11× its 100k time, its peak memory ≤ the 100k figure and ≤ 200 MB (both sizes
// downloaded in turn by one server process of the 1M database: decision 0078);
// every other call ≤ 300 ms (median). The ratio is the figure: both sides come from the same run.
// The 1M database is `abode_growth_1m`: seeded when it is not there (triggers off, kept tables filled and checked: 480–820 s on this machine),
// reused when it is, dropped at the end unless --growth-keep.
// Writes bench/results/growth.json and bench/results/growth.png (time and memory against rows).
// Run: npm run bench -- --only=growth [--db=postgres] [--growth-rows=10000,100000,1000000] [--growth-keep]
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { AbodeClient } from './lib/abode-client';
import { BENCH_STAFF } from './lib/demo-answers';
import { startAbode, type Running } from './lib/processes';
import { atMost, figure, type Figure } from './lib/report';
import { dropPostgres, seededPostgres, seedRowsSqlite, type SeededRows } from './lib/seed-rows';

const CALL_BUDGET_MS = 300;
const MEMORY_CEILING_MB = 200;
/** Median of this many calls (after one warm-up), fewer when a call is slow (≥ 20 s in all). */
const CALLS = 7;
/** BENCH_GROWTH_1M_DB=<name>: another 1M database (a copy made with `CREATE DATABASE … TEMPLATE abode_growth_1m`). */
const ONE_MILLION_DB = process.env.BENCH_GROWTH_1M_DB || 'abode_growth_1m';
/** A call slower than this is given up: its figure is this, marked as a lower bound. */
const CALL_TIMEOUT_MS = Number(process.env.BENCH_GROWTH_TIMEOUT_MS ?? 30_000);
/** BENCH_GROWTH_CALLS=inbox: only the calls whose label starts so (a before/after of one room). */
const CALLS_ONLY = process.env.BENCH_GROWTH_CALLS ?? '';

export interface GrowthPoint {
  dialect: 'sqlite' | 'postgres';
  rows: number;
  exportRows: number;
  exportSeconds: number;
  exportMB: number;
  serverRssBeforeMB: number;
  serverPeakRssMB: number;
  /** Median milliseconds per call, by label. */
  calls: Record<string, number>;
  /** The calls given up after CALL_TIMEOUT_MS (their figure is a lower bound). */
  timedOut: string[];
  /** The process's VmHWM after the download (includes its start). */
  serverHwmMB: number;
  /**
   * At 1M: one server process downloading the big campaign (the first download above, then again) and the
   * other campaign of the same database (a tenth of the rows) twice, in turn: each download in that order.
   */
  sameProcess?: { smallRows: number; downloads: Array<{ rows: number; peakMB: number; seconds: number }> };
  seedSeconds: number | null;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const label = (rows: number) => (rows >= 1_000_000 ? `${rows / 1_000_000}M` : rows >= 1000 ? `${rows / 1000}k` : String(rows));

/** The calls measured after the download, each a path on the server. */
function callsOf(seeded: SeededRows): Array<[string, string]> {
  const d = seeded.probe.phoneDigits;
  // The slow ones last: a call that outlasts CALL_TIMEOUT_MS is given up and the server restarted.
  const calls: Array<[string, string]> = [
    ['inbox: first page', '/api/leads?limit=20'],
    ['inbox: status filter', '/api/leads?status=contacted&limit=20'],
    ['inbox: search by name', `/api/leads?q=${encodeURIComponent(seeded.probe.name)}&limit=20`],
    ['inbox: search by e-mail', `/api/leads?q=${encodeURIComponent(seeded.probe.email)}&limit=20`],
    ['inbox: phone +91 98000 12345', `/api/leads?q=${encodeURIComponent(`+91 ${d.slice(0, 5)} ${d.slice(5)}`)}&limit=20`],
    ['inbox: phone 098000 12345', `/api/leads?q=${encodeURIComponent(`0${d.slice(0, 5)} ${d.slice(5)}`)}&limit=20`],
    ['inbox: phone 9800012345', `/api/leads?q=${d}&limit=20`],
    ['GET /api/funnel', '/api/funnel'],
    ['results summary', `/api/campaign/summary/${seeded.campaignId}`],
    ['GET /api/funnel/dropoff', `/api/funnel/dropoff?campaignId=${seeded.campaignId}`],
  ];
  return calls.filter(([name]) => !CALLS_ONLY || name.startsWith(CALLS_ONLY));
}

interface Download {
  seconds: number;
  bytes: number;
  /** VmRSS before the request. */
  beforeMB: number;
  /** VmRSS sampled every 50 ms while it ran (and once after). */
  peakMB: number;
}

/** One .xlsx download, read to its end, with the server's RSS sampled while it runs. */
async function download(server: Running, headers: Record<string, string>, campaignId: string): Promise<Download> {
  const beforeMB = server.rssMb();
  let peakMB = beforeMB;
  const sampler = setInterval(() => (peakMB = Math.max(peakMB, server.rssMb())), 50);
  const t0 = performance.now();
  try {
    const res = await fetch(`${server.url}/api/campaign/download/${campaignId}`, { headers });
    let bytes = 0;
    for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
    if (res.status !== 200) throw new Error(`download: HTTP ${res.status}`);
    return { seconds: (performance.now() - t0) / 1000, bytes, beforeMB, peakMB: Math.max(peakMB, server.rssMb()) };
  } finally {
    clearInterval(sampler);
  }
}

async function measure(start: () => Promise<Running>, seeded: SeededRows, dialect: GrowthPoint['dialect'], seedSeconds: number | null): Promise<GrowthPoint> {
  let server = await start();
  try {
    const login = async () => ({ authorization: `Bearer ${await new AbodeClient(server.url).login(BENCH_STAFF.email, BENCH_STAFF.password)}` });
    let headers = await login();
    // The download first, in the fresh process: its peak RSS is sampled (VmRSS every 50 ms) while it runs.
    const first = await download(server, headers, seeded.campaignId);
    const hwm = server.peakRssMb();
    // At 1M, the same process then downloads the other campaign (a tenth of the rows: 100,000), the big one
    // again, and the small one again: both sizes' peaks with the process's start taken out (it varies by
    // ±6 MB from one start to the next) and each size met both early and late in the process's life.
    let sameProcess: GrowthPoint['sameProcess'];
    if (seeded.rows >= 1_000_000) {
      const small1 = await download(server, headers, seeded.otherCampaignId);
      const large2 = await download(server, headers, seeded.campaignId);
      const small2 = await download(server, headers, seeded.otherCampaignId);
      const smallRows = seeded.rows - seeded.campaignResponses;
      const inTurn: Array<[number, Download]> = [
        [seeded.campaignResponses, first],
        [smallRows, small1],
        [seeded.campaignResponses, large2],
        [smallRows, small2],
      ];
      sameProcess = {
        smallRows,
        downloads: inTurn.map(([rows, d]) => ({ rows, peakMB: Math.round(d.peakMB), seconds: Number(d.seconds.toFixed(2)) })),
      };
    }

    const calls: Record<string, number> = {};
    const timedOut: string[] = [];
    for (const [name, url] of callsOf(seeded)) {
      const times: number[] = [];
      let spent = 0;
      for (let i = 0; i <= CALLS && (i < 2 || spent < 20_000); i++) {
        const t = performance.now();
        let body: string;
        try {
          const r = await fetch(`${server.url}${url}`, { headers, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
          body = await r.text();
          if (r.status !== 200) throw new Error(`${url}: HTTP ${r.status} ${body.slice(0, 300)}`);
        } catch (error) {
          if ((error as Error).name !== 'TimeoutError') throw error;
          // Given up: the server may still be at it, so the next call gets a fresh one.
          timedOut.push(name);
          times.length = 0;
          times.push(CALL_TIMEOUT_MS);
          await server.stop();
          server = await start();
          headers = await login();
          break;
        }
        if ((name.startsWith('inbox: phone') || name.includes('e-mail')) && !body.includes(seeded.probe.phoneDigits) && !body.includes(seeded.probe.email)) {
          throw new Error(`${url} did not find the lead it looks for`);
        }
        const ms = performance.now() - t;
        spent += ms;
        if (i > 0) times.push(ms);
      }
      calls[name] = Math.round(median(times) * 10) / 10;
    }
    return {
      dialect,
      rows: seeded.rows,
      exportRows: seeded.campaignResponses,
      exportSeconds: Number(first.seconds.toFixed(2)),
      exportMB: Number((first.bytes / 1e6).toFixed(1)),
      serverRssBeforeMB: Math.round(first.beforeMB),
      serverPeakRssMB: Math.round(first.peakMB),
      serverHwmMB: Math.round(hwm),
      sameProcess,
      calls,
      timedOut,
      seedSeconds,
    };
  } finally {
    await server.stop();
  }
}

async function atSize(dialect: GrowthPoint['dialect'], rows: number, pgAdminUrl: string, log: (line: string) => void): Promise<GrowthPoint> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'abode-growth-'));
  const dbName = rows >= 1_000_000 ? ONE_MILLION_DB : `abode_growth_${label(rows).toLowerCase()}_${Date.now().toString(36)}`;
  try {
    const t0 = performance.now();
    let seeded: SeededRows;
    let url = '';
    let reused = false;
    if (dialect === 'sqlite') seeded = await seedRowsSqlite(dataDir, rows, log);
    else ({ url, seeded, reused } = await seededPostgres(pgAdminUrl, dbName, rows, log));
    const seedSeconds = reused ? null : Number(((performance.now() - t0) / 1000).toFixed(1));
    log(reused ? `  ${dbName} reused (seeded earlier)` : `  seeded in ${seedSeconds} s`);
    // The server migrates at start: a migration added after the seeding runs here, before any figure.
    return await measure(() => startAbode({ DATA_DIR: dataDir, DATABASE_URL: url }), seeded, dialect, seedSeconds);
  } finally {
    if (dialect === 'postgres' && dbName !== ONE_MILLION_DB) await dropPostgres(pgAdminUrl, dbName);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Figures with verdicts from the points measured. */
export function growthFigures(points: GrowthPoint[]): Figure[] {
  const figures: Figure[] = [];
  for (const p of points) {
    const group = `growth (${p.dialect}, ${label(p.rows)})`;
    const base = points.find((q) => q.dialect === p.dialect && q.rows === p.rows / 10);
    const isMillion = p.rows >= 1_000_000 && base;
    figures.push(
      figure(
        group,
        `.xlsx of one campaign (${p.exportRows.toLocaleString('en-US')} rows)`,
        p.exportSeconds,
        's',
        isMillion ? atMost(p.exportSeconds, base.exportSeconds * 11, `≤ 11× ${label(base.rows)} (${(base.exportSeconds * 11).toFixed(1)} s)`) : undefined,
        `${p.exportMB} MB file${base ? `, ${(p.exportSeconds / base.exportSeconds).toFixed(1)}× the ${label(base.rows)} figure` : ''}`,
      ),
      figure(
        group,
        '.xlsx: server peak RSS',
        p.serverPeakRssMB,
        'MB',
        atMost(p.serverPeakRssMB, MEMORY_CEILING_MB, `≤ ${MEMORY_CEILING_MB} MB`),
        `the download first in a fresh process: ${p.serverRssBeforeMB} MB before it, VmHWM ${p.serverHwmMB} MB${
          base ? `; the ${label(base.rows)} database's fresh process: ${base.serverPeakRssMB} MB (starts differ by up to 6 MB)` : ''
        }`,
      ),
    );
    if (p.sameProcess) {
      // "No higher than at 100,000": both sizes downloaded by one process, in turn (decision 0078).
      const { smallRows, downloads } = p.sameProcess;
      const peakOf = (rows: number) => Math.max(...downloads.filter((d) => d.rows === rows).map((d) => d.peakMB));
      const small = peakOf(smallRows);
      const large = peakOf(p.exportRows);
      figures.push(
        figure(
          group,
          `.xlsx: peak RSS, ${label(p.exportRows)} and ${label(smallRows)} rows in one process`,
          large,
          'MB',
          atMost(large, Math.min(small, MEMORY_CEILING_MB), `≤ the ${label(smallRows)} rows' ${small} MB, ≤ ${MEMORY_CEILING_MB} MB`),
          `in turn: ${downloads.map((d) => `${label(d.rows)} ${d.peakMB} MB (${d.seconds} s)`).join(', ')}`,
        ),
      );
    }
    for (const [name, ms] of Object.entries(p.calls)) {
      const gaveUp = p.timedOut.includes(name);
      figures.push(
        figure(
          group,
          name,
          ms,
          'ms',
          atMost(ms, CALL_BUDGET_MS, `≤ ${CALL_BUDGET_MS} ms`),
          gaveUp ? `> ${CALL_TIMEOUT_MS / 1000} s: given up` : `median of ≤ ${CALLS} after a warm-up`,
        ),
      );
    }
    if (p.seedSeconds !== null)
      figures.push(figure(group, 'seeding (not a budget)', p.seedSeconds, 's', undefined, `${label(p.rows)} responses + ${label(p.rows)} leads`));
  }
  return figures;
}

/** The plot: .xlsx time, slowest other call and peak memory against rows, as SVG drawn by Chromium into a PNG. */
export async function plotGrowth(points: GrowthPoint[], file: string, at = new Date().toISOString()): Promise<void> {
  const W = 560;
  const H = 470;
  const pad = { l: 64, r: 44, t: 40, b: 130 };
  const xs = [...new Set(points.map((p) => p.rows))].sort((a, b) => a - b);
  const xOf = (rows: number) =>
    pad.l + ((Math.log10(rows) - Math.log10(xs[0]!)) / Math.max(1e-9, Math.log10(xs.at(-1)!) - Math.log10(xs[0]!))) * (W - pad.l - pad.r);
  const colours = { postgres: '#1d4e89', sqlite: '#c05621' } as const;
  const panel = (
    title: string,
    unit: string,
    series: Array<{ name: string; dialect: GrowthPoint['dialect']; dash?: string; colour?: string; value: (p: GrowthPoint) => number }>,
    budget?: { value: number; text: string },
    logY = false,
  ) => {
    const values = series.flatMap((s) => points.filter((p) => p.dialect === s.dialect).map(s.value)).concat(budget ? [budget.value] : []);
    const max = Math.max(...values) * 1.1;
    const min = logY ? Math.max(0.1, Math.min(...values) / 1.5) : 0;
    const yOf = (v: number) =>
      logY
        ? H - pad.b - ((Math.log10(v) - Math.log10(min)) / (Math.log10(max) - Math.log10(min))) * (H - pad.t - pad.b)
        : H - pad.b - (v / max) * (H - pad.t - pad.b);
    const ticks = logY
      ? [0.1, 1, 10, 100, 1000, 10_000, 100_000].filter((t) => t >= min && t <= max)
      : Array.from({ length: 5 }, (_, i) => Math.round(((max / 5) * (i + 1)) / 10) * 10 || (max / 5) * (i + 1));
    let svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="Inter, sans-serif" font-size="12">`;
    svg += `<text x="${pad.l}" y="22" font-size="15" font-weight="600">${title}</text>`;
    svg += `<line x1="${pad.l}" y1="${H - pad.b}" x2="${W - pad.r}" y2="${H - pad.b}" stroke="#444"/><line x1="${pad.l}" y1="${pad.t}" x2="${pad.l}" y2="${H - pad.b}" stroke="#444"/>`;
    for (const x of xs) svg += `<text x="${xOf(x)}" y="${H - pad.b + 18}" text-anchor="middle">${label(x)} rows</text>`;
    for (const t of ticks)
      svg += `<line x1="${pad.l}" y1="${yOf(t)}" x2="${W - pad.r}" y2="${yOf(t)}" stroke="#ddd"/><text x="${pad.l - 6}" y="${yOf(t) + 4}" text-anchor="end">${t} ${unit}</text>`;
    if (budget)
      svg += `<line x1="${pad.l}" y1="${yOf(budget.value)}" x2="${W - pad.r}" y2="${yOf(budget.value)}" stroke="#c53030" stroke-dasharray="6 4"/><text x="${W - pad.r}" y="${yOf(budget.value) - 5}" text-anchor="end" fill="#c53030">${budget.text}</text>`;
    // The legend under the axis, in two columns.
    let legendY = H - pad.b + 40;
    let legendX = pad.l;
    let legendRow = 0;
    for (const s of series) {
      const pts = points.filter((p) => p.dialect === s.dialect).sort((a, b) => a.rows - b.rows);
      if (pts.length === 0) continue;
      const colour = s.colour ?? colours[s.dialect];
      svg += `<polyline fill="none" stroke="${colour}" stroke-width="2.5" ${s.dash ? `stroke-dasharray="${s.dash}"` : ''} points="${pts.map((p) => `${xOf(p.rows)},${yOf(s.value(p))}`).join(' ')}"/>`;
      for (const p of pts)
        svg += `<circle cx="${xOf(p.rows)}" cy="${yOf(s.value(p))}" r="4" fill="${colour}"/><text x="${xOf(p.rows) + 6}" y="${yOf(s.value(p)) - 6}" fill="${colour}">${s.value(p)}</text>`;
      svg += `<line x1="${legendX}" y1="${legendY}" x2="${legendX + 24}" y2="${legendY}" stroke="${colour}" stroke-width="2.5" ${s.dash ? `stroke-dasharray="${s.dash}"` : ''}/><text x="${legendX + 30}" y="${legendY + 4}">${s.name}</text>`;
      legendRow++;
      legendY += 16;
      if (legendRow === Math.ceil(series.length / 2)) {
        legendY = H - pad.b + 40;
        legendX = pad.l + 240;
      }
    }
    return `${svg}</svg>`;
  };
  const slowestInbox = (p: GrowthPoint) =>
    Math.max(
      ...Object.entries(p.calls)
        .filter(([k]) => k.startsWith('inbox'))
        .map(([, v]) => v),
    );
  const time = panel(
    '.xlsx of one campaign: time',
    's',
    [
      { name: '.xlsx, PostgreSQL', dialect: 'postgres', value: (p) => p.exportSeconds },
      { name: '.xlsx, SQLite', dialect: 'sqlite', dash: '5 4', value: (p) => p.exportSeconds },
    ],
    undefined,
    true,
  );
  const memory = panel(
    '.xlsx: server peak RSS during the download',
    'MB',
    [
      { name: 'peak RSS, PostgreSQL', dialect: 'postgres', value: (p) => p.serverPeakRssMB },
      { name: 'peak RSS, SQLite', dialect: 'sqlite', dash: '5 4', value: (p) => p.serverPeakRssMB },
    ],
    { value: MEMORY_CEILING_MB, text: `${MEMORY_CEILING_MB} MB budget` },
  );
  const call = (name: string) => (p: GrowthPoint) => p.calls[name] ?? 0;
  const callsPanel = panel(
    'Other calls: median (solid PostgreSQL, dashed SQLite)',
    'ms',
    [
      ...(['postgres', 'sqlite'] as const).flatMap((dialect) => {
        const dash = dialect === 'sqlite' ? '5 4' : undefined;
        const db = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
        return [
          { name: `slowest inbox call, ${db}`, dialect, dash, colour: '#1d4e89', value: slowestInbox },
          { name: `funnel, ${db}`, dialect, dash, colour: '#6b46c1', value: call('GET /api/funnel') },
          { name: `results summary, ${db}`, dialect, dash, colour: '#2f855a', value: call('results summary') },
          { name: `drop-off, ${db}`, dialect, dash, colour: '#c05621', value: call('GET /api/funnel/dropoff') },
        ];
      }),
    ],
    { value: CALL_BUDGET_MS, text: `${CALL_BUDGET_MS} ms budget` },
    true,
  );
  const html = `<!doctype html><html><body style="margin:0;background:#fff"><div id="plot" style="display:grid;grid-template-columns:repeat(3,${W}px);gap:8px;padding:12px;width:max-content">
    <div style="grid-column:1/4;font:600 17px Inter,sans-serif">Abode growth — run of ${at.slice(0, 16).replace('T', ' ')} UTC; rows = survey responses and leads each; ${CALL_TIMEOUT_MS} ms on the right = given up at ${CALL_TIMEOUT_MS / 1000} s</div>
    ${time}${memory}${callsPanel}</div></body></html>`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    await page.setContent(html);
    mkdirSync(path.dirname(file), { recursive: true });
    await page.locator('#plot').screenshot({ path: file });
    writeFileSync(file.replace(/\.png$/, '.html'), html);
  } finally {
    await browser.close();
  }
}

/** The plot again from a growth.json: node --import tsx bench/growth.ts --plot bench/results/growth.json [out.png] */
if (process.argv[1]?.endsWith('growth.ts') && process.argv[2] === '--plot') {
  const { at, points } = JSON.parse(readFileSync(process.argv[3]!, 'utf8')) as { at: string; points: GrowthPoint[] };
  await plotGrowth(points, process.argv[4] ?? process.argv[3]!.replace(/\.json$/, '.png'), at);
}

export async function benchGrowth(options: { dialects: string[]; rows: number[]; pgAdminUrl: string; keep: boolean }): Promise<Figure[]> {
  const points: GrowthPoint[] = [];
  const log = (line: string) => console.log(line);
  try {
    for (const dialect of options.dialects as Array<GrowthPoint['dialect']>) {
      for (const rows of options.rows) {
        if (dialect === 'sqlite' && rows > 100_000) continue;
        console.log(`Growth: ${label(rows)} responses and leads on ${dialect}…`);
        points.push(await atSize(dialect, rows, options.pgAdminUrl, log));
        console.log(`  ${JSON.stringify(points.at(-1))}`);
      }
    }
  } finally {
    if (!options.keep && options.dialects.includes('postgres') && options.rows.some((r) => r >= 1_000_000))
      await dropPostgres(options.pgAdminUrl, ONE_MILLION_DB);
  }
  mkdirSync('bench/results', { recursive: true });
  const at = new Date().toISOString();
  writeFileSync('bench/results/growth.json', `${JSON.stringify({ at, points }, null, 2)}\n`);
  await plotGrowth(points, 'bench/results/growth.png', at);
  console.log('Plot: bench/results/growth.png');
  return growthFigures(points);
}
