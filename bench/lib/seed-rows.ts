// Many rows fast (decision 0045): N survey responses of the demo survey (with their e-mail records, two
// campaigns, twelve channels) and N leads (names, e-mails, phones, phone-only leads, statuses, first
// channels, some visits), written straight into a database migrated to today's schema.
// PostgreSQL: INSERT … SELECT FROM unnest(<arrays>) in batches of 20,000 rows with the per-row triggers
// off, then the kept counts filled from the rows and checked equal to them (decision 0045's amendment);
// SQLite: prepared inserts in one transaction (10k and 100k), the triggers keeping the counts.
// One generator of rows for both, so the two databases hold the same people and answers.
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { createDatabase } from '#server/db/database';
import { migrateToLatest } from '#server/db/migrate';
import { createStaff } from '#server/features/auth/auth.service';
import { seedDemoCampaign } from '#server/features/surveys/campaigns.seed';
import { rebuildSummaryCounts } from '#server/features/responses/summary-counts';
import { summaryDayCounts } from '#server/features/responses/summary-counts.repository';
import { fillDropoffContributions } from '#server/db/migrations/2026-12-04T0300-dropoff-contributions';
import { fillStatements, funnelExpressions } from '#server/db/migrations/2026-12-05T0100-funnel-kept-counts';
import { summaryFunnelFill } from '#server/db/migrations/2026-12-05T0110-summary-funnel-counts';
import { fillValueStatements } from '#server/db/migrations/2026-12-06T0100-funnel-contact-values';
import { fillDropoffDayStatements } from '#server/db/migrations/2026-12-07T0100-dropoff-day-counts';
import { LEAD_STATUSES } from '#shared/leads/leads.contract';
import { BENCH_STAFF } from './demo-answers';

export interface SeededRows {
  rows: number;
  /** The demo campaign: 9 in 10 of the responses (the one whose .xlsx is measured). */
  campaignId: string;
  campaignResponses: number;
  /** A second campaign with the rest (answered by leads who also answered the first). */
  otherCampaignId: string;
  /** Things to search the inbox for, each naming one lead that exists. */
  probe: { name: string; email: string; phoneDigits: string };
}

const DAY = 86_400_000;
const START = Date.UTC(2026, 0, 1);
/** The rows are spread over this many days, whatever N. */
const SPAN_DAYS = 300;
const CHANNELS = 12;
const BATCH = 20_000;

const FIRST = [
  'Priya',
  'Rahul',
  'Ananya',
  'Vikram',
  'Sneha',
  'Arjun',
  'Kavya',
  'Rohan',
  'Meera',
  'Aditya',
  'Isha',
  'Karan',
  'Divya',
  'Nikhil',
  'Pooja',
  'Siddharth',
  'Neha',
  'Varun',
  'Aishwarya',
  'Manish',
  'Lakshmi',
  'Suresh',
  'Farah',
  'Imran',
  'Gurpreet',
  'Harpreet',
  'Joseph',
  'Mary',
  'Tenzin',
  'Zoya',
  'Deepak',
  'Shalini',
  'Ravi',
  'Anjali',
  'Sameer',
  'Tanvi',
  'Yash',
  'Ritu',
  'Abhishek',
  'Nandini',
];
const LAST = [
  'Sharma',
  'Iyer',
  'Reddy',
  'Nair',
  'Gupta',
  'Patel',
  'Rao',
  'Menon',
  'Singh',
  'Khan',
  'Das',
  'Mukherjee',
  'Kulkarni',
  'Joshi',
  'Fernandes',
  'Shetty',
  'Pillai',
  'Chatterjee',
  'Agarwal',
  'Bhat',
  'Hegde',
  'Kapoor',
  'Malhotra',
  'Verma',
  'Mishra',
  'Naidu',
  'Gowda',
  'Desai',
  'Thomas',
  'DSouza',
  'Banerjee',
  'Saxena',
  'Chopra',
  'Sethi',
  'Ahmed',
  'Qureshi',
  'Bose',
  'Dutta',
  'Varghese',
  'Kamath',
  'Prabhu',
  'Srinivasan',
  'Krishnan',
  'Subramanian',
  'Venkatesh',
  'Murthy',
  'Jain',
  'Mehta',
  'Shah',
  'Chauhan',
];
const LOCALITIES = ['Indiranagar', 'Koramangala', 'HSR Layout', 'Whitefield', 'Jayanagar', 'Hebbal', 'Sarjapur Road', 'Electronic City'];
const AMENITIES = [
  'Gym',
  'Swimming pool',
  'Covered parking',
  'Power backup',
  "Children's play area",
  'Clubhouse',
  '24×7 security',
  'Pet-friendly spaces',
  'EV charging',
];
const NOTES = [
  'Looking for a quiet street close to good schools and a park for the children.',
  'We work from home: a study with good light matters more than a big living room.',
  'Parents will live with us, so a ground-floor bedroom would help.',
  '',
  'Need it before the school year starts in June.',
];

