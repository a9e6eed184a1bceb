// The reference for the export (decision 0045): ExcelJS's streaming writer alone writing the same rows the
// export writes (e-mail, date, each demo question's cell, channel and five UTM values), in a process
// of its own, into a stream that only counts the bytes (the export's client does the same). No
// database, no HTTP, no JSON: the rows' cells are made once per distinct answer and reused.
// Prints {"seconds", "peakRssMB", "megabytes"} as its last line.
// Run alone: node --import tsx bench/exceljs-reference.ts [rows]
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { DEMO_SURVEY } from '#server/features/surveys/campaigns.seed';
import { readSurvey } from '#shared/survey-json/survey-questions';
import { answerOf } from './campaign-export';

const rows = Number(process.argv[2] ?? 100_000);
const peakRssMb = () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;

const questions = readSurvey(DEMO_SURVEY).columns;
// answerOf(j) repeats with a period of 60: the cells of each distinct answer, made once.
const cells = Array.from({ length: 60 }, (_, j) => {
  const answers = answerOf(j) as Record<string, unknown>;
  return questions.map((q) => q.format(answers) ?? undefined);
});

let bytes = 0;
const sink = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    bytes += chunk.length;
    callback();
  },
});

const t0 = performance.now();
const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false });
workbook.creator = 'Abode';
const columns = [
  { header: 'Email', width: 32 },
  { header: 'Date', width: 17, style: { numFmt: 'yyyy-mm-dd hh:mm' } },
  ...questions.map((q) => ({ header: q.title, width: Math.min(60, Math.max(14, q.title.length + 2)) })),
  { header: 'Channel', width: 20 },
  ...['source', 'medium', 'campaign', 'content', 'term'].map((f) => ({ header: `UTM ${f}`, width: 16 })),
];
const sheet = workbook.addWorksheet('Responses', { views: [{ state: 'frozen', ySplit: 1 }] });
sheet.columns = columns;
const start = Date.now() - rows * 1000;
for (let j = 0; j < rows; j++) {
  sheet
    .addRow([`visitor${j}@example.com`, new Date(start + j * 1000), ...cells[j % 60]!, undefined, undefined, undefined, undefined, undefined, undefined])
    .commit();
  // Let the stream drain now and then, as a server must.
  if (j % 1000 === 999) await new Promise((resolve) => setImmediate(resolve));
}
sheet.commit();
const emails = workbook.addWorksheet('E-mails', { views: [{ state: 'frozen', ySplit: 1 }] });
emails.columns = [
  { header: 'Email', width: 32 },
  { header: 'Date', width: 17, style: { numFmt: 'yyyy-mm-dd hh:mm' } },
  { header: 'Completed', width: 12 },
  ...columns.slice(-6),
];
for (let j = 0; j < rows; j++) {
  emails.addRow([`visitor${j}@example.com`, new Date(start + j * 1000), 'Yes']).commit();
  if (j % 1000 === 999) await new Promise((resolve) => setImmediate(resolve));
}
emails.commit();
await workbook.commit();
const seconds = (performance.now() - t0) / 1000;
console.log(JSON.stringify({ rows, seconds: Number(seconds.toFixed(2)), peakRssMB: Math.round(peakRssMb()), megabytes: Number((bytes / 1e6).toFixed(1)) }));
