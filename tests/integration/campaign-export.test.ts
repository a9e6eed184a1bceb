import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { once } from 'node:events';
import http, { type IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { sql, type KyselyPlugin } from 'kysely';
import { expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { writeCampaignWorkbook } from '#server/features/results/campaign-export';
import { getCampaign } from '#server/features/surveys/campaigns.service';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { addEmail, createActiveCampaign, HOME_SURVEY, respond, surveyText } from '../factories/campaigns';
import { leadsOf } from '../factories/people';
import { waitFor } from '../helpers/wait';
import { readZip } from '../helpers/zip';
import { readWorkbook, rowValues } from '../helpers/xlsx';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/surveys/${name}.json`, import.meta.url), 'utf8');

/** Thousands of people, each with their lead, then the export: more than the default 30 s on a busy machine. */
const BULK_TIMEOUT = 90_000;

/** Responses straight into the database (the API path is covered separately): fast enough for thousands. */
async function insertResponses(ctx: TestContext, campaignId: string, count: number, answer: (i: number) => object) {
  const now = Date.now();
  const emails = Array.from({ length: count }, (_, i) => `bulk${i}@example.com`);
  const leadIds = await leadsOf(ctx.database.db, emails, campaignId);
  const records = emails.map((email, i) => ({
    id: `rec-${campaignId.slice(-6)}-${String(i).padStart(5, '0')}`,
    email,
    campaignId,
    isCompleted: true,
    createdAt: new Date(now + Math.floor(i / 3)),
    leadId: leadIds[i]!,
  }));
  for (let i = 0; i < records.length; i += 500)
    await ctx.database.db
      .insertInto('emailRecords')
      .values(records.slice(i, i + 500))
      .execute();
  const responses = records.map((r, i) => ({
    id: `res-${campaignId.slice(-6)}-${String(i).padStart(5, '0')}`,
    campaignId,
    emailRecordId: r.id,
    leadId: r.leadId,
    answer: JSON.stringify(answer(i)),
    createdAt: r.createdAt,
  }));
  for (let i = 0; i < responses.length; i += 500)
    await ctx.database.db
      .insertInto('surveyResponses')
      .values(responses.slice(i, i + 500))
      .execute();
}

/** Transactions left open on the test database (PostgreSQL; SQLite has none across requests). */
async function openTransactions(ctx: TestContext): Promise<number> {
  if (ctx.dialect !== 'postgres') return 0;
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`.execute(ctx.database.db);
  return rows[0]!.n;
}

/** The tables a query mentions, for plugins that watch or fail queries. */
const queryText = (node: unknown) => JSON.stringify(node, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value));

/** A GET on its own connection (no keep-alive pool that a test would have to wait out). */
function httpGet(url: string, token: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    http.get(url, { agent: false, headers: { authorization: `Bearer ${token}` } }, resolve).on('error', reject);
  });
}

/** Fat answers that do not compress: a few thousand rows are many MB of sheet XML. */
const fatAnswer = (i: number) => ({ notes: `n${i} ${randomBytes(1500).toString('base64')}` });

/** README "Channels": the channel and UTM columns come last in both sheets, after every column that was there. */
const SOURCE_HEADERS = ['Channel', 'UTM source', 'UTM medium', 'UTM campaign', 'UTM content', 'UTM term'];