/** A UUIDv7-shaped id from a number (ordered, distinct per kind). */
const idOf = (kind: number, n: number) => `01900000-${kind.toString(16).padStart(4, '0')}-7000-8000-${n.toString(16).padStart(12, '0')}`;
const LEAD = 1;
const RECORD = 2;
const RESPONSE = 3;
const VISIT = 4;
const CHANNEL = 5;

/** The demo survey's answers of response `j`: every question, varied, as a visitor gives them. */
export function demoAnswer(j: number): object {
  const note = NOTES[j % NOTES.length]!;
  return {
    propertyType: ['apartment', 'villa', 'independent-house', 'penthouse', 'plot'][j % 5],
    budget: [5000000, 10000000, 20000000, 50000000, 1000000000][j % 5],
    bedrooms: (j % 5) + 1,
    homeLoan: j % 3 === 0,
    localities: [LOCALITIES[j % 8], LOCALITIES[(j + 3) % 8]],
    nearMetro: j % 2 === 0,
    commuteTime: ['15 minutes', '30 minutes', '45 minutes', 'One hour or more'][j % 4],
    amenities: AMENITIES.slice(j % 7, (j % 7) + 1 + (j % 3)),
    decorStyle: ['modern-minimal', 'contemporary-indian', 'scandinavian', 'industrial', 'classic', 'boho'][j % 6],
    interiorHelp: j % 2 === 1,
    interiorBudget: [500000, 1500000, 3000000, 100000000][j % 4],
    moveIn: [0, 3, 6, 12, 'exploring'][j % 5],
    ...(note ? { notes: note } : {}),
    phone: `+91 98${String(j % 100_000_000)
      .padStart(8, '0')
      .replace(/^(\d{3})/, '$1 ')}`,
    callTime: ['Morning', 'Afternoon', 'Evening'][j % 3],
  };
}

const nameOf = (n: number) => `${FIRST[n % FIRST.length]} ${LAST[Math.floor(n / FIRST.length) % LAST.length]}`;
/** Phone-only leads (kiosk, walk-ins): 1 in 10. */
const phoneOnly = (n: number) => n % 10 === 7;
/** Leads 0…N-1 answered the demo campaign, except the phone-only ones whose response j goes to the
 *  second campaign, answered by lead j-1 (who answered both). */
const responseLead = (j: number) => (phoneOnly(j) ? j - 1 : j);

interface Ctx {
  rows: number;
  campaignId: string;
  otherCampaignId: string;
  channelIds: string[];
  studioId: string;
}

const at = (ctx: Ctx, n: number) => new Date(START + Math.floor((n * SPAN_DAYS * DAY) / ctx.rows)).toISOString();

