import type { Writable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { ResultStatus } from '#shared/results/campaign-summary.contract';
import type { Campaign } from '#shared/surveys/campaigns.contract';
import { surveyFilePagePath } from '#shared/paths';
import { parseAnswers, readSurvey, type AnswerCell, type AnswerColumn, type SurveyAnswerData } from '#shared/survey-json/survey-questions';
import { toBool, type Dialect } from '#server/db/database';
import type { Database } from '#server/db/schema';
import { XlsxWriter, type XlsxCell } from '#server/lib/xlsx-stream';
import { responseQueries as resultsRepo } from '#server/features/responses';
import { listChannelNames, utmOf } from '#server/features/channels';
import { UTM_FIELDS } from '#shared/channels/channels.contract';

// Small enough that one batch holds the event loop for a few milliseconds only.
const BATCH_SIZE = 1000;

/**
 * An empty answer is `undefined`: no cell is written for it. Text goes in exactly as typed: the
 * writer makes it a text cell (never a formula) and marks formula-like text with quotePrefix.
 */
const cell = (value: AnswerCell): XlsxCell => value ?? undefined;

/**
 * A file question's cell: the file's name, linked to its staff page (`/dashboard/file/<id>` on
 * `baseUrl`), which opens only for someone logged in as staff: the spreadsheet carries no secret
 * that outlives a staff session. A cell holds one link, so with several files the text also
 * lists each file's address (a person can copy it) and the link opens the first.
 */
function fileCell(files: NonNullable<AnswerColumn['files']>, answers: SurveyAnswerData, baseUrl: string): XlsxCell | undefined {
  const refs = files(answers);
  if (refs.length === 0) return undefined;
  const url = (fileId: string) => `${baseUrl}${surveyFilePagePath(fileId)}`;
  if (refs.length === 1) return { text: refs[0]!.name, url: url(refs[0]!.fileId) };
  return { text: refs.map((f) => `${f.name}: ${url(f.fileId)}`).join('\n'), url: url(refs[0]!.fileId) };
}

/** README "Channels": the channel's name and the five UTM values, the last columns of both sheets. */
const SOURCE_COLUMNS = [{ header: 'Channel', width: 20 }, ...UTM_FIELDS.map((field) => ({ header: `UTM ${field}`, width: 16 }))];

/** Every channel's name by id (a studio has tens of them): read once per download. */
async function channelsOf(db: Kysely<Database>): Promise<Map<string, string>> {
  return new Map((await listChannelNames(db)).map((c) => [c.id, c.name]));
}

function sourceCells(row: { channelId: string | null; utm: string | null }, channels: Map<string, string>): XlsxCell[] {
  const utm = utmOf(row.utm);
  return [row.channelId === null ? undefined : channels.get(row.channelId), ...UTM_FIELDS.map((field) => utm?.[field])];
}

/** SQLite reads finish synchronously: let other requests in between two batches. */
const yieldToOthers = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Streams the campaign's responses as .xlsx into `out`: rows are read in batches and handed to the
 * zip batch by batch, waiting for it and the client to catch up, so memory does not grow with the
 * number of responses. Stops quietly when the client has gone. Filters narrow both
 * sheets; `unfinished` or `all` adds the kept answers of unfinished surveys, with a Completed column.
 */
export async function writeCampaignWorkbook(
  db: Kysely<Database>,
  dialect: Dialect,
  campaign: Campaign,
  out: Writable,
  filters: resultsRepo.ResultFilters = resultsRepo.NO_FILTERS,
  status?: ResultStatus,
  /** Where staff open this site (PUBLIC_BASE_URL, or the address the download was asked on): file links start with it. */
  baseUrl = '',
  /** The studio's time-zone setting: the clock the Date columns are written on. */
  timeZone?: string,
): Promise<void> {
  const workbook = new XlsxWriter(out, { creator: 'Abode', timeZone });

  // Columns come from the survey itself, in its locale: never from splitting questioncolumns.
  const questions = readSurvey(campaign.questions).columns;
  const withUnfinished = status === 'unfinished' || status === 'all';
  const responses = workbook.addSheet('Responses', {
    freezeHeader: true,
    columns: [
      { header: 'Email', width: 32 },
      { header: 'Date', width: 17, dates: 'datetime' },
      ...questions.map((q) => ({ header: q.title, width: Math.min(60, Math.max(14, q.title.length + 2)) })),
      // Unfinished answers are asked for: each row says which it is.
      ...(withUnfinished ? [{ header: 'Completed', width: 12 }] : []),
      // README "Channels": after every column that was there before.
      ...SOURCE_COLUMNS,
    ],
  });
  const channels = await channelsOf(db);
  const write = async (
    batches: AsyncGenerator<{ email: string; answer: string; createdAt: Date | string; channelId: string | null; utm: string | null }[]>,
    completed: string,
  ) => {
    for await (const batch of batches) {
      if (workbook.closed) return;
      for (const row of batch) {
        const answers = parseAnswers(row.answer);
        const values: XlsxCell[] = [row.email, new Date(row.createdAt)];
        for (const q of questions) values.push((q.files && fileCell(q.files, answers, baseUrl)) || cell(q.format(answers)));
        if (withUnfinished) values.push(completed);
        values.push(...sourceCells(row, channels));
        responses.addRow(values);
      }
      await responses.flush();
      await yieldToOthers();
    }
  };
  if (status !== 'unfinished') await write(resultsRepo.responseBatches(db, dialect, campaign._id, BATCH_SIZE, filters), 'Yes');
  if (withUnfinished) await write(resultsRepo.progressBatches(db, dialect, campaign._id, BATCH_SIZE, filters), 'No');
  if (workbook.closed) return;
  await responses.end();
  if (workbook.closed) return;

  const emails = workbook.addSheet('E-mails', {
    freezeHeader: true,
    columns: [{ header: 'Email', width: 32 }, { header: 'Date', width: 17, dates: 'datetime' }, { header: 'Completed', width: 12 }, ...SOURCE_COLUMNS],
  });
  for await (const batch of resultsRepo.emailRecordBatches(db, dialect, campaign._id, BATCH_SIZE, filters, status ?? 'all')) {
    if (workbook.closed) return;
    for (const row of batch) {
      emails.addRow([row.email, new Date(row.createdAt), toBool(row.isCompleted) ? 'Yes' : 'No', ...sourceCells(row, channels)]);
    }
    await emails.flush();
    await yieldToOthers();
  }
  await emails.end();
  await workbook.finish();
}
