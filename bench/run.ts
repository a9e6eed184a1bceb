// npm run bench [-- --only=writes,reads,export,summary,inbox,filters,photos,notify,matching,write-floor,write-reference,bundles,lighthouse,survey-open] [--db=sqlite,postgres] [--survey-open-baseline=<built checkout>]
//                 [--only=outputs --out=<dir>: a snapshot of every page, API answer, export and e-mail (bench/outputs-snapshot.ts); not in the default groups]
//                 [--only=growth [--growth-rows=10000,100000,1000000] [--growth-keep]: 10k/100k/1M responses and leads (bench/growth.ts);
//                  not in the default groups: seeding 1M on PostgreSQL alone takes about 10 minutes here, the whole group 20–30;
//                  the 1M database abode_growth_1m is reused when present, dropped at the end unless --growth-keep]
//                 [--only=import: 50,000 spreadsheet rows imported through HTTP, time and peak RSS (bench/lead-import.ts); not in the default groups]
//                 [--baseline=<built checkout of an earlier commit>: lead writes before/after, same run]
//                 [--export-baseline=<built checkout of an earlier commit>: the .xlsx export before/after, same run]
// Builds the production bundle, runs each benchmark against it, prints figures with budgets and
// verdicts, and writes bench/results/latest.json. Ratios are against a bare Fastify server measured
// by the same client in the same run, because absolute numbers depend on the (shared, noisy) machine.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { benchBundles } from './bundles';
import { benchExport } from './export';
import { benchExportAgainstBaseline } from './export-baseline';
import { benchGrowth } from './growth';
import { benchLeadImport } from './lead-import';
import { runSummaryBench } from './campaign-summary';
import { benchLeadList, benchMatching, benchNotifyLatency } from './inbox';
import { benchLeadWrites, benchPublicReads } from './leads';
import { benchListingFilters } from './listing-filters';
import { benchLighthouse, LISTING_BUDGETS } from './lighthouse';
import { benchPhotoEncode, photoLikeJpeg } from './photo-encode';
import { benchWritesAgainstBaseline } from './write-baseline';
import { benchLeadWriteFloor } from './lead-write-floor';
import { benchLeadWriteReference } from './lead-write-reference';
import { benchLeadWriteReferencePg } from './lead-write-reference-pg';
import { AbodeClient, BENCH_SURVEY } from './lib/abode-client';
import { benchSurveyOpen } from './survey-open';
import { snapshotOutputs } from './outputs-snapshot';
import { startAbode, startCeiling, type Running } from './lib/processes';
import { atMost, figure, printTable, type Figure } from './lib/report';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const only = new Set(
  (args.get('only') ?? 'writes,reads,export,summary,inbox,filters,photos,notify,matching,write-floor,write-reference,bundles,lighthouse,survey-open').split(
    ',',
  ),
);
const dialects = (args.get('db') ?? 'sqlite,postgres').split(',');
const ADMIN = { email: 'bench@abode.test', password: 'bench-password-123' };
const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function withPgDatabase<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const name = `abode_bench_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function withAbode<T>(dialect: string, extraEnv: Record<string, string>, fn: (server: Running, client: AbodeClient) => Promise<T>): Promise<T> {
  const run = async (databaseUrl: string) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'abode-bench-'));
    const server = await startAbode({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...extraEnv });
    try {
      const client = new AbodeClient(server.url);
      await client.login(ADMIN.email, ADMIN.password);
      return await fn(server, client);
    } finally {
      await server.stop();
    }
  };
  return dialect === 'postgres' ? withPgDatabase(run) : run('');
}

async function main(): Promise<void> {
  console.log('Building the production bundle…');
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);

  const figures: Figure[] = [];
  if (only.has('outputs')) {
    const out = args.get('out') ?? 'bench/results/outputs';
    // One database: SQLite unless --db names PostgreSQL alone (the two give the same snapshot).
    const db = dialects.length === 1 ? dialects[0] : 'sqlite';
    console.log(`Outputs snapshot (${db}) into ${out}…`);
    const { files, seconds } = await snapshotOutputs(out, { db });
    figures.push(
      figure(
        `outputs (${db})`,
        'snapshot of pages, API answers, exports, e-mails',
        seconds,
        's',
        undefined,
        `${files} files in ${out}; compare: node --import tsx bench/outputs-snapshot.ts --compare <dirA> <dirB>`,
      ),
    );
  }
  if (only.has('growth')) {
    const rows = (args.get('growth-rows') ?? '10000,100000,1000000').split(',').map(Number);
    figures.push(...(await benchGrowth({ dialects, rows, pgAdminUrl: PG_ADMIN_URL, keep: args.has('growth-keep') })));
  }
  const ceiling = await startCeiling();
  try {
    for (const dialect of dialects) {
      if (only.has('writes')) {
        console.log(`Lead writes on ${dialect}…`);
        figures.push(...(await withAbode(dialect, {}, (server, client) => benchLeadWrites(server, ceiling, client, dialect))));
      }
      if (only.has('reads')) {
        console.log(`Public reads on ${dialect}…`);
        figures.push(
          ...(await withAbode(dialect, {}, async (server, client) => {
            await client.addProjects(50);
            return benchPublicReads(server, ceiling, dialect);
          })),
        );
      }
      if (only.has('export')) {
        console.log(`Export of 100,000 responses on ${dialect}…`);
        figures.push(...(await benchExport(dialect, dialect === 'postgres' ? withPgDatabase : (fn) => fn(''))));
      }
      if (only.has('import')) {
        console.log(`Import of 50,000 spreadsheet rows on ${dialect}…`);
        figures.push(...(await benchLeadImport(dialect, dialect === 'postgres' ? withPgDatabase : (fn) => fn(''))));
      }
    }
  } finally {
    await ceiling.stop();
  }
  const baseline = args.get('baseline');
  if (baseline) {
    console.log(`Lead writes: this build against ${baseline} (SQLite, turn by turn)…`);
    figures.push(...(await benchWritesAgainstBaseline(baseline)));
  }
  const exportBaseline = args.get('export-baseline');
  if (exportBaseline) {
    console.log(`Export: this build against ${exportBaseline} (SQLite, turn by turn)…`);
    figures.push(...benchExportAgainstBaseline(exportBaseline));
  }
  if (only.has('inbox')) {
    console.log('Leads inbox: one page of 100,000 leads (SQLite)…');
    figures.push(...(await benchLeadList()));
  }
  if (only.has('filters')) {
    console.log('Listing filters: 10,000 homes and 10,000 decor items (SQLite)…');
    figures.push(...(await benchListingFilters()));
  }
  if (only.has('photos')) {
    console.log('Listing photos: a 12 MP and a 1600×1200 JPEG through the rendition code…');
    figures.push(...(await benchPhotoEncode()));
  }
  if (only.has('summary')) {
    console.log('Results summary: 100,000 responses and 10,000 unfinished (SQLite)…');
    const r = await runSummaryBench(100_000);
    figures.push(
      figure(
        'summary (sqlite)',
        'summary of 100,000 responses + 10,000 unfinished',
        r.allSeconds,
        's',
        atMost(r.allSeconds, 1, '≤ 1 s'),
        `median of 5 calls, ${r.questions} questions`,
      ),
      figure('summary (sqlite)', 'floor: read and parse every answer once', r.floorSeconds ?? 0, 's', undefined, 'better-sqlite3 alone, same file, same run'),
      figure('summary (sqlite)', 'summary ÷ floor', r.floorSeconds ? Number((r.allSeconds / r.floorSeconds).toFixed(2)) : 0, '×'),
      figure(
        'summary (sqlite)',
        'filtered: completed, one answer, two months',
        r.filteredSeconds,
        's',
        atMost(r.filteredSeconds, 1, '≤ 1 s'),
        'median of 5 calls',
      ),
      figure(
        'summary (sqlite)',
        'server peak RSS',
        r.serverPeakRssMB,
        'MB',
        atMost(r.serverPeakRssMB, 256, '≤ 256 MB'),
        `${r.serverRssBeforeMB} MB before the first call`,
      ),
    );
  }
  if (only.has('matching')) {
    console.log('Matching: the rules over 1,000 homes and 1,000 decor items…');
    figures.push(...benchMatching());
  }
  if (only.has('write-floor')) {
    console.log('Lead writes: the SQLite time the required writes add, without the app (turn by turn)…');
    figures.push(...(await benchLeadWriteFloor()));
  }
  if (only.has('write-reference') && dialects.includes('sqlite')) {
    console.log('Lead writes: POST /api/email/add against a reference server doing the same durable work (SQLite, turn by turn)…');
    figures.push(...(await withAbode('sqlite', {}, (server, client) => benchLeadWriteReference(server, client))));
  }
  if (only.has('write-reference') && dialects.includes('postgres')) {
    console.log('Lead writes: POST /api/email/add against a reference server doing the same durable work (PostgreSQL, turn by turn)…');
    figures.push(...(await withAbode('postgres', {}, (server, client) => benchLeadWriteReferencePg(server, client, withPgDatabase))));
  }
  if (only.has('notify')) {
    console.log('Notifications: finished survey → staff e-mail (SQLite, real SMTP server)…');
    figures.push(...(await benchNotifyLatency()));
  }

  if (only.has('bundles') || only.has('lighthouse') || only.has('survey-open')) {
    console.log('Bundles, Lighthouse and the survey opening (demo content)…');
    figures.push(
      ...(await withAbode('sqlite', { SEED_DEMO: 'true' }, async (server, client) => {
        const out: Figure[] = [];
        if (only.has('bundles')) {
          const token = await client.login(ADMIN.email, ADMIN.password);
          const campaignId = await client.activeCampaign('Bundle bench', BENCH_SURVEY);
          const state = { email: 'bundle@bench.test', emailId: 'bench', campaignId, questions: JSON.stringify(BENCH_SURVEY) };
          out.push(...(await benchBundles(server, token, state)));
        }
        if (only.has('lighthouse')) {
          out.push(...(await benchLighthouse(server)));
          // A home's page with 12 photos, and a filtered list.
          const home = await client.homeWithPhotos(12, (i) => photoLikeJpeg(1600 + i * 8, 1200));
          out.push(
            ...(await benchLighthouse(server, [
              { path: `/viewProjects/${home}`, label: '/viewProjects/{id} (12 photos)', budgets: LISTING_BUDGETS },
              { path: '/viewProjects?bhk=3', budgets: LISTING_BUDGETS },
              // The Hindi pages, every category but performance at 100.
              { path: '/hi/', budgets: LISTING_BUDGETS },
              { path: '/hi/viewProjects', budgets: LISTING_BUDGETS },
            ])),
          );
        }
        if (only.has('survey-open')) {
          await client.activeCampaign('Survey opening bench', BENCH_SURVEY);
          console.log('Click on "Choose Your Lifestyle" → first question (slow 4G, 4× CPU)…');
          // --survey-open-baseline=<dir>: a built checkout of another commit, measured turn by turn with this build.
          const baselineDir = args.get('survey-open-baseline');
          if (!baselineDir) out.push(...(await benchSurveyOpen([{ label: '', server }])));
          else {
            const dataDir = mkdtempSync(path.join(tmpdir(), 'abode-bench-'));
            const baseline = await startAbode(
              { DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: 'true' },
              baselineDir,
            );
            try {
              const baselineClient = new AbodeClient(baseline.url);
              await baselineClient.login(ADMIN.email, ADMIN.password);
              await baselineClient.activeCampaign('Survey opening bench', BENCH_SURVEY);
              out.push(
                ...(await benchSurveyOpen([
                  { label: 'baseline', server: baseline },
                  { label: 'this build', server },
                ])),
              );
            } finally {
              await baseline.stop();
            }
          }
        }
        return out;
      })),
    );
  }

  console.log(`\nAbode benchmarks — ${new Date().toISOString()}, ${cpus().length} cores, Node ${process.version}\n`);
  printTable(figures);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/latest.json', `${JSON.stringify({ at: new Date().toISOString(), figures }, null, 2)}\n`);
  const failed = figures.filter((f) => f.pass === false);
  console.log(failed.length ? `\n${failed.length} figure(s) over budget.` : '\nEvery budget holds.');
}

await main();
