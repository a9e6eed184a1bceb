import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import type { Config } from '#server/config';
import { createDatabase, type DatabaseHandle } from '#server/db/database';
import { createStaff } from '#server/features/auth/auth.service';
import type { Channel } from '#shared/channels/channels.contract';
import { type KioskBatchResult, type KioskDeviceCreated, type KioskResponseInput } from '#shared/kiosk/kiosk.contract';
import { KIOSK_API } from '#shared/kiosk/kiosk.api';
import { LEADS_API } from '#shared/leads/leads.api';
import { type NotificationEventType } from '#shared/notifications/notifications.contract';
import { WEBHOOKS_API } from '#shared/notifications/notifications.api';
import type { StudioSettings } from '#shared/settings/settings.contract';
import { DEFAULT_SLOT_SETTINGS, type SlotSettings, type VisitSlot } from '#shared/visits/visits.contract';
import { STAFF, testConfig, type TestContext } from '../helpers/app';
import { createMigratedTestDatabase, untestedReason, type TestDatabase } from '../helpers/databases';
import { testImage } from '../helpers/images';
import { startMailServer } from '../helpers/mail-server';
import { multipart } from '../helpers/multipart';
import { startWebhookReceiver } from '../helpers/webhook-receiver';
import { createActiveCampaign, surveyText } from '../factories/campaigns';
import { saveSettings } from '../factories/settings';

/*
 * Jobs on several instances (decision 0046): two apps (two instances, each with its own connection
 * pool) on ONE PostgreSQL database, their clocks set to the same times, every job run on both at
 * once (Promise.all of both ticks), several times over. Lead reminders, the morning digest, visit
 * reminders, the kiosk's sync, a channel closing at its time and retention each happen once:
 * counted as e-mails at a real SMTP server, webhooks at a real receiver, and rows in the tables.
 *
 * PostgreSQL only. SQLite is one process by design (decision 0002: one instance writes its file,
 * with group commit in that process), so two instances on one SQLite file are not a deployment
 * Abode supports, and there is nothing to test there. Without TEST_DATABASE_URL the block is listed
 * as skipped with the reason, as the PostgreSQL half of every other integration test is
 * (tests/helpers/databases.ts).
 */
const mail = await startMailServer();
const receiver = await startWebhookReceiver();
afterAll(async () => {
  await mail.close();
  await receiver.close();
});

const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** How many times each job is run on both instances at once. */
const TICKS = 4;
const TAKER = { email: 'taker@abode.test', name: 'Tara Taker', password: 'another correct horse', role: 'staff' as const };
const SURVEY = {
  pages: [
    {
      name: 'p1',
      elements: [
        { type: 'text', name: 'who', title: 'Your name', leadField: 'name' },
        { type: 'text', name: 'city', title: 'Which city?' },
      ],
    },
  ],
};
/** Every day open 09:00–18:00 (studio time), hour slots, five seats. */
const ALL_WEEK: SlotSettings = {
  ...DEFAULT_SLOT_SETTINGS,
  enabled: true,
  weeklyHours: DEFAULT_SLOT_SETTINGS.weeklyHours.map(() => ({ open: true, from: '09:00', to: '18:00' })),
  seats: 5,
  daysAhead: 10,
};

const recipients = (m: ParsedMail) =>
  (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase())).sort();
const subjects = (prefix: string) => mail.messages.filter((m) => m.subject?.startsWith(prefix));
/** The studio day (Asia/Kolkata) of an instant, as YYYY-MM-DD. */
const istDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(at);

const NAME = 'background jobs, two instances on one database';
const reason = untestedReason('postgres');
if (reason) describe.skip(`${NAME} [postgres] — skipped: ${reason}`, () => suite());
else describe(`${NAME} [postgres]`, () => suite());

