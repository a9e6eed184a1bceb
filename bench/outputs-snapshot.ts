// What Abode answers, written to files, for "no behaviour change" refactors (decision 0019): snapshot
// before and after, then compare.
//
//   node --import tsx bench/outputs-snapshot.ts --out <dir> [--build <built checkout>] [--db=postgres]
//   node --import tsx bench/outputs-snapshot.ts --compare <dirA> <dirB>
//   npm run bench -- --only=outputs --out=<dir> [--db=postgres]   (builds this checkout first)
//
// It starts the built server (dist/, `node scripts/build.mjs`; `--build <dir>` serves another built
// checkout, e.g. the commit before a refactor, with this tool) on a fresh temporary data folder with
// the demo data, an SMTP server and a webhook receiver of its own, and the default configuration
// otherwise (SQLite; `--db=postgres` a fresh database on BENCH_DATABASE_URL / TEST_DATABASE_URL's
// server, as the benches use), but for a fixed test JWT_SECRET (SNAPSHOT_SECRET): left unset, the
// server would make a new one in each run's fresh data folder, and what it signs with it and no clock
// (the visitor mails' unsubscribe tokens, u1.<address>.<HMAC>) would differ from run to run.
// Then, in this order: it waits for the demo data's notifications, logs in as staff
// (ADMIN_EMAIL/ADMIN_PASSWORD), adds a webhook endpoint for every event, and drives visitors through
// the public API (`journey/`: the active survey, an e-mail, progress saved and read back, the finished
// response with its matches; a second visitor who stops and comes back, so a "continue" link is
// mailed; a newsletter sign-up; the contact form), waits for the notifications, and saves:
//   pages/     every public page's HTML (/, the listing pages, about, contact (also prefilled), login,
//              /startsurvey and /result with the journey cookie, the dashboard's shell, a 404 page),
//              robots.txt, sitemap.xml
//   api/       the JSON of every GET the public site and the staff dashboard call (the paths of
//              src/shared/**/*.api.ts: site, lists, active survey, staff, campaigns and their results,
//              e-mail records, leads and each lead, contact messages, webhooks and deliveries, sent-mail
//              list, the OpenAPI document) and a few refusals (401, 404, 405)
//   exports/   the results .xlsx and the leads .xlsx, unzipped (every part: sheets, styles, workbook)
//   mail/      each message the SMTP server received: subject, html, text, and its addresses
//   webhooks/  each webhook request received: body and Standard Webhooks headers
//   media.txt  each /media/ image the lists name: status, type, SHA-256
//   responses.txt  every request made: method, path, status and response headers (not Date,
//              Content-Length, Connection, Keep-Alive)
// HTML, XML and SVG are saved with a line break after every `>` (reversible), so a line diff shows
// where a page changed; JSON is indented. Nothing else is reformatted.
//
// Normalised, because it changes from run to run and from build to build, and nothing else:
//   - asset file hashes: /assets/name-HASH.js → /assets/name-[hash].js (any extension);
//   - generated ids (UUIDs, also inside msg_…): <id-1>, <id-2>… numbered per file, first seen first;
//   - the clock: ISO times from two days before the run to 400 days after it → <time>; the run's
//     dates (UTC and Asia/Kolkata) written as 2026-11-26, 20261126, 26-11-2026, 26/11/2026,
//     26 Nov 2026, 26 November 2026, Nov 26, 2026 → <date>; times of day of the run written as
//     9:10 pm / 21:10 → <clock>, and in download names (…-20261126-211452.xlsx,
//     leads-2026-11-26-21-14.xlsx) → <date>-<clock>; epoch seconds or milliseconds in the window
//     → <epoch>; Excel serial dates of the run in the sheets (<v>46352.88…</v>) → <serial>; the
//     seconds to a rate-limit window's end (x-ratelimit-reset, retry-after) → <seconds>;
//   - secrets and tokens: JWTs, resume tokens (`resume=`/`token=` values and the ones the API
//     returned), signed-link `sig=`, webhook secrets (whsec_…) and signatures (v1,…), the
//     abode_login_device cookie's value, ETags;
//   - the server's port (a free port each run) after localhost / 127.0.0.1.
// Mail and webhooks arrive in whatever order the dispatcher sends them: they are numbered in order
// of their normalised recipient, subject and body.
//
// `--compare <dirA> <dirB>` prints each file that differs (a unified diff, at most 60 lines each),
// is missing or is new, and exits 1; or prints "identical: N files".
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ParsedMail } from 'mailparser';
import pg from 'pg';
import { startMailServer, type MailServer } from '#tests/helpers/mail-server';
import { startWebhookReceiver, type WebhookReceiver } from '#tests/helpers/webhook-receiver';
import { readZip } from '#tests/helpers/zip';
import { startAbode } from './lib/processes';

