import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import type { Campaign } from '../../../shared/campaigns';
import { answerColumns, type AnswerCell, type SurveyAnswerData } from '../../../shared/survey-answers';
import { toBool } from '../../db/database';
import type { Database } from '../../db/schema';
import * as repo from './campaigns.repository';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const BATCH_SIZE = 2000;

/**
 * Text a spreadsheet could take for a formula (= + - @, tab, CR) gets a leading apostrophe, so it
 * stays text even when the sheet is saved as CSV and opened again.
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function cell(value: AnswerCell): string | number | Date | null {
  return typeof value === 'string' ? neutraliseFormula(value) : value;
}

function parseAnswers(text: string): SurveyAnswerData {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as SurveyAnswerData) : {};
  } catch {
    return {};
  }
}

/** Resolves when the stream can take more, or has been closed (then the caller stops writing). */
function drained(out: Writable): Promise<void> {
  if (!out.writableNeedDrain || out.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/**
 * Streams the campaign's responses as .xlsx into `out`: rows are read in keyset-ordered batches
 * and committed as they are written, so memory does not grow with the number of responses.
 * Styles and shared strings are off (both keep per-workbook state and cost time per cell);
 * dates still get a date format.
 */
export async function writeCampaignWorkbook(db: Kysely<Database>, campaign: Campaign, out: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  workbook.creator = 'Abode';

  const questions = answerColumns(campaign.questions, campaign.questioncolumns);
  const responses = workbook.addWorksheet('Responses', { views: [{ state: 'frozen', ySplit: 1 }] });
  responses.columns = [
    { header: 'Email', width: 32 },
    { header: 'Date', width: 14 },
    ...questions.map((q) => ({ header: neutraliseFormula(q.title), width: Math.min(60, Math.max(14, q.title.length + 2)) })),
  ];
  let after: repo.After | null = null;
  for (;;) {
    const batch = await repo.responsesBatch(db, campaign._id, after, BATCH_SIZE);
    if (out.destroyed) return;
    for (const row of batch) {
      const answers = parseAnswers(row.answer);
      const values: Array<string | number | Date | null> = [neutraliseFormula(row.email), new Date(row.createdAt)];
      for (const q of questions) values.push(cell(q.format(answers)));
      responses.addRow(values).commit();
    }
    if (batch.length < BATCH_SIZE) break;
    const last = batch[batch.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
    await drained(out);
  }
  responses.commit();

  const emails = workbook.addWorksheet('E-mails', { views: [{ state: 'frozen', ySplit: 1 }] });
  emails.columns = [
    { header: 'Email', width: 32 },
    { header: 'Date', width: 14 },
    { header: 'Completed', width: 12 },
  ];
  after = null;
  for (;;) {
    const batch = await repo.emailRecordsBatch(db, campaign._id, after, BATCH_SIZE);
    if (out.destroyed) return;
    for (const row of batch) {
      emails.addRow([neutraliseFormula(row.email), new Date(row.createdAt), toBool(row.isCompleted) ? 'Yes' : 'No']).commit();
    }
    if (batch.length < BATCH_SIZE) break;
    const last = batch[batch.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
    await drained(out);
  }
  emails.commit();
  await workbook.commit();
}

/** `attachment; filename="…"` with an ASCII fallback and the exact name as RFC 5987 `filename*`. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\%]/g, '_') || 'campaign.xlsx';
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
