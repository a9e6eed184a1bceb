import type { Kysely } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { createDatabase } from '#server/db/database';
import { migrateToLatest } from '#server/db/migrate';
import { upsertLead } from '#server/features/leads/leads.repository';
import { LEAD_MESSAGES, type LeadDetail, type LeadList } from '#shared/leads/leads.contract';
import { LEADS_API } from '#shared/leads/leads.api';
import { describeEachDatabase, STAFF, type TestContext } from '../helpers/app';
import { createTestDatabase, describeEachDialect } from '../helpers/databases';
import { addEmail, createActiveCampaign, respond, surveyText } from '../factories/campaigns';
import { withDatabaseAt } from '../helpers/migrations';
import { readWorkbook } from '../helpers/xlsx';

const LEAD_SURVEY = {
  pages: [
    {
      name: 'p1',
      elements: [
        { type: 'text', name: 'fullName', title: 'Your name', leadField: 'name' },
        { type: 'text', name: 'mobile', title: 'Mobile number', inputType: 'tel', leadField: 'phone' },
        {
          type: 'radiogroup',
          name: 'bhk',
          title: 'Bedrooms',
          choices: [
            { value: 2, text: 'Two' },
            { value: 3, text: 'Three' },
          ],
        },
      ],
    },
  ],
};

function contact(ctx: TestContext, email: string, firstname = 'Asha', lastname = 'Rao') {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/contactus/add',
    payload: { response: { firstname, lastname, email, requestquotation: 'Homes', message: 'Please call me.' } },
  });
}