function suite(): void {
  let testDb: TestDatabase;
  let config: Config;
  const databases: DatabaseHandle[] = [];
  let a: FastifyInstance;
  let b: FastifyInstance;
  /** Both instances' clock: the test sets it, each app reads it. */
  let now = new Date();
  let token = '';
  let campaign = '';

  const asStaff = (options: InjectOptions, app: FastifyInstance = a): Promise<LightMyRequestResponse> =>
    app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
  const ctx = () => ({ app: a, asStaff: (o: InjectOptions) => asStaff(o) }) as unknown as TestContext;
  const db = () => databases[0]!.db;
  /** Both instances at once, `TICKS` times; every answer of every tick. */
  async function onBoth<T>(tick: (app: FastifyInstance) => Promise<T>): Promise<T[]> {
    const out: T[] = [];
    for (let i = 0; i < TICKS; i++) out.push(...(await Promise.all([tick(a), tick(b)])));
    return out;
  }
  /** Both dispatchers at once until neither finds anything to send. */
  async function drainBoth(): Promise<void> {
    const run = async (app: FastifyInstance) => {
      for (let idle = 0, rounds = 0; idle < 2; rounds++) {
        if (rounds > 100) throw new Error('the dispatcher did not settle');
        const { fannedOut, attempted } = await app.notifications.runOnce();
        idle = fannedOut + attempted === 0 ? idle + 1 : 0;
      }
    };
    await Promise.all([run(a), run(b)]);
  }
  const putSettings = (change: Partial<StudioSettings>) => saveSettings((o) => asStaff(o), change);
  const count = async (type: NotificationEventType, leadIds: string[]) =>
    Number(
      (
        await db()
          .selectFrom('notificationEvents')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('type', '=', type)
          .where('leadId', 'in', leadIds)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    testDb = await createMigratedTestDatabase('postgres');
    config = testConfig(testDb, {
      publicBaseUrl: 'https://go.abode-studio.in',
      notify: {
        smtpUrl: mail.url,
        mailFrom: '"Test Studio" <studio@abode.test>',
        mailDir: '/nonexistent',
        notifyEmails: [],
        confirmVisitors: true,
        allowPrivateWebhooks: true,
        dispatch: false,
      },
    });
    // Two instances: each its own pool on the one database, as two processes would have.
    for (let i = 0; i < 2; i++) databases.push(createDatabase(config.database));
    const apps = await Promise.all(databases.map((database) => buildApp(config, { database, logger: false, clock: () => now })));
    a = apps[0]!;
    b = apps[1]!;
    await Promise.all([a.ready(), b.ready()]);
    await createStaff(db(), STAFF);
    await createStaff(db(), TAKER);
    const login = await a.inject({ method: 'POST', url: '/api/login', payload: { email: STAFF.email, password: STAFF.password } });
    token = login.json<{ token: string }>().token;
    // New leads go by turn to the owner and the taker (decision 0023).
    await putSettings({ assignment: { mode: 'round-robin', rules: [] } });
    campaign = await createActiveCampaign(ctx(), { name: 'Two instances', questions: surveyText(SURVEY) });
    const hook = await asStaff({
      method: 'POST',
      url: WEBHOOKS_API.create,
      payload: { url: receiver.url, events: ['lead.created', 'survey.completed', 'contact.created'] },
    });
    expect(hook.statusCode, hook.body).toBe(201);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await Promise.all(databases.map((d) => d.close()));
    await testDb?.drop();
  });
  beforeEach(async () => {
    await drainBoth();
    mail.messages.length = 0;
    receiver.received.length = 0;
  });

  const leadsByEmail = (emails: string[]) => db().selectFrom('leads').selectAll().where('emailKey', 'in', emails).execute();

  it('reminds of each lead once: first contact due, overdue and next actions, with both instances ticking at the same instant', async () => {
    const emails = Array.from({ length: 12 }, (_, i) => `remind${i}@example.com`);
    // New leads through both instances at once, assigned by turn to the owner and the taker.
    const added = await Promise.all(
      emails.map((email, i) => (i % 2 ? b : a).inject({ method: 'POST', url: '/api/email/add', payload: { email, campaignid: campaign } })),
    );
    expect(added.map((r) => r.statusCode)).toEqual(emails.map(() => 201));
    await drainBoth();
    expect(subjects('Assigned to you:')).toHaveLength(12);
    mail.messages.length = 0;
    const leads = await leadsByEmail(emails);
    const ids = leads.map((l) => l.id);
    expect(new Set(leads.map((l) => l.assigneeId)).size).toBe(2);
    const latest = (column: 'firstContactDueAt' | 'firstContactEscalateAt') =>
      new Date(Math.max(...leads.map((l) => new Date(l[column] as string | Date).getTime())));

    // The first-contact target: each lead's reminder taken once across both instances and every tick.
    now = latest('firstContactDueAt');
    const due = await onBoth((app) => app.followUp.runOnce());
    expect(due.reduce((s, r) => s + r.reminders.first_contact_due, 0)).toBe(12);
    expect(await count('lead.first_contact_due', ids)).toBe(12);
    await drainBoth();
    const reminders = subjects('Reminder: please contact');
    expect(reminders).toHaveLength(12);
    expect(new Set(reminders.map((m) => m.subject)).size).toBe(12);

    // Twice the target: the escalation, once each.
    now = latest('firstContactEscalateAt');
    const overdue = await onBoth((app) => app.followUp.runOnce());
    expect(overdue.reduce((s, r) => s + r.reminders.first_contact_overdue, 0)).toBe(12);
    expect(await count('lead.first_contact_overdue', ids)).toBe(12);
    await drainBoth();
    expect(subjects('Overdue:')).toHaveLength(12);
    expect(new Set(subjects('Overdue:').map((m) => m.subject)).size).toBe(12);

    // A next action on four of them, due in an hour: one mail each.
    const at = new Date(now.getTime() + HOUR);
    for (const [i, lead] of leads.slice(0, 4).entries()) {
      const res = await asStaff(
        { method: 'PUT', url: LEADS_API.nextAction(lead.id), payload: { text: `Call back ${i}`, dueAt: at.toISOString() } },
        i % 2 ? b : a,
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    now = at;
    const actions = await onBoth((app) => app.followUp.runOnce());
    expect(actions.reduce((s, r) => s + r.reminders.next_action_due, 0)).toBe(4);
    expect(await count('lead.next_action_due', ids)).toBe(4);
    await drainBoth();
    expect(
      subjects('Next action due:')
        .map((m) => m.subject!.replace(/ \(.*$/, ''))
        .sort(),
    ).toEqual(['Call back 0', 'Call back 1', 'Call back 2', 'Call back 3'].map((t) => `Next action due: ${t}`));
  });

  it('sends the morning digest once per person and studio day, with both instances ticking all day', async () => {
    // The next working day (Monday to Saturday by default), just after 09:00 in Kolkata.
    let day = istDay(new Date(now.getTime() + DAY));
    if (new Date(`${day}T09:00:30+05:30`).getUTCDay() === 0) day = istDay(new Date(Date.parse(`${day}T12:00:00+05:30`) + DAY));
    now = new Date(`${day}T09:00:30+05:30`);
    const first = await onBoth((app) => app.followUp.runOnce());
    expect(first.reduce((s, r) => s + r.digests, 0)).toBe(2);
    // Later that day, again on both: nothing more.
    now = new Date(`${day}T13:00:00+05:30`);
    expect((await onBoth((app) => app.followUp.runOnce())).reduce((s, r) => s + r.digests, 0)).toBe(0);
    const digests = subjects('Your day:');
    expect(digests.map(recipients)).toEqual(expect.arrayContaining([[STAFF.email], [TAKER.email]]));
    expect(digests).toHaveLength(2);
    const rows = await db().selectFrom('followupDigests').select(['staffId', 'day']).where('day', '=', day).execute();
    expect(rows).toHaveLength(2);
  });

  it("answers 'closed' on both instances from the channel's closing instant, and closing queues no mail or webhook", async () => {
    const create = await asStaff({
      method: 'POST',
      url: '/api/channels',
      payload: { campaignId: campaign, name: 'Expo weekend', kind: 'link', closesAt: new Date(now.getTime() + HOUR).toISOString() },
    });
    expect(create.statusCode, create.body).toBe(201);
    const channel = create.json<{ channel: Channel }>().channel;
    const closesAt = Date.parse(channel.closesAt!);
    const link = (app: FastifyInstance) => app.inject({ method: 'GET', url: `/api/channels/link/${channel.code}` });
    const arrive = (app: FastifyInstance, email: string) => app.inject({ method: 'POST', url: '/api/email/add', payload: { email, channel: channel.code } });

    now = new Date(closesAt - 1);
    const before = await Promise.all([link(a), link(b)]);
    expect(before.map((r) => r.json<{ status: string }>().status)).toEqual(['open', 'open']);
    const events = async () =>
      Number(
        (
          await db()
            .selectFrom('notificationEvents')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const eventsBefore = await events();

    now = new Date(closesAt);
    const after = await Promise.all([link(a), link(b)]);
    expect(after.map((r) => r.json<{ status: string }>().status)).toEqual(['closed', 'closed']);
    const refused = await Promise.all([arrive(a, 'late.a@example.com'), arrive(b, 'late.b@example.com')]);
    expect(refused.map((r) => [r.statusCode, r.json<{ status: string }>().status])).toEqual([
      [409, 'closed'],
      [409, 'closed'],
    ]);
    // Closing is read from the clock, not done by a job: every job on both instances, then both dispatchers.
    await onBoth(async (app) => {
      await app.followUp.runOnce();
      await app.visitJobs.runOnce();
    });
    await drainBoth();
    expect(await events()).toBe(eventsBefore);
    expect(mail.messages).toEqual([]);
    expect(receiver.received).toEqual([]);
    expect(await db().selectFrom('leads').select('id').where('emailKey', 'in', ['late.a@example.com', 'late.b@example.com']).execute()).toEqual([]);
  });

  it('sends each site visit its invitation, 24-hour and 2-hour reminders once, with both instances ticking', async () => {
    const form = await multipart(
      { title: 'Twin Studio', address: '1 Lake Road, Bengaluru', gmaplink: 'https://maps.example/lake' },
      { bytes: await testImage('png'), filename: 's.png', type: 'image/png' },
    );
    const studio = await asStaff({ method: 'POST', url: '/api/studio/add', payload: form.payload, headers: form.headers });
    expect(studio.statusCode, studio.body).toBe(201);
    const studioId = studio.json<{ _id: string }>()._id;
    expect((await asStaff({ method: 'PUT', url: `/api/visits/settings/${studioId}`, payload: ALL_WEEK })).statusCode).toBe(200);
    const offered = (await a.inject({ method: 'GET', url: `/api/visits/slots?studio=${studioId}` })).json<VisitSlot[]>();
    const slot = offered.find((s) => Date.parse(s.start) > now.getTime() + 3 * DAY)!;
    expect(slot).toBeDefined();
    const visitors = ['visit.one@example.com', 'visit.two@example.com', 'visit.three@example.com'];
    const booked = await Promise.all(
      visitors.map((email, i) =>
        (i % 2 ? b : a).inject({ method: 'POST', url: '/api/visits', payload: { slotStart: slot.start, studioId, email }, remoteAddress: `10.40.0.${i + 1}` }),
      ),
    );
    expect(booked.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const visitIds = booked.map((r) => r.json<{ _id: string }>()._id);
    const toVisitor = (prefix: string) => visitors.map((v) => subjects(prefix).filter((m) => recipients(m).includes(v)).length);
    const mailRows = (kind: 'reminder-day' | 'reminder-hours') =>
      db().selectFrom('visitMails').select(['visitId', 'sentAt']).where('kind', '=', kind).where('visitId', 'in', visitIds).execute();

    const invitations = await onBoth((app) => app.visitJobs.runOnce());
    expect(invitations.reduce((s, r) => s + r.sent, 0)).toBe(3);
    expect(toVisitor('Site visit booked')).toEqual([1, 1, 1]);
    // One to the visitor and one to staff per visit.
    expect(subjects('Site visit booked')).toHaveLength(6);

    const start = Date.parse(slot.start);
    for (const [at, kind, prefix] of [
      [start - 23 * HOUR, 'reminder-day', 'Reminder: site visit tomorrow'],
      [start - 2 * HOUR + 60_000, 'reminder-hours', 'Reminder: site visit in 2 hours'],
    ] as const) {
      mail.messages.length = 0;
      now = new Date(at);
      const runs = await onBoth((app) => app.visitJobs.runOnce());
      expect(
        runs.reduce((s, r) => s + r.reminders, 0),
        kind,
      ).toBe(3);
      expect(
        runs.reduce((s, r) => s + r.sent, 0),
        kind,
      ).toBe(3);
      expect(toVisitor(prefix), kind).toEqual([1, 1, 1]);
      expect(subjects(prefix), kind).toHaveLength(6);
      const rows = await mailRows(kind);
      expect(rows, kind).toHaveLength(3);
      expect(rows.every((r) => r.sentAt !== null)).toBe(true);
    }
  });

  it("stores a tablet's queued batch once when it reaches both instances at the same moment", async () => {
    const create = await asStaff({ method: 'POST', url: '/api/channels', payload: { campaignId: campaign, name: 'Expo stall', kind: 'kiosk' } });
    expect(create.statusCode, create.body).toBe(201);
    const channel = create.json<{ channel: Channel }>().channel;
    const pair = await asStaff({ method: 'POST', url: '/api/kiosk/devices', payload: { channelId: channel.id, name: 'Stall tablet' } });
    expect(pair.statusCode, pair.body).toBe(201);
    const { deviceKey } = pair.json<KioskDeviceCreated>();
    const version = (await a.inject({ method: 'GET', url: '/api/consent/notices' })).json<{ survey: { version: number } }>().survey.version;
    const batch: KioskResponseInput[] = Array.from({ length: 10 }, (_, i) => ({
      id: randomUUID(),
      email: `kiosk${i}@example.com`,
      answer: { who: `Visitor ${i}`, city: 'Pune' },
      answeredAt: new Date(now.getTime() - HOUR).toISOString(),
      consent: { version, newsletter: false },
    }));
    const sync = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: KIOSK_API.batch, headers: { authorization: `Bearer ${deviceKey}` }, payload: { responses: batch } });
    const results: KioskBatchResult[] = [];
    for (let i = 0; i < TICKS; i++) {
      const both = await Promise.all([sync(a), sync(b)]);
      for (const res of both) {
        expect(res.statusCode, res.body).toBe(200);
        results.push(res.json<KioskBatchResult>());
      }
    }
    // Each answer stored by exactly one of the eight posts; a repeat everywhere else.
    for (const [i, answer] of batch.entries()) {
      const outcomes = results.map((r) => r.results[i]!.outcome).sort();
      expect(outcomes, answer.id).toEqual([...Array.from({ length: 2 * TICKS - 1 }, () => 'duplicate'), 'stored']);
    }
    const ids = batch.map((x) => x.id);
    const emails = batch.map((x) => x.email!);
    expect(await db().selectFrom('kioskResponses').select('id').where('id', 'in', ids).execute()).toHaveLength(10);
    expect(await db().selectFrom('kioskConflicts').select('id').where('responseId', 'in', ids).execute()).toEqual([]);
    const responses = await db()
      .selectFrom('surveyResponses')
      .innerJoin('emailRecords', 'emailRecords.id', 'surveyResponses.emailRecordId')
      .select('surveyResponses.id')
      .where('emailRecords.email', 'in', emails)
      .execute();
    expect(responses).toHaveLength(10);
    const leads = await leadsByEmail(emails);
    expect(leads).toHaveLength(10);
    expect(
      await count(
        'lead.created',
        leads.map((l) => l.id),
      ),
    ).toBe(10);
    await drainBoth();
    const created = receiver.received
      .map((h) => JSON.parse(h.body) as { type: string; data: { email?: string; lead?: { email?: string } } })
      .filter((h) => h.type === 'lead.created');
    expect(created).toHaveLength(10);
    expect(new Set(receiver.received.map((h) => h.headers['webhook-id'])).size).toBe(receiver.received.length);
    expect(subjects('New lead:')).toHaveLength(10);
  });

  it('runs retention once a day on one of the two instances: unfinished answers and idle leads erased once', async () => {
    // An unfinished answer, saved through the second instance.
    const email = 'unfinished@example.com';
    const added = await b.inject({ method: 'POST', url: '/api/email/add', payload: { email, campaignid: campaign } });
    const emailId = added.json<{ emailID: string }>().emailID;
    const saved = await b.inject({
      method: 'POST',
      url: `/api/campaign/progress/${campaign}`,
      payload: { response: { email, emailId, answer: { who: 'Half way' }, page: 0 } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await putSettings({ retentionUnfinishedDays: 30, retentionLeadDays: 30 });
    const everyone = (await db().selectFrom('leads').select('id').execute()).length;
    expect(everyone).toBeGreaterThan(20);
    const erasedAudit = async () => (await db().selectFrom('auditLog').select('id').where('kind', '=', 'lead.erased').execute()).length;
    const auditBefore = await erasedAudit();

    now = new Date(now.getTime() + 400 * DAY);
    const runs = await onBoth((app) => app.retention.runIfDue());
    const ran = runs.filter((r) => r !== null);
    expect(ran).toEqual([{ unfinished: 1, leads: everyone }]);
    expect(await db().selectFrom('leads').select('id').execute()).toEqual([]);
    expect(await db().selectFrom('surveyProgress').select('emailRecordId').execute()).toEqual([]);
    expect((await erasedAudit()) - auditBefore).toBe(everyone);
    const lease = await db().selectFrom('jobLeases').selectAll().where('name', '=', 'retention').executeTakeFirstOrThrow();
    expect(new Date(lease.nextRunAt as string | Date).getTime()).toBe(now.getTime() + DAY);
    expect(lease.holder).toBeNull();

    // The next day: due again, run once again (nothing left to erase).
    now = new Date(now.getTime() + DAY);
    expect((await onBoth((app) => app.retention.runIfDue())).filter((r) => r !== null)).toEqual([{ unfinished: 0, leads: 0 }]);
  });
}
