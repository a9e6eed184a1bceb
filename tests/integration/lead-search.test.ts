import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { LEAD_STATUSES, type LeadList, type LeadStatus } from '#shared/leads/leads.contract';
import { LEADS_API } from '#shared/leads/leads.api';
import { phoneSearchTerm } from '#shared/phone';
import { describeEachDatabase, type TestContext } from '../helpers/app';

/**
 * The inbox's text search (decision 0061): on SQLite the leads come from an FTS5 trigram index
 * (leads_search, kept by triggers), on PostgreSQL from pg_trgm; either way the answer is what the
 * scan `search_text like '%…%'` gives, computed here straight from the table.
 */

interface Person {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  status: LeadStatus;
  mergedInto?: string;
}

const PEOPLE: Person[] = [
  { id: 's01', name: 'आशा राव', email: 'asha.rao@example.com', phone: '+919876543210', status: 'new' },
  { id: 's02', name: 'प्रिया शर्मा', email: 'priya@example.in', phone: '+919876543211', status: 'contacted' },
  { id: 's03', name: 'Priya Sharma', email: 'PRIYA.S@Example.com', phone: null, status: 'won' },
  { id: 's04', name: 'राम कुमार', email: null, phone: '+919812345678', status: 'new' },
  { id: 's05', name: 'Rāvi Kumar', email: 'ravi_k@example.com', phone: '+442079460958', status: 'lost' },
  { id: 's06', name: 'Seán O"Brien', email: '100%real@example.com', phone: 'after 6 pm', status: 'contacted' },
  { id: 's07', name: 'Kiran', email: 'kiran@example.com', phone: '09876543210', status: 'new' },
  { id: 's08', name: 'आशा राव', email: 'asha.old@example.com', phone: '+919876500000', status: 'new', mergedInto: 's01' },
  ...Array.from({ length: 40 }, (_, i): Person => ({
    id: `f${String(i).padStart(2, '0')}`,
    name: i % 3 === 0 ? `प्रिया ${i}` : `Lead ${i}`,
    email: i % 5 === 4 ? null : `lead${i}@example.com`,
    phone: `+9190000${String(i).padStart(5, '0')}`,
    status: LEAD_STATUSES[i % LEAD_STATUSES.length]!,
  })),
];

const QUERIES = [
  'आशा',
  'आशा राव',
  'शर्मा',
  'रा',
  'प्रिया 1',
  'priya',
  'PRIYA SHARMA',
  'Priya.S@example.COM',
  '@example.com',
  'example.in',
  '+91 98765 43210',
  '098765-43210',
  '9876543210',
  '98765',
  '43210',
  '65',
  'a',
  'ā',
  'ān o"b',
  '%',
  '100%',
  '_k@',
  'after 6',
  'kumar',
  'nobody-here',
  'lead 1',
  ' +91 90000 00012 ',
  '(+91) 90000-00012',
  '+44 20 7946 0958',
];

async function insertPeople(ctx: TestContext, people: Person[]): Promise<void> {
  const at = (i: number) => new Date(Date.UTC(2026, 10, 1, 10, 0, i));
  await ctx.database.db
    .insertInto('leads')
    .values(
      people.map((p, i) => ({
        id: p.id,
        emailKey: p.email?.toLowerCase() ?? null,
        email: p.email,
        name: p.name,
        phone: p.phone,
        phoneKey: p.phone?.startsWith('+') ? p.phone : null,
        status: p.status,
        assigneeId: null,
        hasSurvey: false,
        hasContact: true,
        hasNewsletter: false,
        lastCampaignId: null,
        lastCompleted: false,
        createdAt: at(i),
        lastActivityAt: at(i),
      })),
    )
    .execute();
  for (const p of people) if (p.mergedInto) await ctx.database.db.updateTable('leads').set({ mergedIntoId: p.mergedInto }).where('id', '=', p.id).execute();
}

/** The scan: what the inbox answered before the trigram index, straight from the table. */
async function scanned(ctx: TestContext, q: string): Promise<{ ids: string[]; counts: Record<LeadStatus, number> }> {
  const text = q.trim();
  const term = phoneSearchTerm(text) ?? text.toLowerCase();
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await ctx.database.db
    .selectFrom('leads')
    .select(['id', 'status'])
    .where('mergedIntoId', 'is', null)
    .where(sql<boolean>`search_text like ${pattern} escape '\\'`)
    .execute();
  const counts = Object.fromEntries(LEAD_STATUSES.map((s) => [s, rows.filter((r) => r.status === s).length])) as Record<LeadStatus, number>;
  return { ids: rows.map((r) => r.id).sort(), counts };
}