describeEachDatabase('campaign export (.xlsx)', (ctx) => {
  it('streams an attachment named after the campaign with a timestamp', async () => {
    const id = await createActiveCampaign(ctx, { name: 'Dream "home" / 2026 ₹' });
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
    expect(rowValues(sheet, 1)).toEqual([
      'Email',
      'Date',
      'What kind of home?',
      'Budget',
      'Need a home loan?',
      'Must-have amenities',
      'Rooms',
      'Move-in date',
      'notes',
      ...SOURCE_HEADERS,
    ]);
    expect(sheet.rowCount).toBe(1);
  });

  it('writes readable values: choice texts, arrays, matrices, booleans, dates, "other" text', async () => {
    const id = await createActiveCampaign(ctx);
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
    // Written on the studio's clock (Asia/Kolkata, the default time-zone setting, UTC+5:30): an .xlsx date has no zone.
    expect(Math.abs((date as Date).getTime() - (Date.now() + 330 * 60_000))).toBeLessThan(60_000);
    expect(answers).toEqual([
      'Other (describe): Farmhouse',
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
    expect(rowValues(emails, 1)).toEqual(['Email', 'Date', 'Completed', ...SOURCE_HEADERS]);
    const records = [2, 3, 4].map((i) => rowValues(emails, i));
    expect(records.map((r) => [r[0], r[2]])).toEqual([
      [email, 'Yes'],
      [second, 'Yes'],
      ['started-only@example.com', 'No'],
    ]);
    expect(records.every((r) => r[1] instanceof Date)).toBe(true);
  });

  it('writes every answer as a text cell with its exact characters; formula-like ones get quotePrefix, never an apostrophe', async () => {
    const survey = {
      elements: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((name) => ({ type: 'text', name, title: name === 'a' ? '=TITLE()' : name })),
    };
    const id = await createActiveCampaign(ctx, { questions: JSON.stringify(survey) });
    const email = 'formula@example.com';
    const answer = {
      a: '+91 98450 00000',
      b: '-2 floors',
      c: '=HYPERLINK("http://evil","x")',
      d: '@SUM(A1)',
      e: '\tcmd',
      f: 'plain = text',
      g: "'quoted'",
      h: '  spaced  ',
    };
    expect((await respond(ctx, id, email, await addEmail(ctx, email, id), answer)).statusCode).toBe(200);

    const res = await ctx.asStaff({ method: 'GET', url: `/api/campaign/download/${id}` });
    const sheet = (await readWorkbook(res.rawPayload)).getWorksheet('Responses')!;
    expect(rowValues(sheet, 1)[2]).toBe('=TITLE()');
    expect(rowValues(sheet, 2).slice(2)).toEqual([
      '+91 98450 00000',
      '-2 floors',
      '=HYPERLINK("http://evil","x")',
      '@SUM(A1)',
      '\tcmd',
      'plain = text',
      "'quoted'",
      '  spaced  ',
    ]);
    // No cell of the sheet is a formula; every answer is text.
    sheet.eachRow((row) => row.eachCell((c) => expect(c.type).not.toBe(ExcelJS.ValueType.Formula)));
    for (let col = 3; col <= 10; col++) expect(sheet.getRow(2).getCell(col).type).toBe(ExcelJS.ValueType.String);
    // The Date column keeps the time of day.
    expect(sheet.getCell('B2').numFmt).toBe('dd-mm-yyyy hh:mm');

    // ExcelJS does not read quotePrefix: look at the cell styles in the file itself.
    const files = new Map(readZip(res.rawPayload).map((f) => [f.name, f.data.toString('utf8')]));
    const xfs = [
      ...files
        .get('xl/styles.xml')!
        .split('<cellXfs')[1]!
        .split('</cellXfs>')[0]!
        .matchAll(/<xf [^>]*>/g),
    ].map((m) => m[0]);
    const quoted = (ref: string) => {
      const cell = new RegExp(`<c r="${ref}"([^>]*)>`).exec(files.get('xl/worksheets/sheet1.xml')!);
      expect(cell, ref).not.toBeNull();
      const style = /s="(\d+)"/.exec(cell![1]!);
      return style !== null && /quotePrefix="1"/.test(xfs[Number(style[1])]!);
    };
    expect(['C1', 'C2', 'D2', 'E2', 'F2', 'G2'].filter((ref) => !quoted(ref))).toEqual([]);
    expect(['H2', 'I2', 'J2', 'A2'].filter((ref) => quoted(ref))).toEqual([]);
  });

  it('takes its columns from the survey: "price, INR" stays one column, comments and calculated values get columns, labels and "signed"', async () => {
    const price = await createActiveCampaign(ctx, { questions: fixture('price-comma') });
    await respond(ctx, price, 'price@example.com', await addEmail(ctx, 'price@example.com', price), { 'price, INR': 4500000, phone: '+91 98450 00000' });
    let sheet = (await readWorkbook((await ctx.asStaff({ method: 'GET', url: `/api/campaign/download/${price}` })).rawPayload)).getWorksheet('Responses')!;
    expect(rowValues(sheet, 1)).toEqual(['Email', 'Date', 'price, INR', 'Phone', 'Anything else?', ...SOURCE_HEADERS]);
    expect(rowValues(sheet, 2).slice(2)).toEqual([4500000, '+91 98450 00000']);

    const rooms = await createActiveCampaign(ctx, { questions: fixture('comments-calculated') });
    const answer = {
      bedrooms: 3,
      'bedrooms-Comment': 'One for guests',
      bathrooms: 2,
      garden: false,
      signature: 'data:image/png;base64,AAAA',
      totale: 5,
      hidden: 1,
    };
    await respond(ctx, rooms, 'rooms@example.com', await addEmail(ctx, 'rooms@example.com', rooms), answer);
    sheet = (await readWorkbook((await ctx.asStaff({ method: 'GET', url: `/api/campaign/download/${rooms}` })).rawPayload)).getWorksheet('Responses')!;
    expect(rowValues(sheet, 1)).toEqual([
      'Email',
      'Date',
      'Bedrooms',
      'Bedrooms — comment',
      'Bathrooms',
      'Bathrooms — comment',
      'Garden',
      'Signature',
      'totale',
      ...SOURCE_HEADERS,
    ]);
    const row = rowValues(sheet, 2);
    expect(row.slice(2)).toEqual(['3', 'One for guests', 2, undefined, 'No garden', 'signed', 5]);
  });

  it('exports a survey with "locale": "de" in German, the default text as fallback', async () => {
    const id = await createActiveCampaign(ctx, { questions: fixture('german') });
    await respond(ctx, id, 'de@example.com', await addEmail(ctx, 'de@example.com', id), { kind: 'flat', city: 'Berlin' });
    await respond(ctx, id, 'de2@example.com', await addEmail(ctx, 'de2@example.com', id), { kind: 'villa' });
    const sheet = (await readWorkbook((await ctx.asStaff({ method: 'GET', url: `/api/campaign/download/${id}` })).rawPayload)).getWorksheet('Responses')!;
    expect(rowValues(sheet, 1)).toEqual(['Email', 'Date', 'Welche Art von Zuhause?', 'City', ...SOURCE_HEADERS]);
    expect(rowValues(sheet, 2).slice(2)).toEqual(['Wohnung', 'Berlin']);
    expect(rowValues(sheet, 3).slice(2)).toEqual(['Villa']);
  });

  it('nests a matrix inside a dynamic panel (type spelled "Paneldynamic") so each row is clearly its panel\'s', async () => {
    const id = await createActiveCampaign(ctx, { questions: fixture('family-history') });
    const relatives = [
      { relative: 'Mother', illnesses: [{ illness: 'Diabetes', since: '2010' }, { illness: 'Asthma' }] },
      { relative: 'Father', illnesses: [{ illness: 'Gout' }] },
    ];
    await respond(ctx, id, 'fh@example.com', await addEmail(ctx, 'fh@example.com', id), { relatives });
    const sheet = (await readWorkbook((await ctx.asStaff({ method: 'GET', url: `/api/campaign/download/${id}` })).rawPayload)).getWorksheet('Responses')!;
    expect(rowValues(sheet, 1)).toEqual(['Email', 'Date', 'Family history', ...SOURCE_HEADERS]);
    expect(rowValues(sheet, 2)[2]).toBe(
      'Panel 1: Relative: Mother, Illnesses: [Row 1: Illness = Diabetes, Since = 2010; Row 2: Illness = Asthma]; Panel 2: Relative: Father, Illnesses: [Row 1: Illness = Gout]',
    );
  });

  it(
    'exports thousands of responses across read batches in order',
    async () => {
      const id = await createActiveCampaign(ctx, { questions: surveyText(HOME_SURVEY) });
      await insertResponses(ctx, id, 4500, (i) => ({ notes: `n${i}` }));

      const res = await ctx.asStaff({ method: 'GET', url: `/api/campaign/download/${id}` });
      const workbook = await readWorkbook(res.rawPayload);
      const sheet = workbook.getWorksheet('Responses')!;
      expect(sheet.rowCount).toBe(4501);
      const notes: string[] = [];
      sheet.eachRow((row, n) => {
        if (n > 1) notes.push(String(row.getCell(9).value));
      });
      expect(notes).toEqual(Array.from({ length: 4500 }, (_, i) => `n${i}`));
      expect(workbook.getWorksheet('E-mails')!.rowCount).toBe(4501);
    },
    BULK_TIMEOUT,
  );

  it(
    'waits for a slow client, and stops reading when it goes away',
    async () => {
      const id = await createActiveCampaign(ctx, { questions: surveyText(HOME_SURVEY) });
      await insertResponses(ctx, id, 8000, fatAnswer);
      const campaign = await getCampaign(ctx.database.db, id);
      const tables: string[] = [];
      const watch: KyselyPlugin = {
        transformQuery: (args) => {
          tables.push(queryText(args.node).match(/survey_?[rR]esponses|email_?[rR]ecords/)?.[0] ?? 'other');
          return args.node;
        },
        transformResult: async (args) => args.result,
      };
      // Nobody reads `out`: the export must stop and wait, not buffer the whole workbook.
      const out = new PassThrough({ highWaterMark: 1024 });
      const done = writeCampaignWorkbook(ctx.database.db.withPlugin(watch), ctx.dialect, campaign, out);
      await sleep(300);
      // Its buffer, plus the one compressed chunk (64 KB) that found it full.
      expect(out.readableLength).toBeLessThan(2 * 64 * 1024);
      out.destroy();
      await done;
      // Never got to the e-mail records; on SQLite (a query per batch of 1,000) not through all responses either.
      expect(tables.filter((t) => /email/.test(t))).toEqual([]);
      if (ctx.dialect === 'sqlite') expect(tables.length).toBeLessThan(8);
      // PostgreSQL: the cursor's transaction is over.
      await waitFor(async () => (await openTransactions(ctx)) === 0, 5000, { intervalMs: 20, what: 'no transaction left open' });
    },
    BULK_TIMEOUT,
  );

  it(
    'a client that leaves mid-download leaves nothing behind, and the server carries on',
    async () => {
      const id = await createActiveCampaign(ctx, { questions: surveyText(HOME_SURVEY) });
      await insertResponses(ctx, id, 6000, fatAnswer);
      const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const res = await httpGet(`${address}/api/campaign/download/${id}`, await ctx.staffToken());
      expect(res.statusCode).toBe(200);
      await once(res, 'readable');
      res.destroy();

      // Other requests are answered while and after the export winds down.
      expect((await ctx.asStaff({ method: 'GET', url: '/api/campagin/all' })).statusCode).toBe(200);
      await waitFor(async () => (await openTransactions(ctx)) === 0, 5000, { intervalMs: 20, what: 'no transaction left open' });
      // And the next download is whole.
      const again = await ctx.asStaff({ method: 'GET', url: `/api/campaign/download/${id}` });
      expect((await readWorkbook(again.rawPayload)).getWorksheet('Responses')!.rowCount).toBe(6001);
    },
    BULK_TIMEOUT,
  );

  it('a database error mid-export aborts the download rather than ending it as if whole', async () => {
    const id = await createActiveCampaign(ctx, { questions: surveyText(HOME_SURVEY) });
    await insertResponses(ctx, id, 10, (i) => ({ notes: `n${i}` }));
    const failing: KyselyPlugin = {
      transformQuery: (args) => {
        // The E-mails sheet's read (the Responses sheet's reads join the records for the address too).
        const text = queryText(args.node);
        if (/email_?[rR]ecords/.test(text) && !/survey_?[rR]esponses/.test(text)) throw new Error('the database went away');
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    // A second app over the same database, whose e-mail record reads fail: the Responses sheet is
    // written (status and headers sent), then the E-mails sheet fails.
    const app = await buildApp(ctx.config, { database: { ...ctx.database, db: ctx.database.db.withPlugin(failing) }, logger: false });
    try {
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const res = await httpGet(`${address}/api/campaign/download/${id}`, await ctx.staffToken());
      expect(res.statusCode).toBe(200);
      res.on('error', () => {}); // "aborted": what this test expects
      res.resume();
      await new Promise((resolve) => res.on('close', resolve));
      expect(res.complete).toBe(false);
      await waitFor(async () => (await openTransactions(ctx)) === 0, 5000, { intervalMs: 20, what: 'no transaction left open' });
    } finally {
      await app.close();
    }
  });
});
