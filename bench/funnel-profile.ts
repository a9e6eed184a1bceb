// Where GET /api/funnel spends its time (decision 0068): seeds bench/funnel.ts's leads once into a
// database kept between runs (a SQLite file under the system's temporary folder, or a PostgreSQL
// database `funnel_profile_<leads>`), migrates it to the latest migration, then times the funnel's
// parts and every statement each part runs (median of CALLS calls after warm-ups).
// Run: node --import tsx bench/funnel-profile.ts [leads] [--db=sqlite|postgres] [--reseed] [--fast] [--http]
// (BENCH_DATABASE_URL / TEST_DATABASE_URL: the PostgreSQL server). --fast (PostgreSQL): the same leads,
// lead_campaigns and link visits made by generate_series with the triggers off, then the kept tables
// filled from the rows by the migrations' own fill statements (no e-mail records nor drop-off: the
// funnel alone; 1,000,000 leads in minutes instead of hours).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql, type Kysely, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type UnknownRow } from 'kysely';
import { createDatabase } from '#server/db/database';
import { migrateToLatest } from '#server/db/migrate';
import type { DatabaseConfig } from '#server/config';
import { funnel as funnelOf } from '#server/features/funnel/funnel.service';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '#server/db/schema';
import { fillStatements } from '#server/db/migrations/2026-12-05T0100-funnel-kept-counts';
import { fillValueStatements } from '#server/db/migrations/2026-12-06T0100-funnel-contact-values';
import { buildApp } from '#server/app';
import { createStaff } from '#server/features/auth/auth.service';
import { testConfig } from '../tests/helpers/app';
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

/** bench/funnel.ts's leads (same days, statuses, channels, steps and minutes to first contact), in a few statements. */
async function fastSeed(db: Kysely<Database>, leads: number) {
  await migrateToLatest(db as Kysely<unknown>);
  const at0 = new Date(Date.UTC(2026, 0, 1));
  const campaigns = [uuidv7(), uuidv7()];
  await db
    .insertInto('campaigns')
    .values(
      campaigns.map((id, i) => ({
        id,
        name: `Campaign ${i}`,
        questions: '{}',
        questioncolumns: '',
        leadFields: '{}',
        isActive: false,
        createdAt: at0,
        updatedAt: at0,
      })),
    )
    .execute();
  const channels = Array.from({ length: 12 }, (_, i) => ({
    id: uuidv7(),
    code: `b${String(i).padStart(6, '2')}`.slice(0, 7),
    name: `Channel ${i}`,
    campaignId: campaigns[i % 2]!,
    kind: 'link',
    paused: false,
    allowedOrigins: '[]',
    createdAt: at0,
    updatedAt: at0,
  }));
  await db.insertInto('channels').values(channels).execute();
  const channelIds = sql.raw(`array[${channels.map((c) => `'${c.id}'`).join(', ')}]::text[]`);
  const channelCampaigns = sql.raw(`array[${channels.map((c) => `'${c.campaignId}'`).join(', ')}]::text[]`);
  await db.connection().execute(async (c) => {
    await sql`set session_replication_role = replica`.execute(c);
    await sql`
      insert into leads (id, email_key, email, status, has_survey, has_contact, has_newsletter, last_campaign_id, last_completed, created_at,
        last_activity_at, first_contacted_at, first_channel_id, first_touch_at, latest_channel_id, latest_touch_at, survey_completed, visit_booked, visit_done)
      select 'lead-' || n, 'lead' || n || '@bench.test', 'lead' || n || '@bench.test', st, true, false, false, coalesce(ch_campaign, ${campaigns[0]!}), n % 2 = 0, at,
        at, case when st = 'new' then null else at + (((n % 180) + 5) * interval '1 minute') end, ch, case when ch is null then null else at end, ch,
        case when ch is null then null else at end, n % 2 = 0, n % 10 = 3, n % 20 = 3
      from (
        select n, ${at0}::timestamptz + (floor(n::numeric * 200 * 86400000 / ${leads}) * interval '1 millisecond') as at,
          (array['new', 'contacted', 'visit', 'won', 'lost'])[n % 5 + 1] as st,
          case when n % 10 = 9 then null else (${channelIds})[n % 12 + 1] end as ch,
          case when n % 10 = 9 then null else (${channelCampaigns})[n % 12 + 1] end as ch_campaign
        from generate_series(0, ${leads - 1}) as n
      ) as x`.execute(c);
    await sql`
      insert into lead_campaigns (lead_id, campaign_id, completed)
      select l.id, l.last_campaign_id, l.survey_completed from leads l`.execute(c);
    await sql`set session_replication_role = origin`.execute(c);
  });
  for (let d = 0; d < 200; d++) {
    const day = new Date(at0.getTime() + d * 86_400_000).toISOString().slice(0, 10);
    await db
      .insertInto('linkVisitCounts')
      .values(channels.map((c, ci) => ({ channelId: c.id, day, visitors: 20 + (((d % 50) + ci) % 30) })))
      .execute();
  }
  for (const statement of [...fillStatements('postgres'), ...fillValueStatements('postgres')]) await sql.raw(statement).execute(db);
  await sql`analyze`.execute(db);
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
if (fresh && process.argv.includes('--fast') && dialect === 'postgres') await fastSeed(database.db, count);
else if (fresh) await seedFunnelBench(database, dialect, count);
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
  const r0 = performance.now();
  const fromRows = JSON.stringify(await funnelOf(database.db, q, timeZone, 'rows'));
  const rowsMs = performance.now() - r0;
  const equal = JSON.stringify(await funnelOf(database.db, q, timeZone, 'kept')) === fromRows;
  console.log(`\n${label}: funnel (service) ${median(total).toFixed(1)} ms; from the rows ${rowsMs.toFixed(1)} ms (one call); kept equals rows: ${equal}`);
  for (const [kind, ms] of timer.times)
    console.log(
      `  ${ms.length / CALLS} per call, median ${median(ms).toFixed(1)} ms, sum/call ${(ms.reduce((a, b) => a + b, 0) / CALLS).toFixed(1)} ms: ${kind.slice(0, 160)}`,
    );
}

// --http: the route itself (app.inject) and one inbox page, as bench/funnel.ts times them.
if (process.argv.includes('--http')) {
  const staff = { email: 'profile@abode.test', name: 'Profile', password: 'profile-password-123' };
  if (!(await database.db.selectFrom('staffUsers').select('id').where('email', '=', staff.email).executeTakeFirst())) await createStaff(database.db, staff);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'funnel-profile-'));
  const app = await buildApp(testConfig({ config, dataDir, drop: async () => undefined }), { database });
  await app.ready();
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: staff.email, password: staff.password } });
  const token = login.json<{ token: string }>().token;
  const time = async (url: string) => {
    const ms: number[] = [];
    for (let i = 0; i < 15 + 3; i++) {
      const t = performance.now();
      const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      if (i >= 3) ms.push(performance.now() - t);
    }
    return Math.round(median(ms) * 10) / 10;
  };
  console.log(
    JSON.stringify({
      http: true,
      leads: count,
      funnelMs: await time('/api/funnel'),
      funnelCampaignMs: await time(`/api/funnel?campaignId=${campaignId}`),
      funnelRangeMs: await time('/api/funnel?from=2026-02-01&to=2026-04-30'),
      inboxPageMs: await time('/api/leads?limit=20'),
      load: loadavg().map((l) => Math.round(l * 10) / 10),
    }),
  );
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
await database.close();
