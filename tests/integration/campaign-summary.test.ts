import type ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CampaignSummaryResult, QuestionSummary } from '#shared/results/campaign-summary.contract';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { createSummaryCampaign } from '../factories/campaigns';
import { leadOf } from '../factories/people';
import { readWorkbook, rowValues, sheetRows } from '../helpers/xlsx';

interface Visitor {
  key: string;
  given: string;
  response?: { at: string; answer: object };
  progress?: { at: string; furthest: number; answer: object };
}

/**
 * r1–r3 completed, r4–r5 unfinished, r6 only gave an e-mail. Every figure below is counted by hand
 * from this table.
 */
const VISITORS: Visitor[] = [
  {
    key: 'r1',
    given: '2026-03-01T09:00:00Z',
    response: {
      at: '2026-03-01T10:00:00Z',
      answer: { kind: 'a', amen: ['gym', 'pool'], stars: 5, loan: true, size: 100, notes: 'n1', rooms: { kitchen: 1, balcony: 2 } },
    },
  },
  {
    key: 'r2',
    given: '2026-03-01T11:00:00Z',
    response: { at: '2026-03-02T09:00:00Z', answer: { kind: 'v', amen: ['gym'], stars: 3, loan: false, size: 300, notes: 'n2', rooms: { kitchen: 1 } } },
  },
  {
    key: 'r3',
    given: '2026-03-03T11:00:00Z',
    response: { at: '2026-03-03T12:00:00Z', answer: { kind: 'a', amen: [], stars: 4, loan: true, size: 200, rooms: { kitchen: 2, balcony: 2 } } },
  },
  { key: 'r4', given: '2026-03-02T14:00:00Z', progress: { at: '2026-03-02T15:00:00Z', furthest: 1, answer: { kind: 'v', amen: ['pool'], stars: 1 } } },
  { key: 'r5', given: '2026-03-03T07:00:00Z', progress: { at: '2026-03-03T08:00:00Z', furthest: 0, answer: { kind: 'a' } } },
  { key: 'r6', given: '2026-03-04T07:00:00Z' },
];

async function seed(ctx: TestContext): Promise<string> {
  const campaignId = await createSummaryCampaign(ctx);
  const db = ctx.database.db;
  for (const v of VISITORS) {
    const id = `${campaignId}-${v.key}`;
    const email = `${v.key}@example.com`;
    const leadId = await leadOf(db, email, campaignId, new Date(v.given));
    await db
      .insertInto('emailRecords')
      .values({ id, email, campaignId, isCompleted: Boolean(v.response), createdAt: new Date(v.given), leadId })
      .execute();
    if (v.response) {
      await db
        .insertInto('surveyResponses')
        .values({ id: `${id}-res`, campaignId, emailRecordId: id, leadId, answer: JSON.stringify(v.response.answer), createdAt: new Date(v.response.at) })
        .execute();
    }
    if (v.progress) {
      const at = new Date(v.progress.at);
      await db
        .insertInto('surveyProgress')
        .values({
          emailRecordId: id,
          campaignId,
          answer: JSON.stringify(v.progress.answer),
          page: v.progress.furthest,
          furthestPage: v.progress.furthest,
          createdAt: at,
          updatedAt: at,
        })
        .execute();
    }
  }
  return campaignId;
}

function question<T extends QuestionSummary['type']>(summary: CampaignSummaryResult, name: string, type: T): Extract<QuestionSummary, { type: T }> {
  const q = summary.questions.find((x) => x.name === name);
  expect(q?.type).toBe(type);
  return q as Extract<QuestionSummary, { type: T }>;
}

const counts = (choices: { value: unknown; count: number }[]) => Object.fromEntries(choices.map((c) => [String(c.value), c.count]));

/** A sheet's rows after the header, as arrays of cell values. */
const dataRows = (sheet: ExcelJS.Worksheet) => sheetRows(sheet, 2);