async function list(ctx: TestContext, query = ''): Promise<LeadList> {
  const res = await ctx.asStaff({ method: 'GET', url: `${LEADS_API.list}${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LeadList>();
}

async function leadOf(ctx: TestContext, email: string): Promise<LeadDetail> {
  const found = await list(ctx, `?q=${encodeURIComponent(email)}`);
  expect(found.items, email).toHaveLength(1);
  const res = await ctx.asStaff({ method: 'GET', url: LEADS_API.one(found.items[0]!._id) });
  expect(res.statusCode).toBe(200);
  return res.json<LeadDetail>();
}

describeEachDatabase('leads', (ctx) => {
  let campaignId: string;
  beforeAll(async () => {
    campaignId = await createActiveCampaign(ctx, { name: 'Dream home', questions: surveyText(LEAD_SURVEY) });
  });

  it('makes one lead of 20 concurrent submissions from one person, however the e-mail is spelled, and one lead.created event', async () => {
    const spellings = ['many@example.com', ' Many@Example.com', 'MANY@example.com ', 'many@EXAMPLE.com'];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ctx.app.inject({ method: 'POST', url: '/api/email/add', payload: { email: spellings[i % 4], campaignid: campaignId } }),
      ),
    );
    for (const res of results) expect([200, 201]).toContain(res.statusCode);
    const leads = await ctx.database.db.selectFrom('leads').selectAll().where('emailKey', '=', 'many@example.com').execute();
    expect(leads).toHaveLength(1);
    const events = await ctx.database.db.selectFrom('notificationEvents').selectAll().where('leadId', '=', leads[0]!.id).execute();
    expect(events.map((e) => e.type)).toEqual(['lead.created']);
    const records = await ctx.database.db.selectFrom('emailRecords').select(['leadId']).where('leadId', '=', leads[0]!.id).execute();
    expect(records.length).toBeGreaterThan(0);
  });

  it("gathers a person's survey, answers and contact messages on one lead, with the name and phone they gave", async () => {
    const email = 'asha@example.com';
    const emailId = await addEmail(ctx, email, campaignId);
    expect((await respond(ctx, campaignId, email, emailId, { fullName: 'Asha R.', mobile: '+91 98450 00000', bhk: 3 })).statusCode).toBe(200);
    expect((await contact(ctx, 'ASHA@example.com ')).statusCode).toBe(201);

    const lead = await leadOf(ctx, email);
    expect(lead).toMatchObject({
      email: 'ASHA@example.com',
      name: 'Asha R.',
      phone: '+919845000000',
      status: 'new',
      sources: ['survey', 'contact'],
      campaignId,
      campaignName: 'Dream home',
      completed: true,
    });
    expect(lead.activities.map((a) => a.type)).toEqual(['email', 'response', 'contact']);
    expect(lead.activities[1]!.answers).toEqual([
      { question: 'Your name', answer: 'Asha R.' },
      { question: 'Mobile number', answer: '+91 98450 00000' },
      { question: 'Bedrooms', answer: 'Three' },
    ]);
    expect(lead.activities[2]).toMatchObject({ type: 'contact', requestQuotation: 'Homes', message: 'Please call me.' });
    const events = await ctx.database.db
      .selectFrom('notificationEvents')
      .select(['type', 'leadId'])
      .where('leadId', '=', lead._id)
      .orderBy('createdAt')
      .execute();
    expect(events.map((e) => e.type)).toEqual(['lead.created', 'survey.completed', 'contact.created']);
  });

  it('marks an unfinished survey and counts a newsletter sign-up as a source', async () => {
    await addEmail(ctx, 'unfinished@example.com', campaignId);
    await addEmail(ctx, 'unfinished@example.com', null);
    const lead = await leadOf(ctx, 'unfinished@example.com');
    expect(lead).toMatchObject({ completed: false, sources: ['survey', 'newsletter'] });
    expect(lead.activities.map((a) => [a.type, a.completed])).toEqual([
      ['email', false],
      ['newsletter', undefined],
    ]);
  });

  it('moves a lead through statuses and assignees, with notes, each recorded with who and when', async () => {
    const lead = await leadOf(ctx, 'asha@example.com');
    const staffId = (await ctx.database.db.selectFrom('staffUsers').select('id').where('email', '=', STAFF.email).executeTakeFirstOrThrow()).id;
    const contacted = await ctx.asStaff({ method: 'PATCH', url: LEADS_API.one(lead._id), payload: { status: 'contacted', assigneeId: staffId } });
    expect(contacted.statusCode, contacted.body).toBe(200);
    expect(contacted.json()).toMatchObject({ message: LEAD_MESSAGES.updated, lead: { status: 'contacted', assigneeId: staffId, assigneeName: STAFF.name } });
    const note = await ctx.asStaff({ method: 'POST', url: LEADS_API.notes(lead._id), payload: { text: '  Called; visiting Saturday.  ' } });
    expect(note.statusCode).toBe(201);
    await ctx.asStaff({ method: 'PATCH', url: LEADS_API.one(lead._id), payload: { status: 'visit' } });
    await ctx.asStaff({ method: 'PATCH', url: LEADS_API.one(lead._id), payload: { assigneeId: null } });

    const after = (await ctx.asStaff({ method: 'GET', url: LEADS_API.one(lead._id) })).json<LeadDetail>();
    expect(after).toMatchObject({ status: 'visit', assigneeId: null });
    expect(after.timeline.map(({ at, ...rest }) => (expect(Date.parse(at)).not.toBeNaN(), rest))).toEqual([
      // The contact form's name differed from the survey's: kept as given, not taken (decision 0023).
      { type: 'note', by: 'Website (address not verified)', text: 'Name given: Asha Rao' },
      { type: 'status', by: STAFF.name, from: 'new', to: 'contacted' },
      { type: 'assign', by: STAFF.name, from: null, to: STAFF.name },
      { type: 'note', by: STAFF.name, text: 'Called; visiting Saturday.' },
      { type: 'status', by: STAFF.name, from: 'contacted', to: 'visit' },
      { type: 'assign', by: STAFF.name, from: STAFF.name, to: null },
    ]);
  });

  it('refuses an unknown status naming the allowed ones, an unknown assignee, an empty change, bad notes and unknown ids', async () => {
    const lead = await leadOf(ctx, 'asha@example.com');
    const bad = await ctx.asStaff({ method: 'PATCH', url: LEADS_API.one(lead._id), payload: { status: 'closed' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Status must be one of: new, contacted, visit, won, lost.');
    expect((await ctx.asStaff({ method: 'PATCH', url: LEADS_API.one(lead._id), payload: { assigneeId: 'nobody' } })).json()).toMatchObject({
      code: 'VALIDATION',
      message: LEAD_MESSAGES.assigneeNotFound,
    });
    expect((await ctx.asStaff({ method: 'PATCH', url: LEADS_API.one(lead._id), payload: {} })).statusCode).toBe(400);
    expect((await ctx.asStaff({ method: 'POST', url: LEADS_API.notes(lead._id), payload: { text: '   ' } })).json()).toMatchObject({
      message: LEAD_MESSAGES.noteRequired,
    });
    expect((await ctx.asStaff({ method: 'POST', url: LEADS_API.notes(lead._id), payload: { text: 'x'.repeat(2001) } })).json()).toMatchObject({
      message: LEAD_MESSAGES.noteTooLong,
    });
    expect((await ctx.asStaff({ method: 'POST', url: LEADS_API.notes(lead._id), payload: { text: 'x'.repeat(2000) } })).statusCode).toBe(201);
    for (const [method, url, payload] of [
      ['GET', LEADS_API.one('nope'), undefined],
      ['PATCH', LEADS_API.one('nope'), { status: 'won' }],
      ['POST', LEADS_API.notes('nope'), { text: 'hi' }],
    ] as const) {
      const res = await ctx.asStaff({ method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ message: LEAD_MESSAGES.notFound, code: 'NOT_FOUND' });
    }
  });

  it('filters by status, source, campaign, text and date, counts per status, pages newest first', async () => {
    for (let i = 0; i < 5; i++) expect((await contact(ctx, `page${i}@example.com`, 'Page', `Person ${i}`)).statusCode).toBe(201);
    const all = await list(ctx, '?limit=200');
    expect(all.total).toBe(all.items.length);
    const times = all.items.map((i) => i.lastActivityAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.counts.visit).toBe(1);
    expect(all.counts.new).toBe(all.total - 1);

    const visit = await list(ctx, '?status=visit');
    expect(visit.items.map((i) => i.email)).toEqual(['ASHA@example.com']);
    expect(visit.total).toBe(1);
    expect(visit.counts).toEqual(all.counts);

    const contacts = await list(ctx, '?source=contact&limit=200');
    expect(contacts.items.every((i) => i.sources.includes('contact'))).toBe(true);
    expect(contacts.total).toBe(6);
    expect((await list(ctx, '?source=newsletter')).items.map((i) => i.email)).toEqual(['unfinished@example.com']);
    const byCampaign = await list(ctx, `?campaign=${campaignId}&limit=200`);
    // The e-mail shown is the spelling last typed (here, whichever concurrent request came last).
    expect(byCampaign.items.map((i) => i.email!.toLowerCase()).sort()).toEqual(['asha@example.com', 'many@example.com', 'unfinished@example.com']);
    expect((await list(ctx, '?q=PERSON%203')).items.map((i) => i.email)).toEqual(['page3@example.com']);
    expect((await list(ctx, '?q=98450')).items.map((i) => i.email)).toEqual(['ASHA@example.com']);
    expect((await list(ctx, '?q=%25')).total).toBe(0);

    const page1 = await list(ctx, '?source=contact&limit=4');
    const page2 = await list(ctx, '?source=contact&limit=4&offset=4');
    expect(page1.items).toHaveLength(4);
    expect(page2.items).toHaveLength(2);
    expect(new Set([...page1.items, ...page2.items].map((i) => i._id)).size).toBe(6);

    const today = new Date().toISOString().slice(0, 10);
    expect((await list(ctx, `?from=${today}&to=${today}&limit=200`)).total).toBe(all.total);
    expect((await list(ctx, '?to=2001-01-01')).total).toBe(0);
    expect((await ctx.asStaff({ method: 'GET', url: `${LEADS_API.list}?from=yesterday` })).statusCode).toBe(400);
    expect((await ctx.asStaff({ method: 'GET', url: `${LEADS_API.list}?source=fax` })).json().message).toBe(LEAD_MESSAGES.sourceInvalid);
  });

  it('keeps a phone typed without a country in E.164 with +91', async () => {
    const email = 'no-country@example.com';
    expect((await respond(ctx, campaignId, email, await addEmail(ctx, email, campaignId), { fullName: 'Kiran', mobile: '98450 99999' })).statusCode).toBe(200);
    const lead = await leadOf(ctx, email);
    expect(lead.phone).toBe('+919845099999');
    // The answer itself stays as the person typed it.
    expect(lead.activities.find((a) => a.type === 'response')!.answers).toContainEqual({ question: 'Mobile number', answer: '98450 99999' });
  });

  it('finds a phone however it was typed, and only that lead', async () => {
    for (const [email, mobile] of [
      ['phone-search@example.com', '+91 98450 12345'],
      ['phone-near@example.com', '98450 12346'],
    ]) {
      expect((await respond(ctx, campaignId, email!, await addEmail(ctx, email!, campaignId), { fullName: 'Dev', mobile })).statusCode).toBe(200);
    }
    for (const typed of ['9845012345', '+91 98450 12345', '098450 12345', '+91-98450-12345', '91 98450 12345']) {
      const found = await list(ctx, `?q=${encodeURIComponent(typed)}`);
      expect(
        found.items.map((i) => i.email),
        typed,
      ).toEqual(['phone-search@example.com']);
      expect(found.total).toBe(1);
    }
    // Part of a number, spaced as it is shown: both.
    expect((await list(ctx, `?q=${encodeURIComponent('98450 1234')}`)).items.map((i) => i.email).sort()).toEqual([
      'phone-near@example.com',
      'phone-search@example.com',
    ]);
  });

  it('downloads the filtered list as .xlsx, text exact', async () => {
    await contact(ctx, 'formula@example.com', '=HYPERLINK("x")', '-Minus');
    const res = await ctx.asStaff({ method: 'GET', url: `${LEADS_API.export}?source=contact&q=formula` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = await readWorkbook(res.rawPayload);
    const sheet = workbook.getWorksheet('Leads')!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(1).getCell(1).value).toBe('Name');
    expect(sheet.getRow(2).getCell(1).value).toBe('=HYPERLINK("x") -Minus');
    expect(sheet.getRow(2).getCell(2).value).toBe('formula@example.com');
    expect(sheet.getRow(2).getCell(4).value).toBe('New');
    expect(sheet.getRow(2).getCell(5).value).toBe('Contact form');
  });

  it('names the sources in the .xlsx as staff read them, not as codes', async () => {
    const res = await ctx.asStaff({ method: 'GET', url: `${LEADS_API.export}?q=asha%40example.com` });
    const sheet = (await readWorkbook(res.rawPayload)).getWorksheet('Leads')!;
    expect(sheet.getRow(1).getCell(5).value).toBe('Sources');
    expect(sheet.getRow(2).getCell(2).value).toBe('ASHA@example.com');
    expect(sheet.getRow(2).getCell(5).value).toBe('Survey, Contact form');
    const newsletter = await ctx.asStaff({ method: 'GET', url: `${LEADS_API.export}?source=newsletter` });
    const rows = (await readWorkbook(newsletter.rawPayload)).getWorksheet('Leads')!;
    expect(rows.getRow(2).getCell(5).value).toBe('Survey, Newsletter');
  });

  it('keeps every leads call for staff only', async () => {
    for (const [method, url] of [
      ['GET', LEADS_API.list],
      ['GET', LEADS_API.export],
      ['GET', LEADS_API.one('x')],
      ['PATCH', LEADS_API.one('x')],
      ['POST', LEADS_API.notes('x')],
      ['GET', '/api/staff/assignees'],
    ] as const) {
      expect((await ctx.app.inject({ method, url, payload: method === 'GET' ? undefined : {} })).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('finds a person by any campaign they answered, not only the latest, and names each campaign on the lead (decision 0020)', async () => {
    await addEmail(ctx, 'two-surveys@example.com', campaignId);
    const second = await createActiveCampaign(ctx, { name: 'Second home', questions: surveyText(LEAD_SURVEY) });
    await addEmail(ctx, 'Two-Surveys@example.com', second);
    const emails = async (campaign: string) => (await list(ctx, `?campaign=${campaign}&limit=200`)).items.map((i) => i.email!.toLowerCase());
    expect(await emails(campaignId)).toContain('two-surveys@example.com');
    expect(await emails(second)).toEqual(['two-surveys@example.com']);
    const lead = await leadOf(ctx, 'two-surveys@example.com');
    expect(lead).toMatchObject({ campaignId: second, campaignName: 'Second home', completed: false });
    expect(lead.activities.filter((a) => a.type === 'email').map((a) => ('campaignName' in a ? a.campaignName : null))).toEqual(['Dream home', 'Second home']);
    // Kept by the lead itself, one row per campaign however often the person came.
    const kept = await ctx.database.db.selectFrom('leadCampaigns').select('campaignId').where('leadId', '=', lead._id).execute();
    expect(kept.map((k) => k.campaignId).sort()).toEqual([campaignId, second].sort());
  });
});

describeEachDatabase('assignee list', (ctx) => {
  it('lists who a lead can be assigned to by id and name only, without password data', async () => {
    const res = await ctx.asStaff({ method: 'GET', url: '/api/staff/assignees' });
    expect(res.statusCode, res.body).toBe(200);
    const staff = res.json<Array<Record<string, string>>>();
    expect(staff).toEqual([{ id: expect.any(String), name: STAFF.name }]);
    expect(res.body).not.toMatch(/password|hash/i);
  });
});

describeEachDialect('leads migration', (dialect) => {
  it('folds existing e-mail records, responses and contact messages into one lead per person', () =>
    withDatabaseAt(dialect, '2026-11-23T0310-edge-content-version', async ({ database, db, at, bool }) => {
      const survey = JSON.stringify({
        elements: [
          { type: 'text', name: 'tel', leadField: 'phone' },
          { type: 'text', name: 'city' },
        ],
      });
      await db
        .insertInto('campaigns')
        .values({ id: 'c1', name: 'Old survey', questions: survey, questioncolumns: 'tel,city', is_active: bool(true), created_at: at(0), updated_at: at(0) })
        .execute();
      await db
        .insertInto('email_records')
        .values([
          { id: 'r1', email: 'Ravi@X.test', campaign_id: 'c1', is_completed: bool(true), created_at: at(1) },
          { id: 'r2', email: 'meera@x.test', campaign_id: null, is_completed: bool(false), created_at: at(2) },
        ])
        .execute();
      await db
        .insertInto('survey_responses')
        .values({
          id: 's1',
          campaign_id: 'c1',
          email_record_id: 'r1',
          email: 'Ravi@X.test',
          answer: JSON.stringify({ tel: '98450 11111', city: 'Pune' }),
          created_at: at(3),
        })
        .execute();
      await db
        .insertInto('contact_messages')
        .values([
          { id: 'm1', firstname: 'Ravi', lastname: 'Kumar', email: ' ravi@x.test', request_quotation: 'Homes', message: 'Hi', created_at: at(4) },
          { id: 'm2', firstname: 'Zoe', lastname: 'D', email: 'zoe@x.test', request_quotation: 'Carpet', message: 'Rug', created_at: at(5) },
        ])
        .execute();

      await migrateToLatest(database.db as Kysely<unknown>);
      const leads = await database.db.selectFrom('leads').selectAll().orderBy('emailKey').execute();
      expect(
        leads.map((l) => [
          l.emailKey,
          l.name,
          l.phone,
          l.status,
          Boolean(l.hasSurvey),
          Boolean(l.hasContact),
          Boolean(l.hasNewsletter),
          l.lastCampaignId,
          Boolean(l.lastCompleted),
        ]),
      ).toEqual([
        ['meera@x.test', null, null, 'new', false, false, true, null, false],
        // The phone as later migrations leave it: E.164.
        ['ravi@x.test', 'Ravi Kumar', '+919845011111', 'new', true, true, false, 'c1', true],
        ['zoe@x.test', 'Zoe D', null, 'new', false, true, false, null, false],
      ]);
      const ravi = leads[1]!;
      expect(new Date(ravi.createdAt).toISOString()).toBe(at(1));
      expect(new Date(ravi.lastActivityAt).toISOString()).toBe(at(4));
      const linked = await database.db.selectFrom('emailRecords').select(['id', 'leadId']).orderBy('id').execute();
      expect(linked).toEqual([
        { id: 'r1', leadId: ravi.id },
        { id: 'r2', leadId: leads[0]!.id },
      ]);
      const contacts = await database.db.selectFrom('contactMessages').select(['id', 'leadId']).orderBy('id').execute();
      expect(contacts).toEqual([
        { id: 'm1', leadId: ravi.id },
        { id: 'm2', leadId: leads[2]!.id },
      ]);
      const campaign = await database.db.selectFrom('campaigns').select('leadFields').executeTakeFirstOrThrow();
      expect(JSON.parse(campaign.leadFields)).toEqual({ tel: 'phone' });
    }));
});

describeEachDialect('lead phones migration: phones kept in E.164', (dialect) => {
  it('rewrites stored lead phones in E.164 with +91, keeps what is no number, and search finds them', () =>
    withDatabaseAt(dialect, '2026-11-25T0100-resume-token-expiry', async ({ database, db, at, bool }) => {
      const phones = ['98450 99999', '+91 98450 88888', '098450 77777', '+44 20 7946 0958', 'after 6 pm', null];
      await db
        .insertInto('leads')
        .values(
          phones.map((phone, i) => ({
            id: `l${i}`,
            email_key: `p${i}@x.test`,
            email: `p${i}@x.test`,
            name: null,
            phone,
            status: 'new',
            assignee_id: null,
            has_survey: bool(false),
            has_contact: bool(true),
            has_newsletter: bool(false),
            last_campaign_id: null,
            last_completed: bool(false),
            created_at: at(i),
            last_activity_at: at(i),
          })),
        )
        .execute();
      await migrateToLatest(database.db as Kysely<unknown>);
      const rows = await database.db.selectFrom('leads').select(['id', 'phone', 'searchText']).orderBy('id').execute();
      expect(rows.map((r) => r.phone)).toEqual(['+919845099999', '+919845088888', '+919845077777', '+442079460958', 'after 6 pm', null]);
      expect(rows[0]!.searchText).toBe('p0@x.test  +919845099999');
    }));
});

describeEachDialect('lead upsert', (dialect) => {
  it('counts a person as new only for the statement that inserted the lead, even within one millisecond', async () => {
    const testDb = await createTestDatabase(dialect);
    const database = createDatabase(testDb.config);
    try {
      await migrateToLatest(database.db as Kysely<unknown>);
      const at = new Date(Date.UTC(2026, 10, 25, 9, 0, 0));
      const person = { emailKey: 'same-ms@x.test', email: 'same-ms@x.test', name: null, source: 'survey' as const, campaignId: null, at };
      const first = await upsertLead(database.db, { ...person, id: 'lead-first' });
      // The same person again, in the same millisecond (two tabs, a double tap): the same lead, not new.
      const again = await upsertLead(database.db, { ...person, id: 'lead-again' });
      expect(first).toMatchObject({ id: 'lead-first', created: true });
      expect(again).toMatchObject({ id: 'lead-first', created: false });
    } finally {
      await database.close();
      await testDb.drop();
    }
  });
});
