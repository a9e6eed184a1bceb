// Importing a spreadsheet (decision 0037): 50,000 rows of a portal-shaped .xlsx imported through the real
// HTTP route (POST /api/leads/imports, dryRun=false) on a fresh production server: time end to end
// and the server's peak RSS (budget ≤ 30 s, ≤ 300 MB). The reference, in the same run on the same
// machine: ExcelJS's streaming reader reading the same file alone (the floor of any import of it).
// Run alone: node --import tsx bench/lead-import.ts [rows]  (after `node scripts/build.mjs`;
// DATABASE_URL=postgres://… for PostgreSQL); `npm run bench -- --only=import` runs it on both.
import { Readable } from 'node:stream';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { AbodeClient } from './lib/abode-client';
import { startAbode } from './lib/processes';
import { atMost, figure, type Figure } from './lib/report';

const ADMIN = { email: 'bench@abode.test', password: 'bench-password-123' };
const NAMES = ['राहुल शर्मा', 'प्रिया वर्मा', 'Amit Kulkarni', 'सुनीता देशपांडे', 'Farhan Qureshi', 'Lakshmi Iyer'];
const CITIES = ['Pune', 'Mumbai', 'Nashik', 'Bengaluru', 'Hyderabad'];
const SOURCES = ['99acres', 'MagicBricks', 'Housing.com'];
const BUDGETS = ['45 Lakh', '1.2 Cr', '₹ 85,00,000', '50 L - 1 Cr', 6_500_000];

/** A portal's export of `rows` leads: each a different person (e-mail and phone), phones and dates in several spellings. */
export async function portalSheet(rows: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Leads');
  sheet.addRow(['Lead ID', 'Customer Name', 'Mobile No.', 'Email ID', 'City', 'Project Name', 'Budget', 'Source', 'Enquiry Date', 'Remarks']);
  for (let i = 0; i < rows; i++) {
    const digits = String(7_000_000_000 + i);
    const phone = i % 3 === 0 ? `+91 ${digits.slice(0, 5)} ${digits.slice(5)}` : i % 3 === 1 ? `0${digits}` : Number(digits);
    const date = i % 2 === 0 ? 46_000 + (i % 300) + 0.5 : `${String((i % 28) + 1).padStart(2, '0')}-0${(i % 9) + 1}-2026`;
    sheet.addRow([
      `P-${i}`,
      NAMES[i % NAMES.length],
      phone,
      `lead${i}@portal.example.in`,
      CITIES[i % CITIES.length],
      `Tower ${i % 40}`,
      BUDGETS[i % BUDGETS.length],
      SOURCES[i % SOURCES.length],
      date,
      i % 4 === 0 ? 'Wants a 2 BHK near the metro, call after 6 pm' : null,
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The reference: ExcelJS's streaming reader reading every row of the file, nothing else. */
async function readAlone(bytes: Buffer): Promise<{ seconds: number; rows: number }> {
  const t0 = performance.now();
  let rows = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) if (row.number > 1) rows++;
    break;
  }
  return { seconds: (performance.now() - t0) / 1000, rows };
}

export interface ImportBenchResult {
  rows: number;
  megabytes: number;
  status: number;
  created: number;
  seconds: number;
  readAloneSeconds: number;
  serverCpuSeconds: number;
  serverRssBeforeMB: number;
  serverPeakRssMB: number;
}

export async function runImportBench(rows: number, databaseUrl = ''): Promise<ImportBenchResult> {
  const bytes = await portalSheet(rows);
  const reference = await readAlone(bytes);
  if (reference.rows !== rows) throw new Error(`the reference read ${reference.rows} rows of ${rows}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'abode-bench-'));
  const server = await startAbode({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  try {
    const token = await new AbodeClient(server.url).login(ADMIN.email, ADMIN.password);
    const rssBefore = server.rssMb();
    const cpuBefore = server.cpuSeconds();
    const form = new FormData();
    form.append('dryRun', 'false');
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), 'portal-50k.xlsx');
    const t0 = performance.now();
    const res = await fetch(`${server.url}/api/leads/imports`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    const body = (await res.json()) as { created?: number; message?: string };
    const seconds = (performance.now() - t0) / 1000;
    if (res.status !== 201) throw new Error(`import answered ${res.status}: ${JSON.stringify(body).slice(0, 500)}`);
    return {
      rows,
      megabytes: Number((bytes.length / 1e6).toFixed(1)),
      status: res.status,
      created: body.created ?? 0,
      seconds: Number(seconds.toFixed(2)),
      readAloneSeconds: Number(reference.seconds.toFixed(2)),
      serverCpuSeconds: Number((server.cpuSeconds() - cpuBefore).toFixed(2)),
      serverRssBeforeMB: Math.round(rssBefore),
      serverPeakRssMB: Math.round(server.peakRssMb()),
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 50_000);

export async function benchLeadImport(dialect: string, withDatabase: (fn: (url: string) => Promise<Figure[]>) => Promise<Figure[]>): Promise<Figure[]> {
  return withDatabase(async (url) => {
    const r = await runImportBench(ROWS, url);
    const group = `import (${dialect})`;
    return [
      figure(
        group,
        `${ROWS.toLocaleString('en-US')} rows .xlsx → leads (HTTP)`,
        r.seconds,
        's',
        atMost(r.created === ROWS ? r.seconds : Infinity, 30, '≤ 30 s'),
        `${r.megabytes} MB file, ${r.created} created`,
      ),
      figure(group, 'reference: ExcelJS reading the file alone', r.readAloneSeconds, 's', undefined, 'same file, same run'),
      figure(group, 'import ÷ reference', Number((r.seconds / r.readAloneSeconds).toFixed(1)), '×'),
      figure(group, 'server peak RSS', r.serverPeakRssMB, 'MB', atMost(r.serverPeakRssMB, 300, '≤ 300 MB'), `${r.serverRssBeforeMB} MB before the upload`),
      figure(group, 'server CPU time', r.serverCpuSeconds, 's'),
    ];
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await runImportBench(Number(process.argv[2] ?? ROWS), process.env.DATABASE_URL ?? '')));
}
