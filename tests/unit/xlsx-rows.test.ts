import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readRows, type Cell } from '#server/features/imports/spreadsheet';

/** What the import read from an .xlsx before readXlsxRows: ExcelJS's streaming reader (first sheet, styles ignored). */
async function readWithExcelJS(bytes: Buffer): Promise<Array<{ row: number; cells: Cell[] }>> {
  const rows: Array<{ row: number; cells: Cell[] }> = [];
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const cellOf = (value: unknown): Cell => {
    if (value === null || value === undefined) return null;
    if (typeof value === 'string') return value.trim() === '' ? null : value;
    if (typeof value === 'number' || value instanceof Date) return value;
    if (typeof value === 'boolean') return String(value);
    const v = value as { richText?: Array<{ text: string }>; result?: unknown; text?: unknown };
    if (Array.isArray(v.richText)) return cellOf(v.richText.map((r) => r.text).join(''));
    if ('result' in v) return cellOf(v.result);
    if (typeof v.text === 'string') return cellOf(v.text);
    return null;
  };
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      const values = row.values as unknown[];
      const cells: Cell[] = [];
      for (let i = 1; i < values.length; i++) cells.push(cellOf(values[i]));
      rows.push({ row: row.number, cells });
    }
    break;
  }
  return rows;
}

async function readLean(bytes: Buffer): Promise<Array<{ row: number; cells: Cell[] }>> {
  const rows: Array<{ row: number; cells: Cell[] }> = [];
  for await (const r of readRows(bytes, 'xlsx')) rows.push(r);
  return rows;
}

describe('readRows of an .xlsx: the lean reader', () => {
  it('reads what ExcelJS read: shared and rich strings, numbers, dates as serials, booleans, formulas, errors, gaps, empty rows, only the first sheet', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Leads');
    sheet.addRow(['Name', 'Mobile', 'Email', 'Date', 'Budget', 'Notes']);
    sheet.addRow([
      'राहुल शर्मा',
      '+91 98450 11111',
      'a&b<c>@example.in',
      new Date(Date.UTC(2026, 2, 15, 10, 30)),
      4_500_000,
      { richText: [{ text: 'Wants ' }, { font: { bold: true }, text: '2 BHK' }] },
    ]);
    sheet.addRow([null, 9845033333, '   ', 46091.5, true, { formula: 'A1&"x"', result: 'Namex' }]);
    sheet.getCell('H4').value = 'far right';
    sheet.getCell('B4').value = { formula: '1+1', result: 2 };
    sheet.getCell('C4').value = { error: '#N/A' };
    sheet.getCell('A6').value = 'quote " and \' and & ;';
    sheet.addRow([]);
    sheet.getCell('A9').value = 'after a gap';
    sheet.getCell('D9').value = -0.25;
    const other = workbook.addWorksheet('Other');
    other.addRow(['not read']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const lean = await readLean(bytes);
    expect(lean).toEqual(await readWithExcelJS(bytes));
    expect(lean.map((r) => r.row)).toEqual([1, 2, 3, 4, 6, 9]);
    expect(lean[1]!.cells).toEqual(['राहुल शर्मा', '+91 98450 11111', 'a&b<c>@example.in', 46096.4375, 4_500_000, 'Wants 2 BHK']);
  });

  it('reads a workbook written without shared strings (inline strings) as ExcelJS did', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Leads');
    sheet.addRow(['Name', 'Email']);
    for (let i = 0; i < 300; i++) sheet.addRow([`Person ${i} & co`, `p${i}@example.in`]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer({ useSharedStrings: false } as ExcelJS.XlsxWriteOptions));
    const lean = await readLean(bytes);
    expect(lean).toHaveLength(301);
    expect(lean).toEqual(await readWithExcelJS(bytes));
  });

  it('refuses a broken zip and reads a zip without a worksheet as no rows', async () => {
    await expect(readLean(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8]))).rejects.toThrow();
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Leads').addRow(['Name', 'Email']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    // The same zip with its worksheet renamed away: no sheet, so no rows (the import answers "empty").
    const renamed = Buffer.from(bytes.toString('latin1').replaceAll('xl/worksheets/sheet1.xml', 'xl/worksheets/sheetX.xml'), 'latin1');
    expect(await readLean(renamed)).toEqual([]);
  });
});