const STAFF = { email: 'snapshot@abode.test', password: 'snapshot-password-123', name: 'Snapshot Staff' };
/** The server's JWT_SECRET in every snapshot run (a test value: it signs nothing outside the run). */
const SNAPSHOT_SECRET = 'outputs-snapshot-test-secret-0123456789abcdef';
/** Set to empty (unset) whatever the calling shell has, so every run has the same configuration (JWT_SECRET then set to SNAPSHOT_SECRET). */
const CONFIG_VARIABLES = [
  'NODE_ENV',
  'JWT_SECRET',
  'REDIS_URL',
  'REDIS_KEY_PREFIX',
  'PUBLIC_BASE_URL',
  'ALLOWED_HOSTS',
  'TRUST_PROXY',
  'LOGIN_MAX_FAILURES',
  'STUDIO_NAME',
  'STUDIO_ADDRESS',
  'STUDIO_PHONE',
  'STUDIO_WHATSAPP',
  'STUDIO_EMAIL',
  'STUDIO_MAP_URL',
  'STUDIO_INSTAGRAM',
  'STUDIO_FACEBOOK',
  'STUDIO_LINKEDIN',
  'MAIL_FROM',
  'NOTIFY_EMAILS',
  'CONFIRM_VISITORS',
  'VISITOR_MAIL_PER_RECIPIENT_HOUR',
  'VISITOR_MAIL_PER_ADDRESS_HOUR',
  'SURVEY_FILES_PER_RECORD_MB',
  'SURVEY_FILES_PER_ADDRESS_DAY_MB',
  'SURVEY_FILES_TOTAL_MB',
];
/** Notifications have settled when nothing new has arrived for this long (the dispatcher polls every second). */
const QUIET_MS = 2500;

// ---------------------------------------------------------------------------------------------
// Taking a snapshot

interface Saved {
  /** Path inside the snapshot. */
  file: string;
  body: string;
}

class Snapshot {
  readonly files: Saved[] = [];
  readonly requests: string[] = [];
  /** Token values the API handed out, replaced wherever they appear. */
  readonly secrets = new Map<string, string>();
  token = '';

  constructor(readonly url: string) {}

  save(file: string, body: string): void {
    this.files.push({ file, body });
  }

  async call(method: string, pathAndQuery: string, options: { body?: unknown; staff?: boolean; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...options.headers };
    if (options.staff) headers.authorization = `Bearer ${this.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.url}${pathAndQuery}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      redirect: 'manual',
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    const shown = [...res.headers.entries()]
      .filter(([name]) => !['date', 'content-length', 'connection', 'keep-alive', 'transfer-encoding'].includes(name))
      .map(([name, value]) => `    ${name}: ${value}`);
    this.requests.push(`${method} ${pathAndQuery}${options.staff ? ' (staff)' : ''} → ${res.status}\n${shown.join('\n')}`);
    return { status: res.status, bytes, text: () => bytes.toString('utf8'), json: <T>() => JSON.parse(bytes.toString('utf8')) as T };
  }

  /** A JSON answer, saved as `file` (indented). */
  async json<T = unknown>(file: string, method: string, pathAndQuery: string, options: { body?: unknown; staff?: boolean } = {}): Promise<T> {
    const res = await this.call(method, pathAndQuery, options);
    const text = res.text();
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.save(file.replace(/\.json$/, '.txt'), text);
      return undefined as T;
    }
    this.save(file, `${JSON.stringify(value, null, 2)}\n`);
    return value as T;
  }

  async page(file: string, pathAndQuery: string, headers: Record<string, string> = {}): Promise<void> {
    const res = await this.call('GET', pathAndQuery, { headers });
    this.save(file, res.text());
  }

  /** An .xlsx download, each part saved under `dir`. */
  async workbook(dir: string, pathAndQuery: string): Promise<void> {
    const res = await this.call('GET', pathAndQuery, { staff: true });
    if (res.status !== 200) return this.save(`${dir}/answer.txt`, res.text());
    const entries = readZip(res.bytes);
    this.save(`${dir}/entries.txt`, `${entries.map((e) => e.name).join('\n')}\n`);
    for (const entry of entries) this.save(`${dir}/${entry.name}`, entry.data.toString('utf8'));
  }
}

/** Resolves once `count()` has not changed for QUIET_MS (and is at least `atLeast`), or after 60 s. */
async function settled(count: () => number, atLeast = 0): Promise<void> {
  const deadline = Date.now() + 60_000;
  let last = -1;
  let since = Date.now();
  while (Date.now() < deadline) {
    const now = count();
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (now >= atLeast && Date.now() - since >= QUIET_MS) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`notifications did not settle (${count()} after 60 s)`);
}

function checkBuild(dir: string): void {
  const stamp = path.join(dir, 'dist/build-info.json');
  if (!existsSync(path.join(dir, 'dist/server/server.js')) || !existsSync(stamp)) {
    throw new Error(`no build in ${dir}: run \`node scripts/build.mjs\` there first`);
  }
  const newest = (p: string): number => {
    if (!existsSync(p)) return 0;
    const stat = statSync(p);
    return stat.isDirectory() ? Math.max(stat.mtimeMs, ...readdirSync(p).map((e) => newest(path.join(p, e)))) : stat.mtimeMs;
  };
  if (statSync(stamp).mtimeMs < newest(path.join(dir, 'src')))
    throw new Error(`the build in ${dir} is older than its sources: run \`node scripts/build.mjs\` there first`);
}

