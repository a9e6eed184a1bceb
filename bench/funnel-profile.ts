// Where GET /api/funnel spends its time (decision 0068): seeds bench/funnel.ts's leads once into a
// database kept between runs (a SQLite file under the system's temporary folder, or a PostgreSQL
// database `funnel_profile_<leads>`), migrates it to the latest migration, then times the funnel's
// parts and every statement each part runs (median of CALLS calls after warm-ups).
// Run: node --import tsx bench/funnel-profile.ts [leads] [--db=sqlite|postgres] [--reseed]
// (BENCH_DATABASE_URL / TEST_DATABASE_URL: the PostgreSQL server).
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql, type Kysely, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type UnknownRow } from 'kysely';
import { createDatabase } from '#server/db/database';
import { migrateToLatest } from '#server/db/migrate';
import type { DatabaseConfig } from '#server/config';
import { funnel as funnelOf } from '#server/features/funnel/funnel.service';
import { seedFunnelBench } from './funnel';

const CALLS = 9;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Records each statement's text and the time from its compilation to its result. */
class StatementTimer implements KyselyPlugin {
  started = new Map<unknown, { text: string; t0: number }>();
  times = new Map<string, number[]>();
  constructor(private readonly compile: (args: PluginTransformQueryArgs) => string) {}
  transformQuery(args: PluginTransformQueryArgs) {
    this.started.set(args.queryId, { text: this.compile(args), t0: performance.now() });
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const s = this.started.get(args.queryId);
    if (s) {
      this.started.delete(args.queryId);
      const list = this.times.get(s.text) ?? [];
      list.push(performance.now() - s.t0);
      this.times.set(s.text, list);
    }
    return args.result;
  }
}

const count = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 100_000);
const dialect = (process.argv.find((a) => a.startsWith('--db='))?.slice(5) ?? 'sqlite') as DatabaseConfig['dialect'];
const reseed = process.argv.includes('--reseed');
const name = `funnel_profile_${count}`;
let config: DatabaseConfig;
let fresh = reseed;
if (dialect === 'sqlite') {
  const file = path.join(tmpdir(), `${name}.sqlite`);
  if (reseed) for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
  fresh ||= !existsSync(file);
  config = { dialect, file };
} else {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  if (reseed) await admin.query(`drop database if exists ${name} with (force)`);
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (!exists) await admin.query(`create database ${name}`);
  await admin.end();
  fresh ||= !exists;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  config = { dialect, url: url.toString() };
}
const database = createDatabase(config);
const t0 = performance.now();
if (fresh) await seedFunnelBench(database, dialect, count);
else {
  await migrateToLatest(database.db as Kysely<unknown>);
  await sql`analyze`.execute(database.db);
}
console.log(`${dialect}: ${fresh ? 'seeded' : 'migrated'} in ${Math.round(performance.now() - t0)} ms`);

const campaignId = (await database.db.selectFrom('campaigns').select('id').where('name', '=', 'Campaign 0').executeTakeFirstOrThrow()).id;
const timeZone = 'Asia/Kolkata';
const queries = { none: {}, campaign: { campaignId }, months: { from: '2026-02-01', to: '2026-04-30' } } as const;
for (const [label, q] of Object.entries(queries)) {
  const timer = new StatementTimer((args) => database.db.getExecutor().compileQuery(args.node, args.queryId).sql.replace(/\s+/g, ' ').slice(0, 400));
  const db = database.db.withPlugin(timer);
  const total: number[] = [];
  for (let i = 0; i < CALLS + 2; i++) {
    if (i === 2) timer.times.clear();
    const t = performance.now();
    await funnelOf(db, q, timeZone, 'kept');
    if (i >= 2) total.push(performance.now() - t);
  }
  console.log(`\n${label}: funnel (service) ${median(total).toFixed(1)} ms`);
  for (const [kind, ms] of timer.times)
    console.log(
      `  ${ms.length / CALLS} per call, median ${median(ms).toFixed(1)} ms, sum/call ${(ms.reduce((a, b) => a + b, 0) / CALLS).toFixed(1)} ms: ${kind.slice(0, 160)}`,
    );
}
await database.close();
