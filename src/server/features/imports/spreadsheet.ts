import { Readable } from 'node:stream';
import { parse as parseCsv } from '@fast-csv/parse';
import { readXlsxRows } from './xlsx-rows';

/** A cell as read: text, a number (an Excel serial date stays a number), a date, or empty. */
export type Cell = string | number | Date | null;

export type SheetKind = 'xlsx' | 'csv';

/** Which reader a file needs, from its bytes (a name can lie): null when it is no spreadsheet. */
export function sheetKind(bytes: Buffer): SheetKind | null {
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return 'xlsx';
  return decodeText(bytes) === null ? null : 'csv';
}

/**
 * The text of a CSV: UTF-16 (either order) or UTF-8 by its byte-order mark, UTF-8 without one. Null
 * when it is not text (invalid UTF-8, or control characters other than tab and line ends: a binary file).
 */
export function decodeText(bytes: Buffer): string | null {
  let text: string;
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le', { fatal: true }).decode(bytes.subarray(2));
    else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder('utf-16be', { fatal: true }).decode(bytes.subarray(2));
    else text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text.slice(0, 64 * 1024))) return null;
  return text;
}

/** Comma or semicolon: whichever the header line has more of, outside quotes. */
export function csvDelimiter(text: string): ',' | ';' {
  const end = text.search(/\r?\n/);
  const header = (end === -1 ? text : text.slice(0, end)).replace(/"[^"]*"/g, '');
  const count = (c: string) => header.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

function cellOf(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    const v = value as { richText?: Array<{ text: string }>; result?: unknown; text?: unknown; error?: unknown };
    if (Array.isArray(v.richText)) return cellOf(v.richText.map((r) => r.text).join(''));
    if ('result' in v) return cellOf(v.result);
    if (typeof v.text === 'string') return cellOf(v.text);
    if (v.error !== undefined) return null;
  }
  return null;
}

/**
 * The rows of the file's first sheet, in order, each with its number as the spreadsheet shows it
 * (row 1 is the header). An .xlsx is read by readXlsxRows (the first worksheet, row by row, as
 * ExcelJS's streaming reader read it with styles ignored: a date cell stays its Excel serial number);
 * a CSV with fast-csv.
 */
export async function* readRows(bytes: Buffer, kind: SheetKind): AsyncGenerator<{ row: number; cells: Cell[] }> {
  if (kind === 'xlsx') {
    for await (const { row, values } of readXlsxRows(bytes)) yield { row, cells: values.map((v) => cellOf(v)) };
    return;
  }
  const text = decodeText(bytes);
  if (text === null) return;
  const parser = parseCsv({ delimiter: csvDelimiter(text), ignoreEmpty: false });
  Readable.from([text]).pipe(parser);
  let row = 0;
  for await (const record of parser as AsyncIterable<string[]>) {
    row++;
    yield { row, cells: record.map((c) => cellOf(c)) };
  }
}

/** A cell as the sample shows it. */
export function cellText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell).trim();
}