const DEMO_ANSWERS = {
  propertyType: 'apartment',
  budget: 10000000,
  bedrooms: 2,
  homeLoan: false,
  localities: ['Koramangala', 'HSR Layout'],
  nearMetro: true,
  commuteTime: '30 minutes',
  amenities: ['Gym', 'Swimming pool'],
  decorStyle: 'scandinavian',
  interiorHelp: true,
  interiorBudget: 1500000,
  moveIn: 12,
  notes: 'Two children; a park nearby would be good.',
  phone: '98450 22222',
  callTime: 'Morning',
};

/**
 * The visitors' calls, as the site makes them; returns the campaign's id. After each call that
 * raises a webhook event it waits for that webhook (`hooks(n)`: n received so far), so each event
 * is fanned out on its own and the delivery log's order does not depend on the dispatcher's timing.
 */
async function visitorJourney(s: Snapshot, hooks: (count: number) => Promise<void>): Promise<string> {
  const [campaign] = await s.json<Array<{ _id: string }>>('journey/01-active-campaign.json', 'GET', '/api/campagin/active');
  const campaignId = campaign!._id;
  const email = 'asha.visitor@example.com';
  const added = await s.json<{ emailID: string }>('journey/02-email-add.json', 'POST', '/api/email/add', { body: { email, campaignid: campaignId } });
  await hooks(1);
  const { propertyType, budget, bedrooms } = DEMO_ANSWERS;
  const saved = await s.json<{ resumeToken: string }>('journey/03-progress-save.json', 'POST', `/api/campaign/progress/${campaignId}`, {
    body: { response: { email, emailId: added.emailID, answer: { propertyType, budget, bedrooms }, page: 1 } },
  });
  s.secrets.set(saved.resumeToken, '<resume-token-1>');
  await s.json('journey/04-progress-read.json', 'GET', `/api/campaign/progress/${campaignId}?token=${encodeURIComponent(saved.resumeToken)}`);
  await s.json('journey/05-resume.json', 'GET', `/api/campaign/resume?token=${encodeURIComponent(saved.resumeToken)}`);
  await s.json('journey/06-progress-save-again.json', 'POST', `/api/campaign/progress/${campaignId}`, {
    body: {
      response: {
        email,
        emailId: added.emailID,
        answer: { propertyType, budget, bedrooms, localities: DEMO_ANSWERS.localities },
        page: 2,
        resumeToken: saved.resumeToken,
      },
    },
  });
  await s.json('journey/07-response.json', 'POST', `/api/campaign/response/${campaignId}`, {
    body: { response: { email, emailId: added.emailID, answer: DEMO_ANSWERS } },
  });
  await hooks(2);
  await s.json('journey/08-response-again.json', 'POST', `/api/campaign/response/${campaignId}`, {
    body: { response: { email, emailId: added.emailID, answer: DEMO_ANSWERS } },
  });

  // A visitor who stops after the first page and gives the e-mail again later: a "continue" link is mailed.
  const later = 'dev.later@example.com';
  const first = await s.json<{ emailID: string }>('journey/09-second-visitor-email.json', 'POST', '/api/email/add', {
    body: { email: later, campaignid: campaignId },
  });
  await hooks(3);
  const kept = await s.json<{ resumeToken: string }>('journey/10-second-visitor-progress.json', 'POST', `/api/campaign/progress/${campaignId}`, {
    body: { response: { email: later, emailId: first.emailID, answer: { propertyType: 'villa', budget: 50000000, bedrooms: 4 }, page: 1 } },
  });
  s.secrets.set(kept.resumeToken, '<resume-token-2>');
  await s.json('journey/11-second-visitor-returns.json', 'POST', '/api/email/add', { body: { email: later, campaignid: campaignId } });

  await s.json('journey/12-newsletter.json', 'POST', '/api/email/add', { body: { email: 'news.reader@example.com', campaignid: null } });
  await hooks(4);
  await s.json('journey/13-contact.json', 'POST', '/api/contactus/add', {
    body: {
      response: {
        firstname: 'Asha',
        lastname: 'Visitor',
        email,
        requestquotation: 'Homes',
        message: 'Is the Koramangala apartment still available? Evenings are best for a call.',
      },
    },
  });
  await hooks(5);
  // Refusals visitors can meet.
  await s.json('journey/14-email-invalid.json', 'POST', '/api/email/add', { body: { email: 'not an address', campaignid: campaignId } });
  await s.json('journey/15-contact-invalid.json', 'POST', '/api/contactus/add', { body: { response: { firstname: '' } } });
  return campaignId;
}