function leadRow(ctx: Ctx, n: number) {
  const created = at(ctx, n);
  const email = phoneOnly(n) ? null : `${nameOf(n).toLowerCase().replace(' ', '.')}.${n}@example.com`;
  // Every fourth lead and every phone-only lead has a phone, in E.164 (the key is the same).
  const phone = phoneOnly(n) || n % 4 === 0 ? `+9198${String(n).padStart(8, '0')}` : null;
  const status = LEAD_STATUSES[n % LEAD_STATUSES.length]!;
  const channel = n % 10 === 9 ? null : ctx.channelIds[n % CHANNELS]!;
  const answeredBoth = phoneOnly(n + 1) && n + 1 < ctx.rows;
  return {
    id: idOf(LEAD, n),
    email_key: email,
    email,
    name: n % 3 === 2 ? null : nameOf(n),
    phone,
    phone_key: phone,
    status,
    has_survey: !phoneOnly(n),
    has_contact: phoneOnly(n),
    has_newsletter: n % 7 === 0,
    last_campaign_id: phoneOnly(n) ? null : answeredBoth ? ctx.otherCampaignId : ctx.campaignId,
    last_completed: !phoneOnly(n),
    created_at: created,
    last_activity_at: created,
    first_contacted_at: status === 'new' ? null : new Date(Date.parse(created) + ((n % 180) + 5) * 60_000).toISOString(),
    first_channel_id: channel,
    first_touch_at: channel ? created : null,
    latest_channel_id: channel,
    latest_touch_at: channel ? created : null,
  };
}

function responseRows(ctx: Ctx, j: number) {
  const lead = responseLead(j);
  const campaignId = phoneOnly(j) ? ctx.otherCampaignId : ctx.campaignId;
  const created = at(ctx, j);
  const channel = j % 10 === 9 ? null : ctx.channelIds[(j % (CHANNELS / 2)) * 2 + (phoneOnly(j) ? 1 : 0)]!;
  const email = `${nameOf(lead).toLowerCase().replace(' ', '.')}.${lead}@example.com`;
  const utm = j % 5 === 0 ? JSON.stringify({ source: 'instagram', medium: 'social', campaign: 'diwali-2026' }) : null;
  return {
    record: {
      id: idOf(RECORD, j),
      email,
      campaign_id: campaignId,
      is_completed: true,
      created_at: created,
      lead_id: idOf(LEAD, lead),
      channel_id: channel,
      utm,
    },
    response: {
      id: idOf(RESPONSE, j),
      campaign_id: campaignId,
      email_record_id: idOf(RECORD, j),
      lead_id: idOf(LEAD, lead),
      answer: JSON.stringify(demoAnswer(j)),
      created_at: created,
      language: j % 6 === 0 ? 'hi' : 'en',
      channel_id: channel,
      utm,
    },
    leadCampaign: { lead_id: idOf(LEAD, lead), campaign_id: campaignId },
  };
}

/** One visit for 1 lead in 10 (booked, or done for half of them). */
const hasVisit = (n: number) => n % 10 === 3;
function visitRow(ctx: Ctx, n: number) {
  const lead = leadRow(ctx, n);
  const starts = new Date(Date.parse(lead.created_at) + 3 * DAY).toISOString();
  return {
    id: idOf(VISIT, n),
    lead_id: lead.id,
    studio_id: ctx.studioId,
    starts_at: starts,
    ends_at: new Date(Date.parse(starts) + 3_600_000).toISOString(),
    status: n % 20 === 3 ? 'done' : 'booked',
    email: lead.email ?? 'walk-in@example.com',
    name: lead.name,
    phone: lead.phone,
    created_at: lead.created_at,
    updated_at: lead.created_at,
  };
}

type Table = {
  name: string;
  columns: Record<string, 'text' | 'boolean' | 'timestamptz'>;
  rows: (ctx: Ctx, from: number, to: number) => Record<string, unknown>[];
};

