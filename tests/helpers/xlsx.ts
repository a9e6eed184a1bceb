import ExcelJS from 'exceljs';

/** Reads an .xlsx file (a download's body) the way a spreadsheet program would, through ExcelJS. */
export async function readWorkbook(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

/** One row's cell values; `index` counts from 1 as in the sheet. */
export function rowValues(sheet: ExcelJS.Worksheet, index: number): unknown[] {
  // ExcelJS rows are 1-based and `values` has a hole at index 0.
  return (sheet.getRow(index).values as unknown[]).slice(1);
}

/** Every row's cell values from row `from` on (2 skips the header), holes as undefined. */
export function sheetRows(sheet: ExcelJS.Worksheet, from = 1): unknown[][] {
  const rows: unknown[][] = [];
  for (let i = from; i <= sheet.rowCount; i++) rows.push(rowValues(sheet, i));
  return rows;
}
