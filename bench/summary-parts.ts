// Where the results summary's time goes (docs/decisions/0056): the two SQL aggregates (counts, funnel)
// and the whole summary (their time plus the fold over every answer), on the growth bench's rows;
// then the summary from the kept counts (the route's), for the default, a channel and one month,
// each checked to equal the rows' answer byte for byte.
// Run: node --import tsx bench/summary-parts.ts <rows> [sqlite|postgres]   (PostgreSQL: BENCH_DATABASE_URL
// or TEST_DATABASE_URL as the admin URL; the database is dropped at the end)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase, type DatabaseHandle } from '#server/db/database';
import { responseQueries } from '#server/features/responses';
import { campaignSummary, campaignSummaryFromRows } from '#server/features/results/campaign-summary.service';
import { readSurveySummary } from '#shared/survey-json/survey-questions';
import { dropPostgres, seededPostgres, seedRowsSqlite, type SeededRows } from './lib/seed-rows';

const rows = Number(process.argv[2] ?? 10_000);
const dialect = process.argv[3] === 'postgres' ? 'postgres' : 'sqlite';
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const pgName = `abode_summary_parts_${rows}`;
const dir = mkdtempSync(path.join(tmpdir(), 'summary-parts-'));

let seeded: SeededRows;
let database: DatabaseHandle;
if (dialect === 'sqlite') {
  seeded = await seedRowsSqlite(dir, rows);
  database = createDatabase({ dialect: 'sqlite', file: path.join(dir, 'abode.sqlite') });
} else {
  const pg = await seededPostgres(adminUrl, pgName, rows);
  seeded = pg.seeded;
  database = createDatabase({ dialect: 'postgres', url: pg.url });
}
try {
  const db = database.db;
  const campaign = await db.selectFrom('campaigns').select('questions').where('id', '=', seeded.campaignId).executeTakeFirstOrThrow();
  const pages = readSurveySummary(campaign.questions).pages.length;
  const time = async (name: string, f: () => Promise<unknown>) => {
    const t = performance.now();
    await f();
    console.log(`${dialect} ${rows}: ${name} ${Math.round(performance.now() - t)} ms`);
  };
  for (let round = 0; round < 2; round++) {
    await time('counts (countFiltered)', () => responseQueries.countFiltered(db, seeded.campaignId, { answers: [] }));
    await time('funnel (funnelCounts)', () => responseQueries.funnelCounts(db, seeded.campaignId, { answers: [] }, pages));
    await time('whole summary', () => campaignSummaryFromRows(db, dialect, seeded.campaignId, {}, 'Asia/Kolkata'));
  }
  const channel = await db
    .selectFrom('surveyResponses')
    .select('channelId')
    .where('campaignId', '=', seeded.campaignId)
    .where('channelId', 'is not', null)
    .executeTakeFirstOrThrow();
  const queries: Array<[string, Record<string, unknown>]> = [
    ['default', {}],
    ['a channel', { channelId: channel.channelId }],
    ['one month, all', { from: '2026-03-01', to: '2026-03-31', status: 'all' }],
  ];
  for (const [name, query] of queries) {
    const rowsAnswer = JSON.stringify(await campaignSummaryFromRows(db, dialect, seeded.campaignId, query, 'Asia/Kolkata'));
    for (let round = 0; round < 2; round++) {
      let answer = '';
      await time(
        `summary from counts (${name})`,
        async () => (answer = JSON.stringify(await campaignSummary(db, dialect, seeded.campaignId, query, 'Asia/Kolkata'))),
      );
      if (answer !== rowsAnswer) throw new Error(`the counts' summary (${name}) differs from the rows'`);
    }
  }
} finally {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
  if (dialect === 'postgres') await dropPostgres(adminUrl, pgName);
}
