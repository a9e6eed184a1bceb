import { PassThrough, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { columnName, excelDate, XlsxWriter, type XlsxCell, type XlsxColumn } from '#server/lib/xlsx-stream';
import { readZip } from '../helpers/zip';
import { readWorkbook, sheetRows } from '../helpers/xlsx';

function collect() {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  return { out, bytes: () => Buffer.concat(chunks) };
}

interface SheetSpec {
  name: string;
  columns: XlsxColumn[];
  rows: XlsxCell[][];
}

async function writeOurs(sheets: SheetSpec[]): Promise<Buffer> {
  const { out, bytes } = collect();
  const writer = new XlsxWriter(out, { creator: 'Abode' });
  for (const spec of sheets) {
    const sheet = writer.addSheet(spec.name, { columns: spec.columns, freezeHeader: true });
    for (const [i, row] of spec.rows.entries()) {
      sheet.addRow(row);
      if (i % 100 === 99) await sheet.flush();
    }
    await sheet.end();
  }
  await writer.finish();
  return bytes();
}

/** The same workbook through ExcelJS's own streaming writer, as the export was written before. */
async function writeExcelJs(sheets: SheetSpec[]): Promise<Buffer> {
  const { out, bytes } = collect();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  workbook.creator = 'Abode';
  for (const spec of sheets) {
    const sheet = workbook.addWorksheet(spec.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = spec.columns.map((c) => ({ header: c.header, width: c.width }));
    for (const row of spec.rows) sheet.addRow(row.map((v) => (v === null ? undefined : v))).commit();
    sheet.commit();
  }
  await workbook.commit();
  return bytes();
}

const TRICKY_TEXT = [
  'plain',
  'a < b && c > d',
  `quotes " and ' apostrophes`,
  '<v>not markup</v>',
  '₹50 lakh – ₹1 crore',
  'emoji 🏡 and accents éàü',
  'line one\nline two',
  'tab\there',
  '  leading and trailing spaces  ',
  ']]> cdata end',
  '&amp; already escaped',
  '=SUM(A1)',
  'x'.repeat(40_000), // longer than a whole encoding chunk
];

describe('XlsxWriter', () => {
  it('is read back by ExcelJS exactly as a workbook ExcelJS wrote itself', async () => {
    const date = new Date(Date.UTC(2026, 10, 22, 13, 45, 30, 123));
    const columns: XlsxColumn[] = [
      { header: 'Email', width: 32 },
      { header: 'Date', width: 14, dates: 'date' },
      { header: 'Text' },
      { header: 'Number', width: 10 },
      { header: 'Flag' },
    ];
    const rows: XlsxCell[][] = [];
    for (let i = 0; i < 1_500; i++) {
      rows.push([
        `visitor${i}@example.com`,
        new Date(date.getTime() + i * 86_400_123),
        TRICKY_TEXT[i % TRICKY_TEXT.length]!,
        i % 7 === 0 ? null : [0, -1.5, 3, 1e21, 0.1 + 0.2, -0, 2 ** 53][i % 7]!,
        i % 3 === 0 ? undefined : i % 2 === 0,
      ]);
    }
    const sheets: SheetSpec[] = [
      { name: 'Responses', columns, rows },
      {
        name: 'E-mails',
        columns: [
          { header: 'Email', width: 32 },
          { header: 'Completed', width: 12 },
        ],
        rows: rows.map((r) => [r[0], 'Yes']),
      },
    ];
    const [ours, theirs] = await Promise.all([readWorkbook(await writeOurs(sheets)), readWorkbook(await writeExcelJs(sheets))]);

    expect(ours.worksheets.map((s) => s.name)).toEqual(['Responses', 'E-mails']);
    expect(ours.creator).toBe('Abode');
    for (const name of ['Responses', 'E-mails']) {
      const a = ours.getWorksheet(name)!;
      const b = theirs.getWorksheet(name)!;
      expect(a.rowCount).toBe(b.rowCount);
      // ExcelJS reads the `str` cells its own writer makes with entities decoded twice ("&amp;" comes
      // back as "&"); our text cells come back exactly as written.
      const theirValues = sheetRows(b).map((row) => row.map((v) => (v === '& already escaped' ? '&amp; already escaped' : v)));
      expect(sheetRows(a)).toEqual(theirValues);
      expect(a.columns.map((c) => c.width)).toEqual(b.columns.map((c) => c.width));
      expect(a.views).toMatchObject([{ state: 'frozen', ySplit: 1, topLeftCell: 'A2' }]);
    }
    // Spot checks, independent of ExcelJS's writer.
    const sheet = ours.getWorksheet('Responses')!;
    expect(sheetRows(sheet)[0]).toEqual(['Email', 'Date', 'Text', 'Number', 'Flag']);
    expect(sheet.getCell('B2').value).toEqual(date);
    expect(sheet.getCell('B2').numFmt).toBe('mm-dd-yy');
    expect(sheet.getCell('D2').value).toBeNull();
    expect(sheet.getCell('E3').value).toBe(false);
    expect(sheet.getCell('C9').value).toBe('tab\there');
    expect(sheet.getCell('C10').value).toBe('  leading and trailing spaces  ');
    expect(sheet.getCell('C13').value).toBe('=SUM(A1)');
    expect(sheet.getCell('C13').type).toBe(ExcelJS.ValueType.String);
  });

  it('shows the time of day in a datetime column, and in a default column when a date has one', async () => {
    const { out, bytes } = collect();
    const writer = new XlsxWriter(out);
    const sheet = writer.addSheet('S', { columns: [{ header: 'At', dates: 'datetime' }, { header: 'When' }] });
    sheet.addRow([new Date(Date.UTC(2026, 0, 2)), new Date(Date.UTC(2026, 0, 2, 9, 30))]);
    sheet.addRow([new Date(Date.UTC(2026, 0, 3, 18, 5)), new Date(Date.UTC(2026, 0, 3))]);
    await sheet.end();
    await writer.finish();
    const read = (await readWorkbook(bytes())).getWorksheet('S')!;
    expect(['A2', 'B2', 'A3', 'B3'].map((ref) => read.getCell(ref).numFmt)).toEqual(['dd-mm-yyyy hh:mm', 'dd-mm-yyyy hh:mm', 'dd-mm-yyyy hh:mm', 'mm-dd-yy']);
    expect(read.getCell('A3').value).toEqual(new Date(Date.UTC(2026, 0, 3, 18, 5)));
  });

  it('keeps what ExcelJS would lose or break: CR, and drops characters XML cannot carry', async () => {
    const { out, bytes } = collect();
    const writer = new XlsxWriter(out);
    const sheet = writer.addSheet('Odd', { columns: [{ header: 'A' }] });
    sheet.addRow(['\rcmd']);
    sheet.addRow(['bell\x07 null\x00 del\x7f nonchar\uffff end']);
    sheet.addRow([Number.NaN]);
    sheet.addRow([new Date(Number.NaN)]);
    sheet.addRow([Number.POSITIVE_INFINITY]);
    await sheet.end();
    await writer.finish();
    const read = (await readWorkbook(bytes())).getWorksheet('Odd')!;
    expect(read.getCell('A2').value).toBe('\rcmd');
    expect(read.getCell('A3').value).toBe('bell null del nonchar end');
    // Numbers a cell cannot hold become text; an invalid date is left empty.
    expect(read.getCell('A4').value).toBe('NaN');
    expect(read.getCell('A5').value).toBeNull();
    expect(read.getCell('A6').value).toBe('Infinity');
  });

  it('puts cells past the declared columns in the right place', async () => {
    const { out, bytes } = collect();
    const writer = new XlsxWriter(out);
    const sheet = writer.addSheet('Wide', { columns: [{ header: 'A' }] });
    const row: XlsxCell[] = [];
    row[0] = 'first';
    row[27] = 'AB';
    row[701] = 'ZZ';
    row[702] = 'AAA';
    sheet.addRow(row);
    await sheet.end();
    await writer.finish();
    const read = (await readWorkbook(bytes())).getWorksheet('Wide')!;
    expect(read.getCell('A2').value).toBe('first');
    expect(read.getCell('AB2').value).toBe('AB');
    expect(read.getCell('ZZ2').value).toBe('ZZ');
    expect(read.getCell('AAA2').value).toBe('AAA');
    expect(read.getCell('B2').value).toBeNull();
  });

  it('writes the parts a spreadsheet application expects', async () => {
    const { out, bytes } = collect();
    const writer = new XlsxWriter(out, { creator: 'A & B' });
    await writer.addSheet('One', { columns: [{ header: 'x', width: 10 }] }).end();
    await writer.addSheet('Two & <Three>', { columns: [] }).end();
    await writer.finish();
    const parts = new Map(readZip(bytes()).map((e) => [e.name, e.data.toString()]));
    expect([...parts.keys()].sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'docProps/core.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
      'xl/worksheets/sheet2.xml',
    ]);
    expect(parts.get('xl/workbook.xml')).toContain('<sheet name="Two &amp; &lt;Three&gt;" sheetId="2" r:id="rId2"/>');
    expect(parts.get('docProps/core.xml')).toContain('<dc:creator>A &amp; B</dc:creator>');
    expect(parts.get('[Content_Types].xml')).toContain('/xl/worksheets/sheet2.xml');
    for (const [name, xml] of parts) expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'), name).toBe(true);
    const read = await readWorkbook(bytes());
    expect(read.worksheets.map((s) => s.name)).toEqual(['One', 'Two & <Three>']);
    expect(read.getWorksheet('Two & <Three>')!.rowCount).toBe(0);
  });

  it('refuses names a spreadsheet would reject, and sheets out of order', async () => {
    const writer = new XlsxWriter(collect().out);
    for (const bad of ['', 'a'.repeat(32), 'a/b', 'a[1]', 'why?', "'quoted'"]) {
      expect(() => writer.addSheet(bad, { columns: [] }), bad).toThrow(/not a valid sheet name/);
    }
    const first = writer.addSheet('First', { columns: [] });
    expect(() => writer.addSheet('Second', { columns: [] })).toThrow(/end the previous sheet/);
    await expect(writer.finish()).rejects.toThrow(/end the last sheet/);
    await first.end();
    expect(() => writer.addSheet('FIRST', { columns: [] })).toThrow(/already named/);
    expect(() => first.addRow(['late'])).toThrow(/has ended/);
    await writer.finish();
  });

  it('stops quietly when the output goes away', async () => {
    const out = new PassThrough({ highWaterMark: 1024 });
    out.once('data', () => out.destroy());
    const writer = new XlsxWriter(out);
    const sheet = writer.addSheet('Rows', { columns: [{ header: 'n' }] });
    let rows = 0;
    while (!writer.closed && rows < 1_000_000) {
      for (let i = 0; i < 1000; i++) sheet.addRow([`row ${rows++} ${'x'.repeat(50)}`]);
      await sheet.flush();
    }
    expect(writer.closed).toBe(true);
    expect(rows).toBeLessThan(1_000_000);
    await sheet.end();
    await writer.finish();
  });

  it('converts dates and column numbers as Excel counts them', () => {
    expect(excelDate(new Date(Date.UTC(1970, 0, 1)))).toBe(25569);
    expect(excelDate(new Date(Date.UTC(2026, 0, 1, 12)))).toBe(46023.5);
    expect([0, 25, 26, 51, 701, 702, 16383].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'ZZ', 'AAA', 'XFD']);
  });
});
