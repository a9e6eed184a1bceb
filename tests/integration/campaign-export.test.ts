import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/app';
import { addEmail, createCampaign, HOME_SURVEY, respond, surveyText } from '../factories/campaigns';

async function readWorkbook(body: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook;
}

function rowValues(sheet: ExcelJS.Worksheet, index: number): unknown[] {
  // ExcelJS rows are 1-based and `values` has a hole at index 0.
  return (sheet.getRow(index).values as unknown[]).slice(1);
}

describeEachDatabase('campaign export (.xlsx)', (ctx) => {
  it('streams an attachment named after the campaign with a timestamp', async () => {
    const id = await createCampaign(ctx, { name: 'Dream "home" / 2026 ₹' });
    const res = await ctx.asStaff({ method: 'GET', url: `/api/campaign/download/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const disposition = String(res.headers['content-disposition']);
    // Quotes and slashes never reach the header; the ASCII fallback drops the rupee sign, filename* keeps it.
    expect(disposition).toMatch(/^attachment; filename="Dream home 2026 -\d{8}-\d{6}\.xlsx"; filename\*=UTF-8''\S+$/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toMatch(/^Dream home 2026 ₹-\d{8}-\d{6}\.xlsx$/);
    expect(res.headers['cache-control']).toBe('no-store');

    const workbook = await readWorkbook(res.rawPayload);
    const sheet = workbook.getWorksheet('Responses')!;
    expect(rowValues(sheet, 1)).toEqual(['Email', 'Date', 'What kind of home?', 'Budget', 'Need a home loan?', 'Must-have amenities', 'Rooms', 'Move-in date', 'notes']);
    expect(sheet.rowCount).toBe(1);
  });

  it('writes readable values: choice texts, arrays, matrices, booleans, dates, "other" text', async () => {
    const id = await createCampaign(ctx);
    const email = 'buyer@example.com';
    const answer = {
      propertyType: 'other',
      'propertyType-Comment': 'Farmhouse',
      budget: 'b2',
      loan: false,
      amenities: ['gym', 'parking', 'sauna'],
      rooms: { kitchen: 1, balcony: 2 },
      moveIn: '2027-03-15',
      notes: 'Near a school',
    };
    await respond(ctx, id, email, await addEmail(ctx, email, id), answer);
    const second = 'second@example.com';
    await respond(ctx, id, second, await addEmail(ctx, second, id), { propertyType: 'apartment', loan: true, budget: 'b1' });
    await addEmail(ctx, 'started-only@example.com', id);

    const res = await ctx.asStaff({ method: 'GET', url: `/api/campaign/download/${id}` });
    expect(res.statusCode).toBe(200);
    const workbook = await readWorkbook(res.rawPayload);
    const sheet = workbook.getWorksheet('Responses')!;
    expect(sheet.rowCount).toBe(3);

    const [rowEmail, date, ...answers] = rowValues(sheet, 2);
    expect(rowEmail).toBe(email);
    expect(date).toBeInstanceOf(Date);
    expect(Math.abs((date as Date).getTime() - Date.now())).toBeLessThan(60_000);
    expect(answers).toEqual([
      'Other: Farmhouse',
      'Above ₹1 crore',
      'No',
      'Gym, parking, sauna',
      'Kitchen: Must have; balcony: Nice to have',
      new Date(Date.UTC(2027, 2, 15)),
      'Near a school',
    ]);
    // Questions left unanswered are empty cells.
    expect(rowValues(sheet, 3)).toEqual([second, expect.any(Date), 'Apartment', '₹50 lakh – ₹1 crore', 'Yes']);

    const emails = workbook.getWorksheet('E-mails')!;
    expect(rowValues(emails, 1)).toEqual(['Email', 'Date', 'Completed']);
    const records = [2, 3, 4].map((i) => rowValues(emails, i));
    expect(records.map((r) => [r[0], r[2]])).toEqual([
      [email, 'Yes'],
      [second, 'Yes'],
      ['started-only@example.com', 'No'],
    ]);
    expect(records.every((r) => r[1] instanceof Date)).toBe(true);
  });

  it('neutralises text that a spreadsheet would run as a formula', async () => {
    const survey = {
      elements: [
        { type: 'text', name: 'a', title: '=TITLE()' },
        { type: 'text', name: 'b' },
        { type: 'text', name: 'c' },
        { type: 'text', name: 'd' },
        { type: 'text', name: 'e' },
        { type: 'text', name: 'f' },
        { type: 'text', name: 'g' },
      ],
    };
    const id = await createCampaign(ctx, { questions: JSON.stringify(survey) });
    const email = 'formula@example.com';
    const answer = { a: '=HYPERLINK("http://evil","x")', b: '+1+1', c: '-2+3', d: '@SUM(A1)', e: '\tcmd', f: '\rcmd', g: 'plain = text' };
    expect((await respond(ctx, id, email, await addEmail(ctx, email, id), answer)).statusCode).toBe(200);

    const res = await ctx.asStaff({ method: 'GET', url: `/api/campaign/download/${id}` });
    const sheet = (await readWorkbook(res.rawPayload)).getWorksheet('Responses')!;
    expect(rowValues(sheet, 1)[2]).toBe("'=TITLE()");
    const values = rowValues(sheet, 2).slice(2);
    // XML readers turn a bare CR into LF, hence the looser check for f.
    expect(values).toEqual(["'=HYPERLINK(\"http://evil\",\"x\")", "'+1+1", "'-2+3", "'@SUM(A1)", "'\tcmd", expect.stringMatching(/^'[\r\n]cmd$/), 'plain = text']);
    // No cell of the sheet is a formula.
    sheet.eachRow((row) => row.eachCell((c) => expect(c.type).not.toBe(ExcelJS.ValueType.Formula)));
  });

  it('exports thousands of responses across read batches in order', async () => {
    const id = await createCampaign(ctx, { questions: surveyText(HOME_SURVEY) });
    const now = Date.now();
    // Straight into the database: the API path is covered above, this checks batching.
    const records = Array.from({ length: 4500 }, (_, i) => ({
      id: `rec-${String(i).padStart(5, '0')}`,
      email: `bulk${i}@example.com`,
      campaignId: id,
      isCompleted: true,
      createdAt: new Date(now + Math.floor(i / 3)),
    }));
    for (let i = 0; i < records.length; i += 500) await ctx.database.db.insertInto('emailRecords').values(records.slice(i, i + 500)).execute();
    const responses = records.map((r, i) => ({
      id: `res-${String(i).padStart(5, '0')}`,
      campaignId: id,
      emailRecordId: r.id,
      email: r.email,
      answer: JSON.stringify({ notes: `n${i}` }),
      createdAt: r.createdAt,
    }));
    for (let i = 0; i < responses.length; i += 500) await ctx.database.db.insertInto('surveyResponses').values(responses.slice(i, i + 500)).execute();

    const res = await ctx.asStaff({ method: 'GET', url: `/api/campaign/download/${id}` });
    const workbook = await readWorkbook(res.rawPayload);
    const sheet = workbook.getWorksheet('Responses')!;
    expect(sheet.rowCount).toBe(4501);
    const notes: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) notes.push(String(row.getCell(9).value));
    });
    expect(notes).toEqual(responses.map((_, i) => `n${i}`));
    expect(workbook.getWorksheet('E-mails')!.rowCount).toBe(4501);
  });
});
