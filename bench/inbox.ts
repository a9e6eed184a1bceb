// The leads inbox and its notifications: one page of 100,000 leads with a filter, and the time from
// a visitor's finished survey to the staff e-mail arriving at a real SMTP server.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { v7 as uuidv7 } from 'uuid';
import { sql } from 'kysely';
import { createDatabase } from '#server/db/database';
import { createStaff } from '#server/features/auth/auth.service';
import { migrateToLatest } from '#server/db/migrate';
import { LEAD_STATUSES } from '#shared/leads/leads.contract';
import { matchInputs, matchListings, prepareListings, type MatchableProduct, type MatchableProject } from '#shared/matching/listing-match';
import { AbodeClient, BENCH_SURVEY } from './lib/abode-client';
import { startAbode } from './lib/processes';
import { seedCampaigns } from './lib/seed-campaigns';
import { atMost, figure, type Figure } from './lib/report';

const ADMIN = { email: 'bench@abode.test', password: 'bench-password-123' };
const LEADS = Number(process.env.BENCH_LEADS ?? 100_000);
const NOTIFY_LEADS = Number(process.env.BENCH_NOTIFY_LEADS ?? 1000);
/** Leads per second in the latency run: a very busy studio's day, compressed (1,000 in 40 s). */
const NOTIFY_RATE = Number(process.env.BENCH_NOTIFY_RATE ?? 25);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

/** Campaigns and staff the leads name (each page shows their names), and what each lead answered. */
const CAMPAIGNS = 5;
const ASSIGNEES = 5;

/**
 * 100,000 leads written straight into a fresh SQLite database, then one page read through the API.
 * Half of them answered a campaign (an e-mail record, and the lead's own note of it where the schema
 * has one: lead_campaigns, decision 0020) and a third have an assignee, so a page names both.
 */