const TABLES: Table[] = [
  {
    name: 'leads',
    columns: {
      id: 'text',
      email_key: 'text',
      email: 'text',
      name: 'text',
      phone: 'text',
      phone_key: 'text',
      status: 'text',
      has_survey: 'boolean',
      has_contact: 'boolean',
      has_newsletter: 'boolean',
      last_campaign_id: 'text',
      last_completed: 'boolean',
      created_at: 'timestamptz',
      last_activity_at: 'timestamptz',
      first_contacted_at: 'timestamptz',
      first_channel_id: 'text',
      first_touch_at: 'timestamptz',
      latest_channel_id: 'text',
      latest_touch_at: 'timestamptz',
    },
    rows: (ctx, from, to) => range(from, to).map((n) => leadRow(ctx, n)),
  },
  {
    name: 'email_records',
    columns: {
      id: 'text',
      email: 'text',
      campaign_id: 'text',
      is_completed: 'boolean',
      created_at: 'timestamptz',
      lead_id: 'text',
      channel_id: 'text',
      utm: 'text',
    },
    rows: (ctx, from, to) => range(from, to).map((j) => responseRows(ctx, j).record),
  },
  {
    name: 'survey_responses',
    columns: {
      id: 'text',
      campaign_id: 'text',
      email_record_id: 'text',
      lead_id: 'text',
      answer: 'text',
      created_at: 'timestamptz',
      language: 'text',
      channel_id: 'text',
      utm: 'text',
    },
    rows: (ctx, from, to) => range(from, to).map((j) => responseRows(ctx, j).response),
  },
  {
    name: 'lead_campaigns',
    columns: { lead_id: 'text', campaign_id: 'text' },
    rows: (ctx, from, to) => range(from, to).map((j) => responseRows(ctx, j).leadCampaign),
  },
  {
    name: 'visits',
    columns: {
      id: 'text',
      lead_id: 'text',
      studio_id: 'text',
      starts_at: 'timestamptz',
      ends_at: 'timestamptz',
      status: 'text',
      email: 'text',
      name: 'text',
      phone: 'text',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    rows: (ctx, from, to) =>
      range(from, to)
        .filter(hasVisit)
        .map((n) => visitRow(ctx, n)),
  },
];

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

/** The campaigns, channels, studio and the bench's staff user, through the app's own code; then the rows. */
async function prepare(database: ReturnType<typeof createDatabase>, rows: number): Promise<Ctx> {
  const db = database.db;
  await migrateToLatest(db as Kysely<unknown>);
  await seedDemoCampaign(db);
  await createStaff(db, BENCH_STAFF);
  const demo = await db.selectFrom('campaigns').selectAll().executeTakeFirstOrThrow();
  const now = new Date(START);
  const otherCampaignId = idOf(CHANNEL, 999);
  await db
    .insertInto('campaigns')
    .values({ ...demo, id: otherCampaignId, name: 'Expo answers', isActive: false, createdAt: now, updatedAt: now })
    .execute();
  const channelIds = range(0, CHANNELS).map((i) => idOf(CHANNEL, i));
  await db
    .insertInto('channels')
    .values(
      channelIds.map((id, i) => ({
        id,
        code: `g${String(i).padStart(6, '0')}`,
        name: `Channel ${i + 1}`,
        campaignId: i % 2 ? otherCampaignId : demo.id,
        kind: 'link',
        utmSource: null,
        utmMedium: null,
        utmCampaign: null,
        utmContent: null,
        opensAt: null,
        closesAt: null,
        cap: null,
        paused: false,
        allowedOrigins: '[]',
        createdAt: now,
        updatedAt: now,
      })),
    )
    .execute();
  // Visits name a studio by id only (no studio row is needed for the figures measured here).
  const studioId = idOf(CHANNEL, 998);
  return { rows, campaignId: demo.id, otherCampaignId, channelIds, studioId };
}

function seeded(ctx: Ctx): SeededRows {
  // A named lead with an e-mail and a phone: n % 4 = 0, n % 3 = 0, n % 10 = 0.
  const n = Math.floor(ctx.rows / 2) - (Math.floor(ctx.rows / 2) % 60);
  const lead = leadRow(ctx, n);
  return {
    rows: ctx.rows,
    campaignId: ctx.campaignId,
    campaignResponses: range(0, ctx.rows).filter((j) => !phoneOnly(j)).length,
    otherCampaignId: ctx.otherCampaignId,
    probe: { name: lead.name!, email: lead.email!, phoneDigits: lead.phone!.slice(3) },
  };
}

/**
 * The results summary's counts of the seeded rows (decision 0056), made as the migration makes them
 * for a database that had rows before it: the rows were written straight into the tables.
 */
async function countSummaries(database: ReturnType<typeof createDatabase>, ctx: Ctx, log: (line: string) => void): Promise<void> {
  const t0 = performance.now();
  for (const id of [ctx.campaignId, ctx.otherCampaignId]) await database.db.transaction().execute((trx) => rebuildSummaryCounts(trx, id, 'Asia/Kolkata'));
  log(`  summary counts: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/** The kept counts' tables filled from the rows, and what proves them equal to the rows. */
const FILLS = () => [
  ...fillStatements('postgres'),
  ...fillValueStatements('postgres'),
  ...summaryFunnelFill('postgres'),
  ...fillDropoffDayStatements('postgres'),
];

/**
 * N of each into a new PostgreSQL database at `url` (empty: it is migrated here). The rows go in with
 * the per-row triggers off (`session_replication_role = replica`: the bench connects as the superuser),
 * each batch built while the one before is written, the secondary indexes dropped and made again after.
 * The tables the triggers keep (the funnel's counts, minutes and values, decisions 0063 and 0068; the
 * summary's funnel; the drop-off's days, 0075) are then filled from the rows by the migrations' own
 * fill statements, the summary's answer counts rebuilt and the drop-off's contributions computed by
 * the app's code (their days filled again after), and {@link checkKept} proves every kept table
 * equals the rows.
 * The triggers skipped also include the foreign keys' checks: the generator's ids are its own.
 */
export async function seedRowsPostgres(url: string, rows: number, log: (line: string) => void = () => {}): Promise<SeededRows> {
  const database = createDatabase({ dialect: 'postgres', url });
  let ctx: Ctx;
  try {
    ctx = await prepare(database, rows);
  } finally {
    await database.close();
  }
  const seconds = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Bulk load: no fsync wait per batch, and the secondary indexes built once at the end (a sort)
    // instead of row by row; the primary keys and unique constraints stay, so the rows are checked.
    // No per-row triggers (the kept counts, filled after; the foreign keys' checks) for this session only.
    await client.query(`set synchronous_commit = off`);
    await client.query(`set maintenance_work_mem = '256MB'`);
    await client.query(`set session_replication_role = replica`);
    const indexes = await client.query<{ name: string; def: string }>(
      `select i.indexname as name, i.indexdef as def from pg_indexes i
        where i.schemaname = 'public' and i.tablename = any($1)
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      [TABLES.map((t) => t.name)],
    );
    for (const index of indexes.rows) await client.query(`drop index ${index.name}`);
    for (const table of TABLES) {
      const t0 = performance.now();
      const names = Object.keys(table.columns);
      const statement = `insert into ${table.name} (${names.join(', ')}) select * from unnest(${names.map((c, i) => `$${i + 1}::${table.columns[c]}[]`).join(', ')})`;
      const columnsOf = (from: number) => {
        const batch = table.rows(ctx, from, Math.min(rows, from + BATCH));
        return batch.length === 0 ? null : names.map((c) => batch.map((r) => r[c] ?? null));
      };
      let writing: Promise<unknown> = Promise.resolve();
      for (let from = 0; from < rows; from += BATCH) {
        // The next batch is built while PostgreSQL writes this one (the other core).
        const columns = columnsOf(from);
        await writing;
        writing = columns ? client.query(statement, columns) : Promise.resolve();
      }
      await writing;
      log(`  ${table.name}: ${seconds(t0)}`);
    }
    // The rows as the triggers would have left them: a response completes its e-mail record.
    const t1 = performance.now();
    const open = await client.query(`select 1 from email_records e join survey_responses r on r.email_record_id = e.id where not e.is_completed limit 1`);
    if (open.rowCount) throw new Error('an e-mail record with a response is not completed');
    for (const statement of FILLS()) await client.query(statement);
    await client.query(`set session_replication_role = origin`);
    log(`  kept counts filled from the rows: ${seconds(t1)}`);
    const t2 = performance.now();
    for (const index of indexes.rows) await client.query(index.def);
    log(`  ${indexes.rows.length} indexes: ${seconds(t2)}`);
    const t3 = performance.now();
    await client.query('vacuum analyze');
    log(`  vacuum analyze: ${seconds(t3)}`);
  } finally {
    await client.end();
  }
  const counting = createDatabase({ dialect: 'postgres', url });
  try {
    // Both read the responses and compute in JavaScript: one's statements run while the other computes.
    const t5 = performance.now();
    await Promise.all([
      countSummaries(counting, ctx, log),
      (async () => {
        // Computed by the app's code in batches; the per-day counts filled once after (decision 0075), not by a trigger per row.
        await sql`alter table dropoff_contributions disable trigger user`.execute(counting.db);
        await fillDropoffContributions(counting.db);
        await sql`alter table dropoff_contributions enable trigger user`.execute(counting.db);
        for (const statement of fillDropoffDayStatements('postgres')) await sql.raw(statement).execute(counting.db);
      })().then(async () => {
        await sql`analyze dropoff_contributions`.execute(counting.db);
        log(`  drop-off contributions: ${seconds(t5)}`);
      }),
    ]);
    const t4 = performance.now();
    await checkKept(counting, ctx);
    log(`  kept equals rows: ${seconds(t4)}`);
  } finally {
    await counting.close();
  }
  return seeded(ctx);
}

