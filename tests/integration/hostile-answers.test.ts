import { expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../helpers/app';
import { createActiveCampaign, createCampaign, addEmail, visitorEmail } from '../factories/campaigns';
import { readWorkbook, sheetRows } from '../helpers/xlsx';

// Issue 22 item 14: one hostile anonymous answer must not break staff results. Refused at the door
// (depth, well-formed Unicode), and the reads survive such rows already stored.
const SURVEY = JSON.stringify({
  pages: [{ name: 'p', elements: [
    { type: 'radiogroup', name: 'kind', title: 'Kind', choices: ['a', 'v'] },
    { type: 'text', name: 'notes', title: 'Notes' },
  ] }],
});

const nested = (depth: number): string => '{"x":'.repeat(depth) + '1' + '}'.repeat(depth);
const nestedArray = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);

describeEachDatabase('hostile answers already stored', (ctx) => {
  async function seeded(bad: string[]): Promise<string> {
    const campaignId = await createCampaign(ctx, { questions: SURVEY });
    const db = ctx.database.db;
    const rows = [JSON.stringify({ kind: 'a', notes: 'fine' }), ...bad, JSON.stringify({ kind: 'v', notes: 'also fine' })];
    for (const [i, answer] of rows.entries()) {
      const id = `${campaignId}-${i}`;
      await db.insertInto('emailRecords').values({ id, email: `h${i}@example.com`, campaignId, isCompleted: true, createdAt: new Date(Date.UTC(2026, 2, 1 + i)) }).execute();
      await db.insertInto('surveyResponses').values({ id: `${id}-r`, campaignId, emailRecordId: id, email: `h${i}@example.com`, answer, createdAt: new Date(Date.UTC(2026, 2, 1 + i)) }).execute();
      // The same answer unfinished, for the "all" and "unfinished" views.
      const pid = `${campaignId}-p${i}`;
      await db.insertInto('emailRecords').values({ id: pid, email: `p${i}@example.com`, campaignId, isCompleted: false, createdAt: new Date(Date.UTC(2026, 2, 1 + i)) }).execute();
      await db.insertInto('surveyProgress').values({ emailRecordId: pid, campaignId, answer, page: 0, furthestPage: 0, createdAt: new Date(Date.UTC(2026, 2, 1 + i)), updatedAt: new Date(Date.UTC(2026, 2, 1 + i)) }).execute();
    }
    return campaignId;
  }

  // SQLite's JSON functions refuse more than 1,000 levels; PostgreSQL's jsonb refuses \ud800.
  const hostile = [
    `{"kind":"a","notes":${nested(1001)}}`,
    `{"kind":${nestedArray(1001)}}`,
    '{"kind":"a","notes":"x\\ud800"}',
    '{"kind":"x\\udfff","notes":"y"}',
    '{"kind":"a","notes":"\\u0000"}',
  ];
  // SQLite reads any text safely; on PostgreSQL every stored answer is JSON.stringify's output.
  if (ctx.dialect === 'sqlite') hostile.push('not json at all');

  async function readsSurvive(campaignId: string, bad: number) {
    for (const status of ['completed', 'unfinished', 'all']) {
      for (const filter of ['', '&kind=a', '&kind=v&from=2026-03-01']) {
        const query = `?status=${status}${filter}`;
        const answers = await ctx.asStaff({ method: 'GET', url: `/api/campaign/answers/${campaignId}${query}` });
        expect(answers.statusCode, `answers ${query}`).toBe(200);
        const summary = await ctx.asStaff({ method: 'GET', url: `/api/campaign/summary/${campaignId}${query}` });
        expect(summary.statusCode, `summary ${query}`).toBe(200);
        const download = await ctx.asStaff({ method: 'GET', url: `/api/campaign/download/${campaignId}${query}` });
        expect(download.statusCode, `download ${query}`).toBe(200);
        // The whole file arrived and opens.
        const book = await readWorkbook(download.rawPayload);
        const rows = sheetRows(book.getWorksheet('Responses')!);
        if (filter === '&kind=v&from=2026-03-01' && status === 'completed') {
          expect(rows.length, `download ${query}`).toBe(2);
        }
      }
    }
    const plain = await ctx.asStaff({ method: 'GET', url: `/api/campaign/answers/${campaignId}?status=completed` });
    expect(plain.json(), 'every stored row is listed').toHaveLength(bad + 2);
    const good = await ctx.asStaff({ method: 'GET', url: `/api/campaign/answers/${campaignId}?status=completed&kind=v` });
    expect(good.json().map((r: { email: string }) => r.email)).toEqual([`h${bad + 1}@example.com`]);
  }

  it('answers filtered answers, summary and download in full with every kind of bad row stored', async () => {
    await readsSurvive(await seeded(hostile), hostile.length);
  });

  it('still answers with only one bad row stored (the issue\'s two cases)', async () => {
    await readsSurvive(await seeded(ctx.dialect === 'sqlite' ? [`{"kind":"a","notes":${nested(1001)}}`] : ['{"kind":"a","notes":"x\\ud800"}']), 1);
  });
});