async function staffReads(s: Snapshot, campaignId: string, webhookId: string): Promise<void> {
  await s.json('api/public/site.json', 'GET', '/api/site');
  await s.json('api/public/healthz.json', 'GET', '/healthz');
  for (const kind of ['project', 'product', 'studio']) await s.json(`api/public/${kind}-get.json`, 'GET', `/api/${kind}/get`);
  await s.json('api/public/campaign-active.json', 'GET', '/api/campagin/active');

  await s.json('api/staff/staff.json', 'GET', '/api/staff', { staff: true });
  const campaigns = await s.json<Array<{ _id: string }>>('api/staff/campaign-all.json', 'GET', '/api/campagin/all', { staff: true });
  for (const [i, { _id: id }] of campaigns.entries()) {
    const dir = `api/staff/campaign-${i + 1}${id === campaignId ? '-active' : ''}`;
    await s.json(`${dir}/edit.json`, 'GET', `/api/campagin/edit/${id}`, { staff: true });
    await s.json(`${dir}/recordcnt.json`, 'GET', `/api/campaign/recordcnt/${id}`, { staff: true });
    await s.json(`${dir}/colheader.json`, 'GET', `/api/campaign/colheader/${id}`, { staff: true });
    await s.json(`${dir}/answers.json`, 'GET', `/api/campaign/answers/${id}`, { staff: true });
    await s.json(`${dir}/answers-filtered.json`, 'GET', `/api/campaign/answers/${id}?status=completed&propertyType=apartment&limit=2`, { staff: true });
    await s.json(`${dir}/answers-refused.json`, 'GET', `/api/campaign/answers/${id}?q=asha`, { staff: true });
    await s.json(`${dir}/summary.json`, 'GET', `/api/campaign/summary/${id}`, { staff: true });
    await s.json(`${dir}/summary-all.json`, 'GET', `/api/campaign/summary/${id}?status=all`, { staff: true });
    await s.json(`${dir}/summary-filtered.json`, 'GET', `/api/campaign/summary/${id}?status=completed&propertyType=apartment`, { staff: true });
    await s.json(`${dir}/email-get.json`, 'GET', `/api/email/get/${id}`, { staff: true });
    await s.workbook(`exports/results-${i + 1}`, `/api/campaign/download/${id}`);
  }
  await s.json('api/staff/email-all.json', 'GET', '/api/email/all', { staff: true });
  await s.json('api/staff/email-all-search.json', 'GET', '/api/email/all?q=example.com&limit=3&offset=1', { staff: true });
  await s.json('api/staff/contactus-get.json', 'GET', '/api/contactus/get', { staff: true });

  const leads = await s.json<{ items: Array<{ _id: string; email: string }> }>('api/staff/leads.json', 'GET', '/api/leads?limit=100', { staff: true });
  await s.json('api/staff/leads-filtered.json', 'GET', '/api/leads?status=new&limit=2', { staff: true });
  for (const lead of leads.items) await s.json(`api/staff/lead/${lead.email}.json`, 'GET', `/api/leads/${lead._id}`, { staff: true });
  await s.workbook('exports/leads', '/api/leads/export');

  await s.json('api/staff/webhooks.json', 'GET', '/api/webhooks', { staff: true });
  await s.json('api/staff/webhook-deliveries.json', 'GET', `/api/webhooks/${webhookId}/deliveries`, { staff: true });
  await s.json('api/staff/notifications-mail.json', 'GET', '/api/notifications/mail', { staff: true });
  await s.json('api/staff/docs.json', 'GET', '/api/docs', { staff: true });

  // Refusals.
  await s.json('api/refused/leads-without-token.json', 'GET', '/api/leads');
  await s.json('api/refused/unknown-api.json', 'GET', '/api/nothing-here');
  await s.json('api/refused/leads-post.json', 'POST', '/api/leads', { staff: true, body: {} });
  await s.json('api/refused/lead-unknown.json', 'GET', '/api/leads/00000000-0000-7000-8000-000000000000', { staff: true });
}

