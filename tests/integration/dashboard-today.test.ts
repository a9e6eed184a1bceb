import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { createStaff } from '#server/features/auth/auth.service';
import { type Today } from '#shared/dashboard/today.contract';
import { TODAY_API } from '#shared/dashboard/today.api';
import { CONTACT_API } from '#shared/contact/contact.api';
import { type LeadList, type LeadListItem } from '#shared/leads/leads.contract';
import { LEADS_API } from '#shared/leads/leads.api';
import { describeEachDatabase, STAFF, type TestContext } from '../helpers/app';
import { describeEachDialect } from '../helpers/databases';
import { withDatabaseAt } from '../helpers/migrations';

const ist = (local: string) => new Date(`${local}+05:30`);
const PLAIN_STAFF = { email: 'plain.today@abode.test', name: 'Plain Staff', password: 'another horse battery', role: 'staff' as const };

async function login(ctx: TestContext, who: { email: string; password: string }): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: who.email, password: who.password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ token: string }>().token;
}

async function today(ctx: TestContext, who: { email: string; password: string } = STAFF): Promise<Today> {
  const res = await ctx.app.inject({ method: 'GET', url: TODAY_API.today, headers: { authorization: `Bearer ${await login(ctx, who)}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Today>();
}

async function asOwner(ctx: TestContext, options: { method: 'GET' | 'POST' | 'PATCH' | 'PUT'; url: string; payload?: object }) {
  return ctx.app.inject({ ...options, headers: { authorization: `Bearer ${await login(ctx, STAFF)}` } });
}

async function contact(ctx: TestContext, email: string, firstname: string): Promise<LeadListItem> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: CONTACT_API.add,
    payload: { response: { firstname, lastname: 'Rao', email, requestquotation: 'Homes', message: 'Please call me about a 2 BHK.' } },
    remoteAddress: `10.35.0.${firstname.length}${email.length}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  const list = (await asOwner(ctx, { method: 'GET', url: `${LEADS_API.list}?q=${encodeURIComponent(email)}` })).json<LeadList>();
  return list.items[0]!;
}

/** What the leads inbox itself counts for a filter: the panel must agree with it. */
async function inboxTotal(ctx: TestContext, query: string): Promise<number> {
  const res = await asOwner(ctx, { method: 'GET', url: `${LEADS_API.list}?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LeadList>().total;
}

// The dashboard's "Today" panel: counts on the studio's clock (Asia/Kolkata), each with its list.
describeEachDatabase('GET /api/dashboard/today', (ctx) => {
  const leads: Record<string, LeadListItem> = {};

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Wednesday, inside the default working hours (09:00–19:00): first contact is due 15 minutes on.
    vi.setSystemTime(ist('2026-12-02T10:00:00'));
    await ctx.staffToken(); // the owner
    await createStaff(ctx.database.db, PLAIN_STAFF);
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  it('answers 401 without a login', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: TODAY_API.today });
    expect(res.statusCode).toBe(401);
    const tampered = await ctx.app.inject({ method: 'GET', url: TODAY_API.today, headers: { authorization: 'Bearer not-a-token' } });
    expect(tampered.statusCode).toBe(401);
  });

  it('shows nothing waiting on an empty studio, with the links to each list', async () => {
    vi.setSystemTime(ist('2026-12-02T10:00:00'));
    const figures = await today(ctx);
    expect(figures).toEqual({
      newLeads: { count: 0, link: '/dashboard/leads?status=new' },
      overdueLeads: { count: 0, link: '/dashboard/leads?overdue=true' },
      visitsToday: { count: 0, day: '2026-12-02', link: '/dashboard/visits?day=2026-12-02' },
      visitsTomorrow: { count: 0, day: '2026-12-03', link: '/dashboard/visits?day=2026-12-03' },
      unreadMessages: { count: 0, link: '/dashboard/fetch/contactus?unread=1' },
      generatedAt: ist('2026-12-02T10:00:00').toISOString(),
    });
    // Plain staff see the same panel as owners.
    expect(await today(ctx, PLAIN_STAFF)).toEqual(figures);
  });

  it('counts new leads (nobody contacted them yet) and overdue ones as the inbox defines them', async () => {
    vi.setSystemTime(ist('2026-12-02T10:00:00'));
    leads.asha = await contact(ctx, 'asha.today@example.com', 'Asha');
    leads.bala = await contact(ctx, 'bala.today@example.com', 'Bala');
    leads.chitra = await contact(ctx, 'chitra.today@example.com', 'Chitra');

    vi.setSystemTime(ist('2026-12-02T10:05:00'));
    // Bala is contacted, with a next action at 11:00.
    expect((await asOwner(ctx, { method: 'PATCH', url: LEADS_API.one(leads.bala!._id), payload: { status: 'contacted' } })).statusCode).toBe(200);
    const next = await asOwner(ctx, {
      method: 'PUT',
      url: LEADS_API.nextAction(leads.bala!._id),
      payload: { text: 'Send the floor plans', dueAt: '2026-12-02T11:00:00+05:30' },
    });
    expect(next.statusCode, next.body).toBe(200);

    vi.setSystemTime(ist('2026-12-02T10:14:59'));
    let figures = await today(ctx);
    expect([figures.newLeads.count, figures.overdueLeads.count]).toEqual([2, 0]);

    // 10:15: Asha's and Chitra's first-contact target has passed; Dev arrives and is not due yet.
    vi.setSystemTime(ist('2026-12-02T10:18:00'));
    leads.dev = await contact(ctx, 'dev.today@example.com', 'Dev');
    figures = await today(ctx);
    expect([figures.newLeads.count, figures.overdueLeads.count]).toEqual([3, 2]);
    expect(figures.newLeads.count).toBe(await inboxTotal(ctx, 'status=new'));
    expect(figures.overdueLeads.count).toBe(await inboxTotal(ctx, 'overdue=true'));

    // 11:00: Bala's next action falls due too (a contacted lead is overdue only by its next action).
    vi.setSystemTime(ist('2026-12-02T11:00:00'));
    figures = await today(ctx, PLAIN_STAFF);
    expect([figures.newLeads.count, figures.overdueLeads.count]).toEqual([3, 4]);
    expect(figures.overdueLeads.count).toBe(await inboxTotal(ctx, 'overdue=true'));

    // Contacting Asha: no longer new, no longer overdue.
    expect((await asOwner(ctx, { method: 'PATCH', url: LEADS_API.one(leads.asha!._id), payload: { status: 'contacted' } })).statusCode).toBe(200);
    figures = await today(ctx);
    expect([figures.newLeads.count, figures.overdueLeads.count]).toEqual([2, 3]);
  });

  it('counts the visits still to happen today and tomorrow on the studio clock (Asia/Kolkata), around midnight', async () => {
    const at = (iso: string, status: 'booked' | 'confirmed' | 'done' | 'cancelled', n: number) => ({
      id: `visit-today-${n}`,
      leadId: leads.asha!._id,
      studioId: 'studio-today',
      startsAt: ist(iso),
      endsAt: new Date(ist(iso).getTime() + 3_600_000),
      status,
      email: 'asha.today@example.com',
      name: 'Asha',
      phone: null,
      sequence: 0,
      createdAt: ist('2026-12-01T10:00:00'),
      updatedAt: ist('2026-12-01T10:00:00'),
    });
    // The fixture rows are written as the booking would leave them (the booking has tests of its own).
    await ctx.database.db
      .insertInto('visits')
      .values([
        at('2026-12-02T23:30:00', 'booked', 1), // the 2nd (IST), though the 3rd would be wrong
        at('2026-12-03T00:00:00', 'booked', 2), // 18:30 UTC on the 2nd: the 3rd in the studio
        at('2026-12-03T09:00:00', 'done', 3), // done: nothing waiting
        at('2026-12-03T12:00:00', 'cancelled', 4), // cancelled: nothing waiting
        at('2026-12-03T23:59:00', 'confirmed', 5),
        at('2026-12-04T00:00:00', 'booked', 6),
        at('2026-12-04T23:00:00', 'confirmed', 7),
        at('2026-12-05T00:00:00', 'booked', 8), // the day after tomorrow
      ])
      .execute();

    vi.setSystemTime(ist('2026-12-02T23:59:59'));
    let figures = await today(ctx);
    expect(figures.visitsToday).toEqual({ count: 1, day: '2026-12-02', link: '/dashboard/visits?day=2026-12-02' });
    expect(figures.visitsTomorrow).toEqual({ count: 2, day: '2026-12-03', link: '/dashboard/visits?day=2026-12-03' });

    // IST midnight (still the 2nd in UTC): the 3rd is today.
    vi.setSystemTime(ist('2026-12-03T00:00:00'));
    figures = await today(ctx, PLAIN_STAFF);
    expect(figures.visitsToday).toEqual({ count: 2, day: '2026-12-03', link: '/dashboard/visits?day=2026-12-03' });
    expect(figures.visitsTomorrow).toEqual({ count: 2, day: '2026-12-04', link: '/dashboard/visits?day=2026-12-04' });
    expect(figures.generatedAt).toBe('2026-12-02T18:30:00.000Z');

    // The visits page lists the same day's visits the link opens.
    const listed = await asOwner(ctx, { method: 'GET', url: '/api/visits?day=2026-12-03' });
    expect(listed.json<Array<{ status: string }>>().filter((v) => v.status === 'booked' || v.status === 'confirmed')).toHaveLength(2);
  });

  it('counts contact messages nobody opened; opening one marks it read once, for everyone', async () => {
    vi.setSystemTime(ist('2026-12-03T10:00:00'));
    let figures = await today(ctx);
    expect(figures.unreadMessages).toEqual({ count: 4, link: '/dashboard/fetch/contactus?unread=1' });

    const unread = await asOwner(ctx, { method: 'GET', url: CONTACT_API.unread });
    expect(unread.statusCode, unread.body).toBe(200);
    const ids = unread.json<{ ids: string[] }>().ids;
    expect(ids).toHaveLength(4);

    // Plain staff open one: read for the owner's panel too.
    const staffToken = await login(ctx, PLAIN_STAFF);
    const opened = await ctx.app.inject({ method: 'POST', url: CONTACT_API.read(ids[0]!), headers: { authorization: `Bearer ${staffToken}` } });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({ _id: ids[0], readAt: ist('2026-12-03T10:00:00').toISOString() });
    figures = await today(ctx);
    expect(figures.unreadMessages.count).toBe(3);
    expect((await asOwner(ctx, { method: 'GET', url: CONTACT_API.unread })).json<{ ids: string[] }>().ids).toEqual(ids.slice(1));

    // Opening it again keeps the first reading.
    vi.setSystemTime(ist('2026-12-03T11:00:00'));
    const again = await asOwner(ctx, { method: 'POST', url: CONTACT_API.read(ids[0]!) });
    expect(again.json()).toEqual({ _id: ids[0], readAt: ist('2026-12-03T10:00:00').toISOString() });
    expect((await today(ctx)).unreadMessages.count).toBe(3);

    const missing = await asOwner(ctx, { method: 'POST', url: CONTACT_API.read('no-such-message') });
    expect(missing.statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'POST', url: CONTACT_API.read(ids[1]!) })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: CONTACT_API.unread })).statusCode).toBe(401);

    // The spec's list is unchanged: no read state in it, and reading it marks nothing read.
    const list = await asOwner(ctx, { method: 'GET', url: CONTACT_API.list });
    expect(Object.keys(list.json<object[]>()[0]!).sort()).toEqual(['_id', 'date', 'email', 'firstname', 'lastname', 'leadId', 'message', 'requestQuotation']);
    expect((await today(ctx)).unreadMessages.count).toBe(3);
  });
});

describeEachDialect('contact messages read state (migration 2026-12-01T0300-contact-read)', (dialect) => {
  it('takes the messages already there as read when they came, leaves new ones unread, and can be undone', () =>
    withDatabaseAt(dialect, '2026-11-30T0700-channels', async ({ db, migrator, at, bool }) => {
      await db
        .insertInto('leads')
        .values({
          id: 'l1',
          email_key: 'old@x.test',
          email: 'old@x.test',
          name: null,
          phone: null,
          status: 'new',
          assignee_id: null,
          has_survey: bool(false),
          has_contact: bool(true),
          has_newsletter: bool(false),
          last_campaign_id: null,
          last_completed: bool(false),
          created_at: at(0),
          last_activity_at: at(0),
        })
        .execute();
      const message = (id: string, s: number) => ({
        id,
        firstname: 'Old',
        lastname: 'Message',
        email: 'old@x.test',
        request_quotation: 'Homes',
        message: 'Hello',
        created_at: at(s),
        lead_id: 'l1',
      });
      await db
        .insertInto('contact_messages')
        .values([message('m1', 1), message('m2', 2)])
        .execute();

      expect((await migrator.migrateTo('2026-12-01T0300-contact-read')).error).toBeUndefined();
      await db.insertInto('contact_messages').values(message('m3', 3)).execute();
      // The connection reads columns back in camelCase (the app's CamelCasePlugin).
      const rows = (await db.selectFrom('contact_messages').select(['id', 'read_at']).orderBy('id').execute()) as unknown as Array<{
        id: string;
        readAt: string | Date | null;
      }>;
      expect(rows.map((r) => [r.id, r.readAt === null ? null : new Date(r.readAt).toISOString()])).toEqual([
        ['m1', at(1)],
        ['m2', at(2)],
        ['m3', null],
      ]);

      expect((await migrator.migrateTo('2026-11-30T0700-channels')).error).toBeUndefined();
      expect(Object.keys(await db.selectFrom('contact_messages').selectAll().where('id', '=', 'm3').executeTakeFirstOrThrow())).not.toContain('readAt');
    }));
});