/**
 * Every kept table equals the rows: the funnel's and the summary funnel's tables as their migrations'
 * fill makes them again (compared in the database, row for row, both ways, then rolled back), the
 * funnel's leads and the summary's answer counts' totals against a count of the rows (decision 0056),
 * and one drop-off contribution per response (decision 0058).
 */
async function checkKept(database: ReturnType<typeof createDatabase>, ctx: Ctx): Promise<void> {
  const db = database.db;
  await db
    .transaction()
    .execute(async (trx) => {
      const tables = [
        'funnel_step_counts',
        'funnel_contact_minutes',
        'funnel_contact_values',
        'summary_funnel_counts',
        'dropoff_day_counts',
        'dropoff_record_days',
      ];
      for (const t of tables) await sql.raw(`create temporary table kept_${t} on commit drop as select * from ${t}`).execute(trx);
      for (const statement of FILLS()) await sql.raw(statement).execute(trx);
      for (const t of tables) {
        const r = await sql<{ n: string }>`select count(*) as n from (
        (select * from ${sql.table(t)} except all select * from ${sql.table(`kept_${t}`)})
        union all (select * from ${sql.table(`kept_${t}`)} except all select * from ${sql.table(t)})) as d`.execute(trx);
        if (Number(r.rows[0]!.n) !== 0) throw new Error(`${t}: ${r.rows[0]!.n} rows differ from the rows' fill`);
      }
      // Compared, not kept: the fill's copies go with the transaction.
      throw new Rollback();
    })
    .catch((e: unknown) => {
      if (!(e instanceof Rollback)) throw e;
    });
  // One-word names: the app's CamelCasePlugin renames the result's columns.
  const responses = await sql<{
    campaign: string;
    n: string;
  }>`select campaign_id as campaign, count(*) as n from survey_responses group by campaign_id`.execute(db);
  const funnel = await sql<{
    campaign: string;
    n: string;
  }>`select campaign_id as campaign, sum(n) as n from summary_funnel_counts where state = 'c' group by campaign_id`.execute(db);
  const member = funnelExpressions('postgres', 'l');
  const steps = await sql<{ leads: string; n: string }>`select sum(leads) as leads, (select count(*) from leads l where ${sql.raw(
    `${member.channel} or ${member.source}`,
  )}) as n from funnel_step_counts where campaign_id = ''`.execute(db);
  const expected = new Map(responses.rows.map((r) => [r.campaign, Number(r.n)]));
  if (expected.size !== 2 || [...expected.values()].reduce((a, b) => a + b, 0) !== ctx.rows) throw new Error(`responses: ${JSON.stringify(responses.rows)}`);
  if (funnel.rows.length !== expected.size) throw new Error(`summary funnel: ${JSON.stringify(funnel.rows)}`);
  for (const r of funnel.rows) if (expected.get(r.campaign) !== Number(r.n)) throw new Error(`summary funnel of ${r.campaign}: ${r.n} completed`);
  if (Number(steps.rows[0]!.leads) !== Number(steps.rows[0]!.n)) throw new Error(`funnel: ${steps.rows[0]!.leads} kept leads of ${steps.rows[0]!.n}`);
  // Every record with a response has its drop-off contribution, of the survey's version (decision 0058).
  const contributions = await sql<{
    n: string;
    versions: string;
  }>`select count(*) as n, count(distinct survey_version) as versions from dropoff_contributions`.execute(db);
  if (Number(contributions.rows[0]!.n) !== ctx.rows || Number(contributions.rows[0]!.versions) !== 1)
    throw new Error(`drop-off contributions: ${JSON.stringify(contributions.rows[0])}`);
  for (const [campaignId, n] of expected) {
    const total = await summaryTotal(db, campaignId);
    if (total !== n) throw new Error(`summary counts of ${campaignId}: ${total} responses, ${n} rows`);
  }
}