export async function benchLeadList(): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'abode-bench-leads-'));
  const database = createDatabase({ dialect: 'sqlite', file: path.join(dataDir, 'abode.sqlite') });
  await migrateToLatest(database.db as Kysely<unknown>);
  const start = Date.UTC(2026, 0, 1);
  // The bench's login first (the server makes none once there is staff), then the assignees.
  await createStaff(database.db, { email: ADMIN.email, name: 'Bench', password: ADMIN.password });
  const assignees: string[] = [];
  for (let i = 0; i < ASSIGNEES; i++)
    assignees.push(await createStaff(database.db, { email: `advisor${i}@bench.test`, name: `Advisor ${i}`, password: ADMIN.password, role: 'staff' }));
  const at0 = new Date(start);
  const campaigns = await seedCampaigns(database.db, { at: at0, count: CAMPAIGNS });
  const leadCampaigns = (await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'lead_campaigns'`.execute(database.db)).rows[0]!.n > 0;
  for (let i = 0; i < LEADS; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, LEADS - i) }, (_, j) => {
      const n = i + j;
      const at = new Date(start + n * 60_000);
      return {
        id: uuidv7(),
        emailKey: `lead${n}@bench.test`,
        email: `lead${n}@bench.test`,
        name: n % 3 === 0 ? `Person ${n}` : null,
        phone: n % 4 === 0 ? `+91 98450 ${String(n).padStart(5, '0')}` : null,
        status: LEAD_STATUSES[n % LEAD_STATUSES.length]!,
        assigneeId: n % 3 === 0 ? assignees[n % ASSIGNEES]! : null,
        hasSurvey: n % 2 === 0,
        hasContact: n % 2 === 1,
        hasNewsletter: n % 7 === 0,
        lastCampaignId: n % 2 === 0 ? campaigns[n % CAMPAIGNS]! : null,
        lastCompleted: false,
        createdAt: at,
        lastActivityAt: at,
      };
    });
    await database.db.insertInto('leads').values(rows).execute();
    const answered = rows.filter((r) => r.lastCampaignId !== null);
    for (let k = 0; k < answered.length; k += 500) {
      const part = answered.slice(k, k + 500);
      await database.db
        .insertInto('emailRecords')
        .values(part.map((r) => ({ id: uuidv7(), email: r.email, campaignId: r.lastCampaignId, isCompleted: false, createdAt: r.createdAt, leadId: r.id })))
        .execute();
      if (leadCampaigns)
        await sql`insert into lead_campaigns (lead_id, campaign_id) values ${sql.join(part.map((r) => sql`(${r.id}, ${r.lastCampaignId})`))}`.execute(
          database.db,
        );
    }
  }
  await database.close();

  const server = await startAbode({ DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  try {
    const client = new AbodeClient(server.url);
    const token = await client.login(ADMIN.email, ADMIN.password);
    const timed = async (query: string) => {
      const times: number[] = [];
      for (let i = 0; i < 25; i++) {
        const t = performance.now();
        const res = await fetch(`${server.url}/api/leads?${query}`, { headers: { authorization: `Bearer ${token}` } });
        if (!res.ok) throw new Error(`GET /api/leads?${query}: ${res.status}`);
        await res.arrayBuffer();
        if (i >= 5) times.push(performance.now() - t);
      }
      return median(times);
    };
    const group = 'leads inbox (sqlite)';
    const byStatus = await timed('status=contacted&source=survey&limit=20');
    const bySearch = await timed('q=person%2099&limit=20');
    const deepPage = await timed('status=won&limit=20&offset=10000');
    const byCampaign = await timed(`campaign=${campaigns[2]}&limit=20`);
    const hundred = await timed('limit=100');
    return [
      figure(
        group,
        `one page of ${LEADS.toLocaleString('en-US')} leads, status + source filter`,
        Math.round(byStatus * 10) / 10,
        'ms',
        atMost(byStatus, 100, '≤ 100 ms'),
        'median of 20, with the counts per status',
      ),
      figure(group, 'one page, text search', Math.round(bySearch * 10) / 10, 'ms', atMost(bySearch, 100, '≤ 100 ms')),
      figure(group, 'page at offset 10,000, status filter', Math.round(deepPage * 10) / 10, 'ms'),
      figure(
        group,
        'one page, campaign filter',
        Math.round(byCampaign * 10) / 10,
        'ms',
        atMost(byCampaign, 100, '≤ 100 ms'),
        '10,000 of the leads answered it',
      ),
      figure(
        group,
        'a page of 100, no filter',
        Math.round(hundred * 10) / 10,
        'ms',
        atMost(hundred, 100, '≤ 100 ms'),
        'campaign and assignee names on the page',
      ),
    ];
  } finally {
    await server.stop();
  }
}

/** From a finished survey to its staff e-mail arriving at a real SMTP server, over many leads. */
export async function benchNotifyLatency(): Promise<Figure[]> {
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let resolveAll: () => void = () => {};
  const allArrived = new Promise<void>((resolve) => (resolveAll = resolve));
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        const email = /New lead: (\S+@\S+) —/.exec(mail.subject ?? '')?.[1];
        const at = email ? sentAt.get(email) : undefined;
        if (at !== undefined) {
          latencies.push(performance.now() - at);
          if (latencies.length === NOTIFY_LEADS) resolveAll();
        }
        callback();
      }, callback);
    },
  });
  smtp.on('error', () => undefined); // a client resetting its connection is not the bench's concern
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as { port: number };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'abode-bench-notify-'));
  const server = await startAbode({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    NOTIFY_EMAILS: 'owner@bench.test',
    CONFIRM_VISITORS: 'false',
  });
  try {
    const client = new AbodeClient(server.url);
    await client.login(ADMIN.email, ADMIN.password);
    const campaignId = await client.activeCampaign('Notify bench', BENCH_SURVEY);
    const post = (p: string, body: unknown) =>
      fetch(`${server.url}${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    // Visitors arrive at a steady rate, each: e-mail, then the finished survey; the clock starts at the answer.
    const visitors: Array<Promise<void>> = [];
    const started = performance.now();
    for (let i = 0; i < NOTIFY_LEADS; i++) {
      const due = started + (i * 1000) / NOTIFY_RATE;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      visitors.push(
        (async () => {
          const email = `notify${i}@bench.test`;
          const added = (await (await post('/api/email/add', { email, campaignid: campaignId })).json()) as { emailID: string };
          const t = performance.now();
          const res = await post(`/api/campaign/response/${campaignId}`, {
            response: { email, emailId: added.emailID, answer: { type: 'Villa', city: 'Pune' } },
          });
          if (!res.ok) throw new Error(`response: ${res.status}`);
          sentAt.set(email, t);
        })(),
      );
    }
    await Promise.all(visitors);
    await Promise.race([
      allArrived,
      new Promise((_, reject) => setTimeout(() => reject(new Error(`only ${latencies.length} of ${NOTIFY_LEADS} staff e-mails arrived`)), 120_000)),
    ]);
    const group = 'notifications (sqlite)';
    const worst = Math.max(...latencies);
    return [
      figure(group, `survey finished → staff e-mail, median of ${NOTIFY_LEADS}`, Math.round(median(latencies)), 'ms', undefined, `${NOTIFY_RATE} leads/s`),
      figure(group, 'survey finished → staff e-mail, worst', Math.round(worst), 'ms', atMost(worst, 10_000, '≤ 10 s')),
    ];
  } finally {
    await server.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }
}