async function searched(ctx: TestContext, q: string): Promise<{ ids: string[]; total: number; counts: Record<LeadStatus, number> }> {
  const res = await ctx.asStaff({ method: 'GET', url: `${LEADS_API.list}?q=${encodeURIComponent(q)}&limit=100` });
  expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
  const list = res.json<LeadList>();
  return { ids: list.items.map((i) => i._id).sort(), total: list.total, counts: list.counts };
}

async function expectSameAsScan(ctx: TestContext, queries: string[]): Promise<void> {
  for (const q of queries) {
    const want = await scanned(ctx, q);
    const got = await searched(ctx, q);
    expect(got, q).toEqual({ ids: want.ids, total: want.ids.length, counts: want.counts });
  }
}

/** SQLite: the index holds each lead's rowid, and each lead's whole text finds that lead. */
async function expectIndexFollowsLeads(ctx: TestContext): Promise<void> {
  if (ctx.dialect !== 'sqlite') return;
  const leads = (await sql<{ rowid: number; text: string }>`select rowid, search_text as text from leads order by rowid`.execute(ctx.database.db)).rows;
  const indexed = (await sql<{ rowid: number }>`select rowid from leads_search order by rowid`.execute(ctx.database.db)).rows;
  expect(indexed.map((r) => r.rowid)).toEqual(leads.map((r) => r.rowid));
  for (const lead of leads) {
    const found = await sql<{ rowid: number }>`select rowid from leads_search where leads_search match ${`"${lead.text.replaceAll('"', '""')}"`}`.execute(
      ctx.database.db,
    );
    expect(
      found.rows.map((r) => r.rowid),
      lead.text,
    ).toContain(lead.rowid);
  }
}

describeEachDatabase('inbox search by name, e-mail or phone: the index answers what the scan did (decision 0061)', (ctx) => {
  beforeAll(async () => {
    await insertPeople(ctx, PEOPLE);
  });

  it('finds the same leads, total and counts per status as the scan, for Hindi names, e-mails and every spelling of a phone', async () => {
    // Found at all (so the comparison is not of empty lists).
    expect((await searched(ctx, 'आशा')).ids).toEqual(['s01']);
    expect((await searched(ctx, '098765-43210')).ids).toEqual(['s01']);
    expect((await searched(ctx, '+91 98765 43210')).ids).toEqual(['s01']);
    expect((await searched(ctx, '9876543210')).ids).toEqual(['s01']);
    expect((await searched(ctx, '98765')).ids).toEqual(['s01', 's02', 's07']);
    expect((await searched(ctx, 'priya.s@example.com')).ids).toEqual(['s03']);
    await expectSameAsScan(ctx, QUERIES);
    await expectIndexFollowsLeads(ctx);
  });

  it('follows a renamed lead, a changed e-mail or phone, a new lead and a deleted one', async () => {
    await ctx.database.db.updateTable('leads').set({ name: 'सुनीता देवी' }).where('id', '=', 's02').execute();
    await ctx.database.db
      .updateTable('leads')
      .set({ email: 'asha.new@example.org', emailKey: 'asha.new@example.org', phone: '+919800011111', phoneKey: '+919800011111' })
      .where('id', '=', 's01')
      .execute();
    await ctx.database.db.updateTable('leads').set({ status: 'won' }).where('id', '=', 's04').execute();
    await ctx.database.db.deleteFrom('leads').where('id', '=', 'f07').execute();
    await insertPeople(ctx, [{ id: 's09', name: 'प्रिया शर्मा', email: 'new.priya@example.com', phone: '+919876543210', status: 'new' }]);

    expect((await searched(ctx, 'प्रिया शर्मा')).ids).toEqual(['s09']);
    expect((await searched(ctx, 'सुनीता')).ids).toEqual(['s02']);
    expect((await searched(ctx, '098765 43210')).ids).toEqual(['s09']);
    expect((await searched(ctx, '98000 11111')).ids).toEqual(['s01']);
    expect((await searched(ctx, 'asha.rao')).ids).toEqual([]);
    expect((await searched(ctx, 'lead7@')).ids).toEqual([]);
    await expectSameAsScan(ctx, [...QUERIES, 'सुनीता', 'example.org', '98000 11111']);
    await expectIndexFollowsLeads(ctx);
  });
});