describeEachDatabase('campaign summary and result filters', (ctx) => {
  let id: string;
  const summary = async (query = ''): Promise<CampaignSummaryResult> => {
    const res = await ctx.asStaff({ method: 'GET', url: `/api/campaign/summary/${id}${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CampaignSummaryResult>();
  };

  beforeAll(async () => {
    id = await seed(ctx);
  });

  describe('completed responses', () => {
    it('counts every kind of question by hand', async () => {
      const s = await summary('?status=completed');
      expect(s).toMatchObject({ total: 3, completed: 3, unfinished: 2 });

      const kind = question(s, 'kind', 'choices');
      expect(kind).toMatchObject({ title: 'Kind of home', answered: 3, multiple: false });
      expect(kind.stats.choices).toEqual([
        { value: 'a', text: 'Apartment', count: 2 },
        { value: 'v', text: 'Villa', count: 1 },
      ]);

      const amen = question(s, 'amen', 'choices');
      expect(amen).toMatchObject({ answered: 2, multiple: true });
      expect(counts(amen.stats.choices)).toEqual({ gym: 2, pool: 1, parking: 0 });

      const stars = question(s, 'stars', 'rating');
      expect(stars.answered).toBe(3);
      expect(stars.stats.average).toBe(4);
      expect(counts(stars.stats.distribution)).toEqual({ 1: 0, 2: 0, 3: 1, 4: 1, 5: 1 });

      const loan = question(s, 'loan', 'boolean');
      expect(loan.stats.choices).toEqual([
        { value: true, text: 'Yes', count: 2 },
        { value: false, text: 'No', count: 1 },
      ]);

      const size = question(s, 'size', 'number');
      expect(size.answered).toBe(3);
      expect(size.stats).toMatchObject({ min: 100, median: 200, max: 300 });
      expect(size.stats.histogram).toEqual([
        { from: 100, to: 166.67, count: 1 },
        { from: 166.67, to: 233.33, count: 1 },
        { from: 233.33, to: 300, count: 1 },
      ]);

      const notes = question(s, 'notes', 'text');
      expect(notes.answered).toBe(2);
      expect(notes.stats.latest).toEqual(['n2', 'n1']);

      const rooms = question(s, 'rooms', 'matrix');
      expect(rooms.answered).toBe(3);
      expect(rooms.stats.rows.map((r) => [r.text, counts(r.choices)])).toEqual([
        ['Kitchen', { 1: 2, 2: 1 }],
        ['Balcony', { 1: 0, 2: 2 }],
      ]);

      expect(s.perDay).toEqual([
        { date: '2026-03-01', count: 1 },
        { date: '2026-03-02', count: 1 },
        { date: '2026-03-03', count: 1 },
      ]);
    });

    it('the funnel: e-mails given, started, each later page reached, completed', async () => {
      const s = await summary();
      expect(s.funnel).toEqual([
        { step: 'emails', label: 'E-mails given', count: 6 },
        { step: 'started', label: 'Survey started', count: 5 },
        { step: 'page-2', label: 'Reached page 2: The home', count: 4 },
        { step: 'completed', label: 'Completed', count: 3 },
      ]);
    });
  });

  it('defaults to completed responses: the summary, the answers table and the .xlsx alike', async () => {
    const plain = await summary();
    expect(plain).toEqual(await summary('?status=completed'));
    expect(plain).toMatchObject({ total: 3, completed: 3, unfinished: 2 });
    expect(counts(question(plain, 'kind', 'choices').stats.choices)).toEqual({ a: 2, v: 1 });
    expect(plain.perDay.map((d) => d.count)).toEqual([1, 1, 1]);
    // A filter without a status keeps the default too.
    expect(await summary('?kind=a')).toEqual(await summary('?status=completed&kind=a'));

    const answers = await ctx.asStaff({ method: 'GET', url: `/api/campaign/answers/${id}?kind=v` });
    expect(answers.json<{ email: string }[]>().map((r) => r.email)).toEqual(['r2@example.com']);

    const download = await ctx.asStaff({ method: 'GET', url: `/api/campaign/download/${id}?kind=v` });
    const book = await readWorkbook(download.rawPayload);
    expect(rowValues(book.getWorksheet('Responses')!, 1)).not.toContain('Completed');
    expect(dataRows(book.getWorksheet('Responses')!).map((r) => r[0])).toEqual(['r2@example.com']);
  });

  it('status all and unfinished add the answers kept from unfinished surveys', async () => {
    const all = await summary('?status=all');
    expect(all).toMatchObject({ total: 5, completed: 3, unfinished: 2 });
    expect(counts(question(all, 'kind', 'choices').stats.choices)).toEqual({ a: 3, v: 2 });
    expect(question(all, 'amen', 'choices')).toMatchObject({ answered: 3 });
    expect(counts(question(all, 'amen', 'choices').stats.choices)).toEqual({ gym: 2, pool: 2, parking: 0 });
    expect(question(all, 'stars', 'rating').stats.average).toBe(3.25);
    expect(all.perDay).toEqual([
      { date: '2026-03-01', count: 1 },
      { date: '2026-03-02', count: 2 },
      { date: '2026-03-03', count: 2 },
    ]);

    const open = await summary('?status=unfinished');
    expect(open).toMatchObject({ total: 2, completed: 3, unfinished: 2 });
    expect(counts(question(open, 'kind', 'choices').stats.choices)).toEqual({ a: 1, v: 1 });
    expect(question(open, 'size', 'number').stats).toEqual({ min: null, median: null, max: null, histogram: [] });
  });

  it('a date range: both days included, zeros listed, the funnel over e-mails given in it', async () => {
    const s = await summary('?status=completed&from=2026-03-02&to=2026-03-04');
    expect(s).toMatchObject({ total: 2, completed: 2, unfinished: 2 });
    expect(counts(question(s, 'kind', 'choices').stats.choices)).toEqual({ a: 1, v: 1 });
    expect(question(s, 'size', 'number').stats).toMatchObject({ min: 200, median: 250, max: 300 });
    expect(s.perDay).toEqual([
      { date: '2026-03-02', count: 1 },
      { date: '2026-03-03', count: 1 },
      { date: '2026-03-04', count: 0 },
    ]);
    // Given 03-02..03-04: r3, r4, r5, r6.
    expect(s.funnel.map((f) => f.count)).toEqual([4, 3, 2, 1]);
  });

  it('"the answer to X is Y": single choice, one of several picks, a rating', async () => {
    const a = await summary('?status=all&kind=a');
    expect(a).toMatchObject({ total: 3, completed: 2, unfinished: 1 });
    expect(question(a, 'stars', 'rating').stats.average).toBe(4.5);
    expect(a.funnel.map((f) => f.count)).toEqual([3, 3, 2, 2]);

    const pool = await summary('?status=completed&amen=pool');
    expect(pool.total).toBe(1);
    expect(question(pool, 'size', 'number').stats).toEqual({ min: 100, median: 100, max: 100, histogram: [{ from: 100, to: 100, count: 1 }] });

    const three = await summary('?status=completed&stars=3');
    expect(three.total).toBe(1);
    expect(question(three, 'notes', 'text').stats.latest).toEqual(['n2']);

    const both = await summary('?status=all&kind=a&amen=gym');
    expect(both).toMatchObject({ total: 1, completed: 1, unfinished: 0 });
  });

  it('the answers table follows the filters, and answers as before without them', async () => {
    const plain = await ctx.asStaff({ method: 'GET', url: `/api/campaign/answers/${id}` });
    expect(plain.statusCode).toBe(200);
    const rows = plain.json<Record<string, unknown>[]>();
    expect(rows.map((r) => r.email)).toEqual(['r3@example.com', 'r2@example.com', 'r1@example.com']);
    expect(Object.keys(rows[0]!).sort()).toEqual(['_id', 'date', 'email', 'result']);

    const filtered = await ctx.asStaff({ method: 'GET', url: `/api/campaign/answers/${id}?status=all&kind=a` });
    expect(filtered.statusCode).toBe(200);
    expect(filtered.json<{ email: string; completed: boolean }[]>().map((r) => [r.email, r.completed])).toEqual([
      ['r3@example.com', true],
      ['r5@example.com', false],
      ['r1@example.com', true],
    ]);

    const dated = await ctx.asStaff({ method: 'GET', url: `/api/campaign/answers/${id}?from=2026-03-02&to=2026-03-02&limit=10` });
    expect(dated.json<{ email: string }[]>().map((r) => r.email)).toEqual(['r2@example.com']);
  });

  it('the .xlsx follows the filters: both sheets', async () => {
    const res = await ctx.asStaff({ method: 'GET', url: `/api/campaign/download/${id}?status=completed&from=2026-03-02` });
    expect(res.statusCode).toBe(200);
    const workbook = await readWorkbook(res.rawPayload);
    const responses = workbook.getWorksheet('Responses')!;
    expect(rowValues(responses, 1)).toEqual([
      'Email',
      'Date',
      'Kind of home',
      'Amenities',
      'Stars',
      'Loan?',
      'Size',
      'Notes',
      'Rooms',
      'Channel',
      'UTM source',
      'UTM medium',
      'UTM campaign',
      'UTM content',
      'UTM term',
    ]);
    expect(dataRows(responses).map((r) => r[0])).toEqual(['r2@example.com', 'r3@example.com']);
    expect(dataRows(workbook.getWorksheet('E-mails')!).map((r) => [r[0], r[2]])).toEqual([['r3@example.com', 'Yes']]);

    const villa = await ctx.asStaff({ method: 'GET', url: `/api/campaign/download/${id}?status=all&kind=v` });
    const book = await readWorkbook(villa.rawPayload);
    const sheet = book.getWorksheet('Responses')!;
    // Completed after the questions, where it always was; the channel and UTM columns after it (README "Channels").
    expect(rowValues(sheet, 1).slice(9)).toEqual(['Completed', 'Channel', 'UTM source', 'UTM medium', 'UTM campaign', 'UTM content', 'UTM term']);
    expect(dataRows(sheet).map((r) => [r[0], r[2], r.at(-1)])).toEqual([
      ['r2@example.com', 'Villa', 'Yes'],
      ['r4@example.com', 'Villa', 'No'],
    ]);
    expect(dataRows(book.getWorksheet('E-mails')!).map((r) => r[0])).toEqual(['r2@example.com', 'r4@example.com']);

    const whole = await ctx.asStaff({ method: 'GET', url: `/api/campaign/download/${id}` });
    const everything = await readWorkbook(whole.rawPayload);
    expect(dataRows(everything.getWorksheet('Responses')!)).toHaveLength(3);
    expect(dataRows(everything.getWorksheet('E-mails')!)).toHaveLength(6);
  });

  it('refuses bad filters with a clear 400', async () => {
    const cases: [string, RegExp][] = [
      ['?nope=1', /no choice question named "nope"/],
      ['?notes=x', /no choice question named "notes"/],
      ['?from=2026-13-01', /YYYY-MM-DD/],
      ['?from=2026-03-05&to=2026-03-01', /start date/],
      ['?status=done', /completed, unfinished or all/],
      ['?kind=a&kind=v', /one value/],
    ];
    for (const [query, message] of cases) {
      for (const path of ['summary', 'answers', 'download']) {
        const res = await ctx.asStaff({ method: 'GET', url: `/api/campaign/${path}/${id}${query}` });
        expect(res.statusCode, `${path}${query}`).toBe(400);
        const body = res.json<{ message: string; code: string; errors?: { message: string }[] }>();
        expect(body.code).toBe('VALIDATION');
        expect(`${body.message} ${JSON.stringify(body.errors ?? [])}`).toMatch(message);
      }
    }
  });

  it('401 without a token, 404 for an unknown campaign', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: `/api/campaign/summary/${id}` })).statusCode).toBe(401);
    const missing = await ctx.asStaff({ method: 'GET', url: '/api/campaign/summary/nope' });
    expect(missing.statusCode).toBe(404);
  });
});
