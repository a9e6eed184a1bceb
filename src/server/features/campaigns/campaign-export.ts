import type { Writable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Campaign } from '../../../shared/campaigns';
import { answerColumns, type AnswerCell, type SurveyAnswerData } from '../../../shared/survey-answers';
import { toBool, type Dialect } from '../../db/database';
import type { Database } from '../../db/schema';
import { XlsxWriter, type XlsxCell } from '../../lib/xlsx-stream';
import * as repo from './campaigns.repository';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
// Small enough that one batch holds the event loop for a few milliseconds only.
const BATCH_SIZE = 1000;

/**
 * Text a spreadsheet could take for a formula (= + - @, tab, CR) gets a leading apostrophe, so it
 * stays text even when the sheet is saved as CSV and opened again.
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** An empty answer is `undefined`: no cell is written for it. */
function cell(value: AnswerCell): XlsxCell {
  if (value === null) return undefined;
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

/** SQLite reads finish synchronously: let other requests in between two batches. */
const yieldToOthers = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Streams the campaign's responses as .xlsx into `out`: rows are read in batches and handed to the
 * zip batch by batch, waiting for it and the client to catch up, so memory does not grow with the
 * number of responses. Stops quietly when the client has gone.
 */
export async function writeCampaignWorkbook(db: Kysely<Database>, dialect: Dialect, campaign: Campaign, out: Writable): Promise<void> {
  const workbook = new XlsxWriter(out, { creator: 'Abode' });

  const questions = answerColumns(campaign.questions, campaign.questioncolumns);
  const responses = workbook.addSheet('Responses', {
    freezeHeader: true,
    columns: [
      { header: 'Email', width: 32 },
      { header: 'Date', width: 14 },
      ...questions.map((q) => ({ header: neutraliseFormula(q.title), width: Math.min(60, Math.max(14, q.title.length + 2)) })),
    ],
  });
  for await (const batch of repo.responseBatches(db, dialect, campaign._id, BATCH_SIZE)) {
    if (workbook.closed) return;
    for (const row of batch) {
      const answers = parseAnswers(row.answer);
      const values: XlsxCell[] = [neutraliseFormula(row.email), new Date(row.createdAt)];
      for (const q of questions) values.push(cell(q.format(answers)));
      responses.addRow(values);
    }
    await responses.flush();
    await yieldToOthers();
  }
  await responses.end();
  if (workbook.closed) return;

  const emails = workbook.addSheet('E-mails', {
    freezeHeader: true,
    columns: [
      { header: 'Email', width: 32 },
      { header: 'Date', width: 14 },
      { header: 'Completed', width: 12 },
    ],
  });
  for await (const batch of repo.emailRecordBatches(db, dialect, campaign._id, BATCH_SIZE)) {
    if (workbook.closed) return;
    for (const row of batch) {
      emails.addRow([neutraliseFormula(row.email), new Date(row.createdAt), toBool(row.isCompleted) ? 'Yes' : 'No']);
    }
    await emails.flush();
    await yieldToOthers();
  }
  await emails.end();
  await workbook.finish();
}

/** `attachment; filename="…"` with an ASCII fallback and the exact name as RFC 5987 `filename*`. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\%]/g, '_') || 'campaign.xlsx';
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