class Rollback extends Error {}

/** The summary's kept count of a campaign's finished answers, every channel and day. */
async function summaryTotal(db: ReturnType<typeof createDatabase>['db'], campaignId: string): Promise<number> {
  return (await summaryDayCounts(db, campaignId, {})).filter((r) => r.finished).reduce((a, r) => a + r.n, 0);
}

/** N of each into `<dataDir>/abode.sqlite` (migrated here), in one transaction. */
export async function seedRowsSqlite(dataDir: string, rows: number, log: (line: string) => void = () => {}): Promise<SeededRows> {
  const file = path.join(dataDir, 'abode.sqlite');
  const database = createDatabase({ dialect: 'sqlite', file });
  let ctx: Ctx;
  try {
    ctx = await prepare(database, rows);
  } finally {
    await database.close();
  }
  const sqlite = new SQLite(file);
  try {
    sqlite.pragma('journal_mode = WAL');
    const value = (v: unknown) => (typeof v === 'boolean' ? (v ? 1 : 0) : (v ?? null));
    sqlite.transaction(() => {
      for (const table of TABLES) {
        const t0 = performance.now();
        const names = Object.keys(table.columns);
        const insert = sqlite.prepare(`insert into ${table.name} (${names.join(', ')}) values (${names.map(() => '?').join(', ')})`);
        for (let from = 0; from < rows; from += BATCH) {
          for (const row of table.rows(ctx, from, Math.min(rows, from + BATCH))) insert.run(names.map((c) => value(row[c])));
        }
        log(`  ${table.name}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      }
    })();
    sqlite.exec('analyze');
  } finally {
    sqlite.close();
  }
  const counting = createDatabase({ dialect: 'sqlite', file });
  try {
    await countSummaries(counting, ctx, log);
  } finally {
    await counting.close();
  }
  return seeded(ctx);
}

/** Whether the PostgreSQL database at `url` already holds a seeding of `rows` (to reuse a 1M one). */
export async function seededAlready(url: string, rows: number): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch {
    return false;
  }
  try {
    const r = await client.query<{ leads: string; responses: string }>(
      'select (select count(*) from leads) as leads, (select count(*) from survey_responses) as responses',
    );
    return Number(r.rows[0]!.leads) === rows && Number(r.rows[0]!.responses) === rows;
  } catch {
    return false;
  } finally {
    await client.end();
  }
}

/** What `seedRows*` returned, for a database seeded earlier (the same generator). */
export async function seededRowsOf(url: string, rows: number): Promise<SeededRows> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const demo = await client.query<{ id: string }>(`select id from campaigns where name <> 'Expo answers' order by created_at limit 1`);
    const channels = range(0, CHANNELS).map((i) => idOf(CHANNEL, i));
    return seeded({ rows, campaignId: demo.rows[0]!.id, otherCampaignId: idOf(CHANNEL, 999), channelIds: channels, studioId: idOf(CHANNEL, 998) });
  } finally {
    await client.end();
  }
}

/**
 * The PostgreSQL database `name` (on the server of `adminUrl`) with N of each: made and seeded when
 * it is not there yet, reused as it is when it already holds that seeding (the 1M one takes minutes:
 * seeded once, measured many times). Returns its URL and what it holds.
 */
export async function seededPostgres(
  adminUrl: string,
  name: string,
  rows: number,
  log: (line: string) => void = () => {},
): Promise<{ url: string; seeded: SeededRows; reused: boolean }> {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  if (await seededAlready(url.toString(), rows)) return { url: url.toString(), seeded: await seededRowsOf(url.toString(), rows), reused: true };
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return { url: url.toString(), seeded: await seedRowsPostgres(url.toString(), rows, log), reused: false };
}

/** Drops the database `name` (on the server of `adminUrl`). */
export async function dropPostgres(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}