/**
 * What matching adds to a response: the rules over 1,000 projects and 1,000 products (the listings
 * come from the content cache, so this is the work on the response's path), p50 and p99 of 2,000.
 */
export function benchMatching(): Figure[] {
  const areas = ['Whitefield, Bengaluru', 'Baner, Pune', 'Hiranandani, Powai, Mumbai', 'Sarjapur Road, Bengaluru', 'Worli, Mumbai'];
  const projects: MatchableProject[] = Array.from({ length: 1000 }, (_, i) => ({
    _id: `p${i}`,
    name: `Project ${i}`,
    image: `/media/${i}.jpg`,
    area: areas[i % areas.length]!,
    squareft: 800 + (i % 40) * 50,
    sizeofunit: `${(i % 5) + 1} BHK${i % 7 === 0 ? ' villa' : ''}`,
    dateofcomplition: `${String((i % 28) + 1).padStart(2, '0')}-${String((i % 12) + 1).padStart(2, '0')}-${2026 + (i % 3)}`,
    price: i % 5 === 0 ? null : 4_000_000 + i * 25_000,
  }));
  const products: MatchableProduct[] = Array.from({ length: 1000 }, (_, i) => ({
    _id: `d${i}`,
    productname: `Decor ${i}`,
    image: `/media/d${i}.jpg`,
    description: ['Solid teak bench', 'Woven cane chair', 'Brass lamp with linen shade', 'Jaipur dhurrie rug'][i % 4]!,
    price: 2_000 + i * 150,
    tags: [['Living room', 'Boho'], ['Bedroom'], ['Minimal', 'Study'], []][i % 4]!,
  }));
  const survey = {
    pages: [
      {
        elements: [
          { type: 'radiogroup', name: 'bhk', listingMatch: 'project.bedrooms', choices: [2, 3, 4, 5] },
          { type: 'checkbox', name: 'where', listingMatch: 'project.locality', choices: ['Whitefield', 'Powai', 'Baner'] },
          { type: 'dropdown', name: 'budget', listingMatch: 'project.maxPrice', choices: [10_000_000, 30_000_000] },
          { type: 'dropdown', name: 'when', listingMatch: 'project.readyBy', choices: [6, 12, 24] },
          { type: 'checkbox', name: 'style', listingMatch: 'product.keywords', choices: ['Boho', 'Teak', 'Minimal'] },
          { type: 'dropdown', name: 'decorBudget', listingMatch: 'product.maxPrice', choices: [25_000, 100_000] },
        ],
      },
    ],
  };
  const answers = { bhk: 3, where: ['Powai', 'Whitefield'], budget: 10_000_000, when: 12, style: ['Boho', 'Teak'], decorBudget: 100_000 };
  // The server keeps the listings prepared in its content cache (cleared by staff writes).
  const prepared = prepareListings({ projects, products });
  const times: number[] = [];
  for (let i = 0; i < 2200; i++) {
    const t = performance.now();
    matchListings(matchInputs(survey, answers), prepared);
    if (i >= 200) times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const p50 = times[Math.floor(times.length / 2)]!;
  const p99 = times[Math.floor(times.length * 0.99)]!;
  const group = 'matching';
  return [
    figure(
      group,
      'added to a response, 1,000 homes + 1,000 decor, p50',
      Math.round(p50 * 1000) / 1000,
      'ms',
      atMost(p50, 2, '≤ 2 ms'),
      'six listingMatch questions',
    ),
    figure(group, 'added to a response, p99', Math.round(p99 * 1000) / 1000, 'ms'),
  ];
}