async function pages(s: Snapshot): Promise<void> {
  const journey = { cookie: 'abode-journey=1' };
  for (const [file, url, headers] of [
    ['home.html', '/'],
    ['projects.html', '/viewProjects'],
    ['products.html', '/viewProducts'],
    ['studios.html', '/viewStudio'],
    ['about.html', '/viewAboutus'],
    ['contact.html', '/viewContact'],
    ['contact-prefilled.html', '/viewContact?quote=Homes&about=Koramangala%20apartment'],
    ['login.html', '/login'],
    ['startsurvey.html', '/startsurvey', journey],
    ['result.html', '/result', journey],
    ['startsurvey-without-journey.html', '/startsurvey'],
    ['dashboard.html', '/dashboard'],
    ['not-found.html', '/no-such-page'],
    ['lower-case-address.html', '/viewprojects'],
    ['robots.txt', '/robots.txt'],
    ['sitemap.xml', '/sitemap.xml'],
  ] as Array<[string, string, Record<string, string>?]>) {
    await s.page(`pages/${file}`, url, headers);
  }
}

/** The images the public lists name: status, type and a hash of the bytes. */
async function media(s: Snapshot): Promise<void> {
  const names = new Set<string>();
  for (const { file, body } of s.files) if (file.startsWith('api/public/')) for (const [m] of body.matchAll(/\/media\/[\w.-]+/g)) names.add(m);
  const lines: string[] = [];
  for (const name of [...names].sort()) {
    const res = await s.call('GET', name);
    lines.push(`${name} ${res.status} ${res.bytes.length} bytes sha256:${createHash('sha256').update(res.bytes).digest('hex')}`);
  }
  s.save('media.txt', `${lines.join('\n')}\n`);
}

function mailFiles(messages: ParsedMail[]): Array<Saved & { key: string }> {
  const described = messages.map((m) => {
    const address = (a: ParsedMail['to']) =>
      a === undefined
        ? null
        : [a]
            .flat()
            .map((x) => x.text)
            .join(', ');
    const meta = {
      from: address(m.from),
      to: address(m.to),
      cc: address(m.cc),
      replyTo: address(m.replyTo),
      subject: m.subject ?? null,
      attachments: m.attachments.map((a) => a.filename ?? a.contentType),
      headers: [...m.headers.keys()].sort(),
    };
    return { meta, subject: m.subject ?? '', html: typeof m.html === 'string' ? m.html : '', text: m.text ?? '' };
  });
  return described.flatMap((m) =>
    [
      { file: 'meta.json', body: `${JSON.stringify(m.meta, null, 2)}\n` },
      { file: 'subject.txt', body: `${m.subject}\n` },
      { file: 'body.html', body: m.html },
      { file: 'body.txt', body: m.text },
    ].map((f) => ({ ...f, key: `${m.meta.to}\n${m.subject}\n${m.text}` })),
  );
}

