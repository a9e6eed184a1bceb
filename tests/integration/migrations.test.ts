import { sql, type Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { createDatabase } from '#server/db/database';
import { migrateToLatest } from '#server/db/migrate';
import { createTestDatabase, describeEachDialect } from '../helpers/databases';
import { withDatabaseAt } from '../helpers/migrations';
import { leadsOf } from '../factories/people';

describeEachDialect('migrations', (dialect) => {
  it('one open e-mail record per e-mail and campaign: duplicates from before are folded into the oldest', () =>
    withDatabaseAt(dialect, '2026-11-22T0140-contact', async ({ db, migrator, at, bool }) => {
      await db
        .insertInto('campaigns')
        .values({ id: 'c1', name: 'C', questions: '{}', questioncolumns: 'q', is_active: bool(true), created_at: at(0), updated_at: at(0) })
        .execute();
      const record = (id: string, email: string, campaign: string | null, completed: boolean, s: number) => ({
        id,
        email,
        campaign_id: campaign,
        is_completed: bool(completed),
        created_at: at(s),
      });
      await db
        .insertInto('email_records')
        .values([
          record('dup-old', 'a@x.test', 'c1', false, 1),
          record('dup-new', 'a@x.test', 'c1', false, 2),
          record('done', 'a@x.test', 'c1', true, 3), // completed: kept
          record('news-old', 'n@x.test', null, false, 1),
          record('news-new', 'n@x.test', null, false, 2),
          record('other', 'b@x.test', 'c1', false, 1),
        ])
        .execute();

      // Up to the last migration before e-mail records became one per person, tested on its own.
      expect((await migrator.migrateTo('2026-11-25T0100-resume-token-expiry')).error).toBeUndefined();
      const ids = (await db.selectFrom('email_records').select('id').orderBy('id').execute()).map((r) => r.id);
      expect(ids).toEqual(['done', 'dup-old', 'news-old', 'other']);

      // From now on the database refuses a second open record, newsletter sign-ups included.
      await expect(
        db
          .insertInto('email_records')
          .values(record('again', 'a@x.test', 'c1', false, 9))
          .execute(),
      ).rejects.toThrow();
      await expect(
        db
          .insertInto('email_records')
          .values(record('again-n', 'n@x.test', null, false, 9))
          .execute(),
      ).rejects.toThrow();
      await db
        .insertInto('email_records')
        .values(record('done-2', 'a@x.test', 'c1', true, 9))
        .execute();

      // And the migrations can be undone.
      expect((await migrator.migrateTo('2026-11-22T0140-contact')).error).toBeUndefined();
      await db
        .insertInto('email_records')
        .values(record('again', 'a@x.test', 'c1', false, 9))
        .execute();
      expect(Number((await sql<{ n: number }>`select count(*) as n from email_records`.execute(db)).rows[0]!.n)).toBe(6);
    }));

  it('storing a response completes its e-mail record in the same statement; a conflicting retry changes nothing', async () => {
    const testDb = await createTestDatabase(dialect);
    const database = createDatabase(testDb.config);
    try {
      await migrateToLatest(database.db as Kysely<unknown>);
      const db = database.db;
      const now = new Date();
      await db
        .insertInto('campaigns')
        .values({ id: 'c1', name: 'C', questions: '{}', questioncolumns: 'q', isActive: true, createdAt: now, updatedAt: now })
        .execute();
      const [a, b] = await leadsOf(db, ['a@x.test', 'b@x.test'], 'c1', now);
      await db
        .insertInto('emailRecords')
        .values([
          { id: 'r1', email: 'a@x.test', campaignId: 'c1', isCompleted: false, createdAt: now, leadId: a! },
          { id: 'r2', email: 'b@x.test', campaignId: 'c1', isCompleted: false, createdAt: now, leadId: b! },
        ])
        .execute();
      const response = (id: string) => ({ id, campaignId: 'c1', emailRecordId: 'r1', leadId: a!, answer: '{}', createdAt: now });
      await db.insertInto('surveyResponses').values(response('s1')).execute();
      const completed = async () =>
        (await db.selectFrom('emailRecords').select(['id', 'isCompleted']).orderBy('id').execute()).map((r) => [r.id, Boolean(r.isCompleted)]);
      expect(await completed()).toEqual([
        ['r1', true],
        ['r2', false],
      ]);

      const retry = await db
        .insertInto('surveyResponses')
        .values(response('s2'))
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      expect(Number(retry.numInsertedOrUpdatedRows ?? 0)).toBe(0);
      expect(await completed()).toEqual([
        ['r1', true],
        ['r2', false],
      ]);
    } finally {
      await database.close();
      await testDb.drop();
    }
  });
});

describeEachDialect('migration: a lead is required, and leads keep their campaigns (2026-11-28T2300 and T2310)', (dialect) => {
  it('gives records without a lead one, as the app would; then refuses rows without a lead, keeping keys, triggers and indexes; and can be undone', () =>
    withDatabaseAt(dialect, '2026-11-27T1420-privacy-requests', async ({ database, db, migrator, at, bool }) => {
      await db
        .insertInto('campaigns')
        .values({ id: 'c1', name: 'C', questions: '{}', questioncolumns: 'q', lead_fields: '{}', is_active: bool(true), created_at: at(0), updated_at: at(0) })
        .execute();
      const lead = {
        id: 'known',
        email_key: 'known@x.test',
        email: 'known@x.test',
        name: null,
        phone: null,
        status: 'contacted',
        assignee_id: null,
        has_survey: bool(false),
        has_contact: bool(true),
        has_newsletter: bool(false),
        last_campaign_id: null,
        last_completed: bool(false),
        created_at: at(0),
        last_activity_at: at(0),
      };
      await db.insertInto('leads').values(lead).execute();
      const record = (id: string, email: string, campaign: string | null, completed: boolean, s: number, leadId: string | null = null) => ({
        id,
        email,
        campaign_id: campaign,
        is_completed: bool(completed),
        created_at: at(s),
        lead_id: leadId,
        is_extra: bool(false),
      });
      // Rows from before every write named its lead (as an old import or a bug could leave them).
      await db
        .insertInto('email_records')
        .values([
          record('o-news', ' Orphan@X.test', null, false, 1),
          record('o-survey', 'orphan@x.test', 'c1', true, 2),
          record('k-survey', 'KNOWN@x.test', 'c1', false, 3),
        ])
        .execute();
      await db
        .insertInto('survey_responses')
        .values({ id: 's1', campaign_id: 'c1', email_record_id: 'o-survey', email: 'orphan@x.test', answer: '{}', created_at: at(4) })
        .execute();
      await db
        .insertInto('survey_progress')
        .values({ email_record_id: 'k-survey', campaign_id: 'c1', answer: '{}', page: 0, furthest_page: 0, created_at: at(5), updated_at: at(5) })
        .execute();

      await migrateToLatest(database.db as Kysely<unknown>);
      const leads = await database.db.selectFrom('leads').selectAll().orderBy('emailKey').execute();
      expect(
        leads.map((l) => [
          l.emailKey,
          l.email,
          l.status,
          Boolean(l.hasSurvey),
          Boolean(l.hasContact),
          Boolean(l.hasNewsletter),
          l.lastCampaignId,
          Boolean(l.lastCompleted),
        ]),
      ).toEqual([
        ['known@x.test', 'known@x.test', 'contacted', true, true, false, null, false],
        ['orphan@x.test', 'orphan@x.test', 'new', true, false, true, 'c1', true],
      ]);
      const [known, orphan] = leads;
      expect(new Date(orphan!.createdAt).toISOString()).toBe(at(1));
      expect(new Date(orphan!.lastActivityAt).toISOString()).toBe(at(2));
      const records = await database.db.selectFrom('emailRecords').select(['id', 'leadId']).orderBy('id').execute();
      expect(records).toEqual([
        { id: 'k-survey', leadId: known!.id },
        { id: 'o-news', leadId: orphan!.id },
        { id: 'o-survey', leadId: orphan!.id },
      ]);
      expect(await database.db.selectFrom('surveyResponses').select(['id', 'leadId']).execute()).toEqual([{ id: 's1', leadId: orphan!.id }]);
      // The campaigns each lead answered, kept by leads from now on (2026-11-28T2310), from the records there are.
      const answered = await database.db.selectFrom('leadCampaigns').select(['leadId', 'campaignId']).orderBy('leadId').execute();
      expect(answered).toEqual([...[known!.id, orphan!.id].sort().map((leadId) => ({ leadId, campaignId: 'c1' }))]);

      // A row without its person is refused by the column itself, on both databases.
      const now = new Date();
      await expect(
        database.db
          .insertInto('emailRecords')
          .values({ id: 'x', email: 'x@x.test', campaignId: 'c1', isCompleted: false, createdAt: now, leadId: null as unknown as string })
          .execute(),
      ).rejects.toThrow(/null/i);
      await expect(
        database.db
          .insertInto('contactMessages')
          .values({
            id: 'm',
            firstname: 'A',
            lastname: 'B',
            email: 'x@x.test',
            requestQuotation: 'Homes',
            message: 'Hi',
            createdAt: now,
            leadId: null as unknown as string,
          })
          .execute(),
      ).rejects.toThrow(/null/i);
      await expect(
        database.db
          .insertInto('surveyResponses')
          .values({ id: 's2', campaignId: 'c1', emailRecordId: 'k-survey', answer: '{}', createdAt: now, leadId: null as unknown as string })
          .execute(),
      ).rejects.toThrow(/null/i);
      // The rest of the tables as they were: one person row per campaign, a response completes its
      // record (trigger), and deleting a record takes its unfinished answers with it (foreign key).
      await expect(
        database.db
          .insertInto('emailRecords')
          .values({ id: 'dup', email: 'Known@X.test', campaignId: 'c1', isCompleted: false, createdAt: now, leadId: known!.id })
          .execute(),
      ).rejects.toThrow(/unique/i);
      await database.db
        .insertInto('surveyResponses')
        .values({ id: 's3', campaignId: 'c1', emailRecordId: 'k-survey', answer: '{}', createdAt: now, leadId: known!.id })
        .execute();
      expect(
        Boolean((await database.db.selectFrom('emailRecords').select('isCompleted').where('id', '=', 'k-survey').executeTakeFirstOrThrow()).isCompleted),
      ).toBe(true);
      await database.db.deleteFrom('emailRecords').where('id', '=', 'k-survey').execute();
      expect(await database.db.selectFrom('surveyProgress').select('emailRecordId').execute()).toEqual([]);
      expect(await database.db.selectFrom('surveyResponses').select('id').where('id', '=', 's3').execute()).toEqual([]);
      await expect(database.db.deleteFrom('leads').where('id', '=', orphan!.id).execute()).rejects.toThrow(/foreign key/i);
      if (dialect === 'sqlite') {
        expect((await sql<Record<string, unknown>>`pragma integrity_check`.execute(db)).rows.map((r) => Object.values(r)[0])).toEqual(['ok']);
        expect((await sql`pragma foreign_key_check`.execute(db)).rows).toEqual([]);
        expect(Object.values((await sql<Record<string, unknown>>`pragma foreign_keys`.execute(db)).rows[0]!)).toEqual([1]);
      }

      // Undone: the columns take an empty lead again.
      expect((await migrator.migrateTo('2026-11-27T1420-privacy-requests')).error).toBeUndefined();
      await db
        .insertInto('email_records')
        .values(record('later', 'later@x.test', null, false, 9))
        .execute();
      expect((await db.selectFrom('email_records').select('id').execute()).length).toBe(3);
    }));
});

describeEachDialect('migration: a response keeps no copy of the address (decision 0020, 2026-11-28T2320)', (dialect) => {
  it('drops the copy when each is its record’s text, refuses when one differs, and can be undone', () =>
    withDatabaseAt(dialect, '2026-11-28T2310-lead-campaigns', async ({ database, db, migrator, at, bool }) => {
      await db
        .insertInto('campaigns')
        .values({ id: 'c1', name: 'C', questions: '{}', questioncolumns: 'q', lead_fields: '{}', is_active: bool(true), created_at: at(0), updated_at: at(0) })
        .execute();
      const lead = (id: string, key: string) => ({
        id,
        email_key: key,
        email: key,
        name: null,
        phone: null,
        status: 'new',
        assignee_id: null,
        has_survey: bool(true),
        has_contact: bool(false),
        has_newsletter: bool(false),
        last_campaign_id: 'c1',
        last_completed: bool(true),
        created_at: at(0),
        last_activity_at: at(0),
      });
      await db
        .insertInto('leads')
        .values([lead('la', 'a@x.test'), lead('lb', 'b@x.test')])
        .execute();
      await db
        .insertInto('email_records')
        .values([
          { id: 'r1', email: 'A@x.test', campaign_id: 'c1', is_completed: bool(false), created_at: at(1), lead_id: 'la', is_extra: bool(false) },
          { id: 'r2', email: 'b@x.test', campaign_id: 'c1', is_completed: bool(false), created_at: at(2), lead_id: 'lb', is_extra: bool(false) },
        ])
        .execute();
      await db
        .insertInto('survey_responses')
        .values([
          { id: 's1', campaign_id: 'c1', email_record_id: 'r1', lead_id: 'la', email: 'A@x.test', answer: '{}', created_at: at(3) },
          // Never written by the app (it stores the record's text): the migration must not lose it.
          { id: 's2', campaign_id: 'c1', email_record_id: 'r2', lead_id: 'lb', email: 'B@X.test', answer: '{}', created_at: at(4) },
        ])
        .execute();
      await expect(migrateToLatest(database.db as Kysely<unknown>)).rejects.toThrow(/1 survey response\(s\) carry an e-mail other than their e-mail record/);
      expect((await db.selectFrom('survey_responses').select(['id', 'email']).orderBy('id').execute()).map((r) => r.email)).toEqual(['A@x.test', 'B@X.test']);

      await db.updateTable('survey_responses').set({ email: 'b@x.test' }).where('id', '=', 's2').execute();
      await migrateToLatest(database.db as Kysely<unknown>);
      const columns =
        dialect === 'sqlite'
          ? (await sql<{ name: string }>`select name from pragma_table_info('survey_responses')`.execute(db)).rows.map((r) => r.name)
          : (
              await sql<{
                name: string;
              }>`select column_name as name from information_schema.columns where table_name = 'survey_responses' and table_schema = current_schema()`.execute(
                db,
              )
            ).rows.map((r) => r.name);
      expect(columns).not.toContain('email');
      expect(columns).toContain('email_record_id');

      // Undone: the copy comes back from the records.
      expect((await migrator.migrateTo('2026-11-28T2310-lead-campaigns')).error).toBeUndefined();
      expect((await db.selectFrom('survey_responses').select(['id', 'email']).orderBy('id').execute()).map((r) => [r.id, r.email])).toEqual([
        ['s1', 'A@x.test'],
        ['s2', 'b@x.test'],
      ]);
    }));

  it('notices per language: the kept notices become English, a Hindi text counts its own versions, and it can be undone', () =>
    withDatabaseAt(dialect, '2026-11-30T0700-channels', async ({ db, migrator, at }) => {
      const notice = (id: string, purpose: string, version: number, text: string, extra: Record<string, unknown> = {}) => ({
        id,
        purpose,
        version,
        text,
        hash: `h-${id}`,
        created_at: at(version),
        ...extra,
      });
      await db
        .insertInto('consent_notices')
        .values([notice('n1', 'survey', 1, 'First'), notice('n2', 'survey', 2, 'Second'), notice('n3', 'contact', 1, 'Contact')])
        .execute();

      expect((await migrator.migrateTo('2026-12-01T0100-notice-languages')).error).toBeUndefined();
      const rows = await db.selectFrom('consent_notices').select(['id', 'purpose', 'language', 'version', 'text']).orderBy('id').execute();
      expect(rows.map((r) => [r.id, r.purpose, r.language, Number(r.version), r.text])).toEqual([
        ['n1', 'survey', 'en', 1, 'First'],
        ['n2', 'survey', 'en', 2, 'Second'],
        ['n3', 'contact', 'en', 1, 'Contact'],
      ]);
      // Hindi counts from 1 beside English; one version number per purpose and language.
      await db
        .insertInto('consent_notices')
        .values(notice('h1', 'survey', 1, 'पहला', { language: 'hi' }))
        .execute();
      await expect(
        db
          .insertInto('consent_notices')
          .values(notice('h1b', 'survey', 1, 'फिर से', { language: 'hi' }))
          .execute(),
      ).rejects.toThrow();
      await expect(
        db
          .insertInto('consent_notices')
          .values(notice('n1b', 'survey', 1, 'Again'))
          .execute(),
      ).rejects.toThrow();

      // Undone: the English notices as they were.
      expect((await migrator.migrateTo('2026-11-30T0700-channels')).error).toBeUndefined();
      expect((await db.selectFrom('consent_notices').select('id').orderBy('id').execute()).map((r) => r.id)).toEqual(['n1', 'n2', 'n3']);
    }));
});

describeEachDialect('migration: the inbox at a million leads (2026-12-03T0500)', (dialect) => {
  it('counts by status from a partial index; on PostgreSQL the text search has a trigram index; undone cleanly', () =>
    withDatabaseAt(dialect, '2026-12-03T0500-lead-inbox-indexes', async ({ db, migrator }) => {
      const indexes = async () =>
        dialect === 'sqlite'
          ? (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'leads'`.execute(db)).rows.map((r) => r.name)
          : (await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'leads'`.execute(db)).rows.map((r) => r.name);
      expect(await indexes()).toContain('leads_status_open');
      if (dialect === 'postgres') {
        // This test server lets the migration create pg_trgm (a trusted extension); a managed one that refuses leaves the search a scan.
        expect(await indexes()).toContain('leads_search_trgm');
        const plan = (await sql<{ 'QUERY PLAN': string }>`explain select id from leads where search_text like '%priya sharma%'`.execute(db)).rows
          .map((r) => r['QUERY PLAN'])
          .join('\n');
        await sql`set enable_seqscan = off`.execute(db);
        const forced = (await sql<{ 'QUERY PLAN': string }>`explain select id from leads where search_text like '%priya sharma%'`.execute(db)).rows
          .map((r) => r['QUERY PLAN'])
          .join('\n');
        await sql`reset enable_seqscan`.execute(db);
        expect(`${plan}\n${forced}`).toContain('leads_search_trgm');
      }
      expect((await migrator.migrateTo('2026-12-02T0600-kiosk')).error).toBeUndefined();
      expect(await indexes()).not.toContain('leads_status_open');
      expect(await indexes()).not.toContain('leads_search_trgm');
    }));
});

describeEachDialect('migration: the SQLite inbox search through a trigram index (decision 0061, 2026-12-04T0500)', (dialect) => {
  it('indexes the leads there are, keeps the index on writes, and is undone cleanly; nothing on PostgreSQL (pg_trgm serves it)', () =>
    withDatabaseAt(dialect, '2026-12-03T0500-lead-inbox-indexes', async ({ db, migrator, at, bool }) => {
      const lead = (id: string, name: string, email: string | null, phone: string | null, s: number) => ({
        id,
        email_key: email,
        email,
        name,
        phone,
        phone_key: phone,
        status: 'new',
        assignee_id: null,
        has_survey: bool(false),
        has_contact: bool(true),
        has_newsletter: bool(false),
        last_campaign_id: null,
        last_completed: bool(false),
        created_at: at(s),
        last_activity_at: at(s),
      });
      await db
        .insertInto('leads')
        .values([lead('m1', 'आशा राव', 'asha@x.test', '+919876543210', 1), lead('m2', 'Ravi Kumar', null, '+919812345678', 2)])
        .execute();
      expect((await migrator.migrateTo('2026-12-04T0500-lead-search-fts')).error).toBeUndefined();
      const tables = async () =>
        dialect === 'sqlite'
          ? (await sql<{ name: string }>`select name from sqlite_master where name like 'leads_search%'`.execute(db)).rows.map((r) => r.name).sort()
          : (await sql<{ name: string }>`select tablename as name from pg_tables where tablename = 'leads_search'`.execute(db)).rows.map((r) => r.name);
      if (dialect === 'postgres') {
        expect(await tables()).toEqual([]);
      } else {
        expect(await tables()).toEqual(expect.arrayContaining(['leads_search', 'leads_search_delete', 'leads_search_insert', 'leads_search_update']));
        const found = async (text: string) =>
          (
            await sql<{
              id: string;
            }>`select id from leads where rowid in (select rowid from leads_search where leads_search match ${`"${text}"`}) order by id`.execute(db)
          ).rows.map((r) => r.id);
        expect(await found('आशा')).toEqual(['m1']);
        expect(await found('9812345678')).toEqual(['m2']);
        expect(await found('ravi kumar')).toEqual(['m2']);
        await db
          .insertInto('leads')
          .values(lead('m3', 'Ravi Kumar', 'ravi@x.test', null, 3))
          .execute();
        await db.updateTable('leads').set({ name: 'Asha' }).where('id', '=', 'm1').execute();
        await db.deleteFrom('leads').where('id', '=', 'm2').execute();
        expect(await found('ravi kumar')).toEqual(['m3']);
        expect(await found('आशा')).toEqual([]);
        expect(await found('asha@x')).toEqual(['m1']);
      }
      expect((await migrator.migrateTo('2026-12-03T0500-lead-inbox-indexes')).error).toBeUndefined();
      expect(await tables()).toEqual([]);
      await db
        .insertInto('leads')
        .values(lead('m4', 'After', 'after@x.test', null, 4))
        .execute();
    }));
});

describeEachDialect('migration: the open leads of the inbox (decision 0080, 2026-12-08T0100)', (dialect) => {
  it("reads the inbox's first page in order, its counts under a source filter from one index, still finds a lead's merged leads; undone cleanly", () =>
    withDatabaseAt(dialect, '2026-12-08T0100-inbox-open-leads', async ({ db, migrator, at, bool }) => {
      const lead = (n: number) => ({
        id: `p${String(n).padStart(4, '0')}`,
        email_key: `p${n}@x.test`,
        email: `p${n}@x.test`,
        name: null,
        phone: null,
        phone_key: null,
        status: 'new',
        assignee_id: null,
        has_survey: bool(true),
        has_contact: bool(false),
        has_newsletter: bool(false),
        last_campaign_id: null,
        last_completed: bool(false),
        created_at: at(n),
        last_activity_at: at(n),
        merged_into_id: n > 0 && n <= 5 ? 'p0000' : null,
      });
      await db
        .insertInto('leads')
        .values(Array.from({ length: 400 }, (_, n) => lead(n)))
        .execute();
      const definition = async () =>
        dialect === 'sqlite'
          ? (await sql<{ sql: string }>`select sql from sqlite_master where name = 'leads_merged_into'`.execute(db)).rows[0]?.sql
          : (await sql<{ sql: string }>`select indexdef as sql from pg_indexes where indexname = 'leads_merged_into'`.execute(db)).rows[0]?.sql;
      expect((await definition())?.toLowerCase()).toMatch(/where \(?merged_into_id is not null\)?/);
      const statusOpen =
        dialect === 'sqlite'
          ? (await sql<{ sql: string }>`select sql from sqlite_master where name = 'leads_status_open'`.execute(db)).rows[0]?.sql
          : (await sql<{ sql: string }>`select indexdef as sql from pg_indexes where indexname = 'leads_status_open'`.execute(db)).rows[0]?.sql;
      expect(statusOpen?.replaceAll('"', '').toLowerCase()).toMatch(/\(status, has_survey, has_contact, has_newsletter\) where \(?merged_into_id is null\)?/);
      const merged = await sql<{ id: string }>`select id from leads where merged_into_id = ${'p0000'} order by id`.execute(db);
      expect(merged.rows.map((r) => r.id)).toEqual(['p0001', 'p0002', 'p0003', 'p0004', 'p0005']);
      if (dialect === 'sqlite') {
        const plan = async (query: string) =>
          (await sql<{ detail: string }>`explain query plan ${sql.raw(query)}`.execute(db)).rows.map((r) => r.detail).join(' | ');
        // The inbox's first page: in index order, stopping at the page's last row; no sort of every open lead.
        const page = await plan('select id from leads where merged_into_id is null order by last_activity_at desc, id desc limit 100');
        expect(page).toContain('leads_last_activity');
        expect(page).not.toContain('TEMP B-TREE');
        expect(await plan(`select id from leads where merged_into_id = 'p0000'`)).toContain('leads_merged_into');
        // The counts beside a page filtered by source: from the partial index that holds the flags.
        expect(await plan('select status, count(*) from leads where merged_into_id is null and has_survey = 1 group by status')).toContain('leads_status_open');
      }
      const counts = await sql<{
        status: string;
        n: number | string;
      }>`select status, count(*) as n from leads where merged_into_id is null and has_survey = ${bool(true)} group by status`.execute(db);
      expect(counts.rows.map((r) => [r.status, Number(r.n)])).toEqual([['new', 395]]);
      expect((await migrator.migrateTo('2026-12-07T0100-dropoff-day-counts')).error).toBeUndefined();
      expect((await definition())?.toLowerCase()).not.toContain('where');
    }));
});