function webhookFiles(receiver: WebhookReceiver): Array<Saved & { key: string }> {
  return receiver.received.map((hook) => {
    let body: string;
    try {
      body = `${JSON.stringify(JSON.parse(hook.body), null, 2)}\n`;
    } catch {
      body = hook.body;
    }
    const headers = ['content-type', 'user-agent', 'webhook-id', 'webhook-timestamp', 'webhook-signature']
      .map((h) => `${h}: ${String(hook.headers[h] ?? '')}`)
      .join('\n');
    return { file: 'request.json', body: `${headers}\n\n${body}`, key: body };
  });
}

const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A fresh PostgreSQL database for `fn`, dropped afterwards. */
async function withPgDatabase<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const name = `abode_outputs_${Date.now().toString(36)}`;
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

async function takeSnapshot(outDir: string, buildDir: string, databaseUrl: string): Promise<{ files: number; seconds: number }> {
  const started = Date.now();
  checkBuild(buildDir);
  const mail: MailServer = await startMailServer();
  const receiver = await startWebhookReceiver();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'abode-outputs-'));
  const blank = Object.fromEntries(CONFIG_VARIABLES.map((v) => [v, '']));
  const server = await startAbode(
    {
      ...blank,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: SNAPSHOT_SECRET,
      SEED_DEMO: 'true',
      ADMIN_EMAIL: STAFF.email,
      ADMIN_PASSWORD: STAFF.password,
      ADMIN_NAME: STAFF.name,
      SMTP_URL: mail.url,
      ALLOW_PRIVATE_WEBHOOKS: 'true',
      LOG_LEVEL: 'warn',
    },
    buildDir === process.cwd() ? undefined : buildDir,
  );
  const s = new Snapshot(server.url);
  let mailSaved: Array<Saved & { key: string }>;
  try {
    // The demo leads' notifications first, so that the webhook endpoint sees only the journey's events.
    await settled(() => mail.messages.length, 1);
    const login = await s.json<{ token: string }>('journey/00-login.json', 'POST', '/api/login', { body: STAFF });
    s.token = login.token;
    const hook = await s.json<{ _id: string; secret: string }>('journey/00-webhook-add.json', 'POST', '/api/webhooks', {
      staff: true,
      body: { url: receiver.url, events: ['lead.created', 'survey.completed', 'contact.created'] },
    });
    // A webhook that does not come (a changed build) shows in the snapshot; the run goes on.
    const hooks = (count: number) =>
      receiver.waitFor(count, 10_000).then(
        () => undefined,
        () => undefined,
      );
    const campaignId = await visitorJourney(s, hooks);
    await settled(() => mail.messages.length + receiver.received.length);
    await staffReads(s, campaignId, hook._id);
    await pages(s);
    await media(s);
    mailSaved = mailFiles(mail.messages);
  } finally {
    await server.stop();
    await mail.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const hooks = webhookFiles(receiver);
  await receiver.close();

  const until = Date.now();
  const ports = [server.url, mail.url, receiver.url].map((u) => new URL(u).port);
  const clock = clockPatterns(started, until);
  const secrets = s.secrets;
  const normalise = (file: string, body: string) => normaliseText(file, body, { ports, clock, secrets });

  rmSync(outDir, { recursive: true, force: true });
  const written: string[] = [];
  const write = (file: string, body: string) => {
    const target = path.join(outDir, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, normalise(file, body));
    written.push(file);
  };
  for (const { file, body } of s.files) write(file, body);
  write('responses.txt', `${s.requests.join('\n')}\n`);
  // Mail and webhooks in a stable order: by what they say once normalised.
  const ordered = <T extends Saved & { key: string }>(items: T[], per: number, dir: string) => {
    const groups: T[][] = [];
    for (let i = 0; i < items.length; i += per) groups.push(items.slice(i, i + per));
    groups
      .map((g) => ({ g, key: normalise('key', g[0]!.key) }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .forEach(({ g }, i) => g.forEach((f) => write(`${dir}/${String(i + 1).padStart(2, '0')}/${f.file}`, f.body)));
  };
  ordered(mailSaved, 4, 'mail');
  ordered(hooks, 1, 'webhooks');
  const seconds = Number(((Date.now() - started) / 1000).toFixed(1));
  console.log(`wrote ${written.length} files to ${outDir} in ${seconds} s (${mail.messages.length} mails, ${receiver.received.length} webhooks)`);
  return { files: written.length, seconds };
}

/** A snapshot of the build in `build` (default: this checkout) into `outDir`. */
export function snapshotOutputs(outDir: string, options: { build?: string; db?: string } = {}): Promise<{ files: number; seconds: number }> {
  const take = (databaseUrl: string) => takeSnapshot(path.resolve(outDir), path.resolve(options.build ?? process.cwd()), databaseUrl);
  const db = options.db ?? 'sqlite';
  if (db !== 'sqlite' && db !== 'postgres') throw new Error('--db is sqlite or postgres');
  return db === 'postgres' ? withPgDatabase(take) : take('');
}

// ---------------------------------------------------------------------------------------------
// Normalising

interface Normalising {
  /** The server's, the SMTP server's and the webhook receiver's (free ports, new each run). */
  ports: string[];
  clock: ClockPatterns;
  secrets: Map<string, string>;
}

interface ClockPatterns {
  from: number;
  to: number;
  /** The run's dates in the forms pages, mail and sheets write them. */
  dates: string[];
  /** Hours and minutes of the run, as 9:10 pm and 21:10 (UTC and Asia/Kolkata). */
  times: string[];
  /** Excel serial days of the run (whole days), UTC and Asia/Kolkata. */
  serialDays: number[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

function clockPatterns(started: number, until: number): ClockPatterns {
  const dates = new Set<string>();
  const times = new Set<string>();
  const serialDays = new Set<number>();
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const longMonths = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  for (const offsetMin of [0, 330]) {
    for (let t = started - 60_000; t <= until + 60_000; t += 30_000) {
      const d = new Date(t + offsetMin * 60_000);
      const y = d.getUTCFullYear();
      const m = d.getUTCMonth();
      const day = d.getUTCDate();
      const mm = String(m + 1).padStart(2, '0');
      const dd = String(day).padStart(2, '0');
      for (const form of [
        `${y}${mm}${dd}`,
        `${y}-${mm}-${dd}`,
        `${dd}-${mm}-${y}`,
        `${dd}/${mm}/${y}`,
        `${day} ${months[m]} ${y}`,
        `${dd} ${months[m]} ${y}`,
        `${day} ${longMonths[m]} ${y}`,
        `${months[m]} ${day}, ${y}`,
      ])
        dates.add(form);
      const h = d.getUTCHours();
      const min = String(d.getUTCMinutes()).padStart(2, '0');
      times.add(`${String(h).padStart(2, '0')}:${min}`);
      times.add(`${((h + 11) % 12) + 1}:${min} ${h < 12 ? 'am' : 'pm'}`);
      times.add(`${((h + 11) % 12) + 1}:${min} ${h < 12 ? 'AM' : 'PM'}`);
      serialDays.add(Math.floor((t + offsetMin * 60_000) / DAY_MS) + 25569);
    }
  }
  const longestFirst = (a: string, b: string) => b.length - a.length;
  return {
    from: started - 2 * DAY_MS,
    to: until + 400 * DAY_MS,
    dates: [...dates].sort(longestFirst),
    times: [...times].sort(longestFirst),
    serialDays: [...serialDays],
  };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})?/g;

export function normaliseText(file: string, text: string, n: Normalising): string {
  // Line breaks first, so that the placeholders' own `>` get none.
  let out = /\.(html|xml|svg|rels)$/.test(file) ? text.replace(/>(?!\n)/g, '>\n') : text;
  for (const [secret, name] of n.secrets) out = out.split(secret).join(name);
  out = out
    // Asset hashes (Vite's 8-character hash before the extension).
    .replace(/(\/assets\/[\w./-]*?)-[\w-]{8}(\.[a-z0-9]+)(?=[^a-z0-9]|$)/gi, '$1-[hash]$2')
    // Tokens.
    .replace(/eyJ[\w-]+\.[\w-]+\.[\w-]+/g, '<jwt>')
    .replace(/whsec_[A-Za-z0-9+/=]+/g, 'whsec_<secret>')
    .replace(/\bv1,[A-Za-z0-9+/=]+/g, 'v1,<signature>')
    .replace(/((?:resume|token|sig)(?:=|%3D))[\w%-]{16,}/g, '$1<token>')
    .replace(/(abode_login_device=)[^;\s]+/g, '$1<cookie>')
    .replace(/(etag: )(W\/)?"[^"]*"/gi, '$1$2"<etag>"')
    // The ports of the server and of the tool's own SMTP server and webhook receiver.
    .replace(new RegExp(`((?:localhost|127\\.0\\.0\\.1|\\[::1\\]):)(?:${n.ports.map(escape).join('|')})\\b`, 'g'), '$1<port>');
  // The clock.
  out = out.replace(ISO_TIME, (match) => {
    const t = Date.parse(match);
    return Number.isFinite(t) && match.length > 10 && t >= n.clock.from && t <= n.clock.to ? '<time>' : match;
  });
  out = out.replace(/\b\d{10}(?:\d{3})?\b/g, (match) => {
    const t = match.length === 13 ? Number(match) : Number(match) * 1000;
    return t >= n.clock.from && t <= n.clock.to ? '<epoch>' : match;
  });
  // Seconds to the end of a rate-limit window.
  out = out.replace(/^(\s+(?:x-ratelimit-reset|retry-after): )\d+$/gm, '$1<seconds>');
  for (const date of n.clock.dates) out = out.split(date).join('<date>');
  // File name stamps: Name-20261126-211452.xlsx, leads-2026-11-26-21-14.xlsx.
  out = out.replace(/<date>-(?:\d{6}|\d{2}-\d{2})(?=\.)/g, '<date>-<clock>');
  for (const time of n.clock.times) out = out.replace(new RegExp(`(?<![\\d:])${escape(time)}(?![\\d:])`, 'g'), '<clock>');
  if (file.endsWith('.xml')) {
    out = out.replace(/(<v>\n?)(\d{5})(\.\d+)?(?=<\/v>)/g, (match, open: string, days: string) =>
      n.clock.serialDays.includes(Number(days)) ? `${open}<serial>` : match,
    );
  }
  // Generated ids, numbered per file in order of first appearance.
  const ids = new Map<string, string>();
  out = out.replace(UUID, (id) => {
    const key = id.toLowerCase();
    if (!ids.has(key)) ids.set(key, `<id-${ids.size + 1}>`);
    return ids.get(key)!;
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Comparing

function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listFiles(dir, path.join(prefix, e.name)) : [path.join(prefix, e.name)]))
    .sort();
}

export function compareSnapshots(a: string, b: string): number {
  const left = new Set(listFiles(a));
  const right = new Set(listFiles(b));
  const all = [...new Set([...left, ...right])].sort();
  let differing = 0;
  for (const file of all) {
    if (!right.has(file)) {
      console.log(`only in ${a}: ${file}`);
      differing++;
    } else if (!left.has(file)) {
      console.log(`only in ${b}: ${file}`);
      differing++;
    } else if (!readFileSync(path.join(a, file)).equals(readFileSync(path.join(b, file)))) {
      differing++;
      const diff = spawnSync('diff', ['-u', '--label', `${a}/${file}`, '--label', `${b}/${file}`, path.join(a, file), path.join(b, file)], {
        encoding: 'utf8',
      });
      const lines = (diff.stdout || `${file} differs\n`).split('\n');
      console.log(lines.slice(0, 60).join('\n') + (lines.length > 60 ? `\n… ${lines.length - 60} more lines of diff` : ''));
    }
  }
  if (differing === 0) console.log(`identical: ${all.length} files`);
  else console.log(`${differing} of ${all.length} files differ`);
  return differing;
}

// ---------------------------------------------------------------------------------------------

export async function outputsSnapshot(args: string[]): Promise<number> {
  const at = (flag: string) => {
    const i = args.findIndex((a) => a === flag || a.startsWith(`${flag}=`));
    if (i < 0) return undefined;
    return args[i]!.includes('=') ? args[i]!.slice(flag.length + 1) : args[i + 1];
  };
  const compare = args.indexOf('--compare');
  if (compare >= 0) {
    const [a, b] = args.slice(compare + 1, compare + 3);
    if (!a || !b) throw new Error('usage: --compare <dirA> <dirB>');
    return compareSnapshots(a, b) === 0 ? 0 : 1;
  }
  const out = at('--out');
  if (!out) throw new Error('usage: --out <dir> [--build <built checkout>] | --compare <dirA> <dirB>');
  await snapshotOutputs(out, { build: at('--build'), db: at('--db') });
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  outputsSnapshot(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(2);
    },
  );
}
