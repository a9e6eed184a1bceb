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
      await db.insertInto('campaigns').values({ id: 'c1', name: 'C', questions: '{}', questioncolumns: 'q', is_active: bool(true), created_at: at(0), updated_at: at(0) }).execute();
      const record = (id: string, email: string, campaign: string | null, completed: boolean, s: number) => ({
        id, email, campaign_id: campaign, is_completed: bool(completed), created_at: at(s),
      });
      await db.insertInto('email_records').values([
        record('dup-old', 'a@x.test', 'c1', false, 1),
        record('dup-new', 'a@x.test', 'c1', false, 2),
        record('done', 'a@x.test', 'c1', true, 3), // completed: kept
        record('news-old', 'n@x.test', null, false, 1),
        record('news-new', 'n@x.test', null, false, 2),
        record('other', 'b@x.test', 'c1', false, 1),
      ]).execute();

      // Up to the last migration before e-mail records became one per person (issue 22), tested on its own.
      expect((await migrator.migrateTo('2026-11-25T0100-resume-token-expiry')).error).toBeUndefined();
      const ids = (await db.selectFrom('email_records').select('id').orderBy('id').execute()).map((r) => r.id);
      expect(ids).toEqual(['done', 'dup-old', 'news-old', 'other']);

      // From now on the database refuses a second open record, newsletter sign-ups included.
      await expect(db.insertInto('email_records').values(record('again', 'a@x.test', 'c1', false, 9)).execute()).rejects.toThrow();
      await expect(db.insertInto('email_records').values(record('again-n', 'n@x.test', null, false, 9)).execute()).rejects.toThrow();
      await db.insertInto('email_records').values(record('done-2', 'a@x.test', 'c1', true, 9)).execute();

      // And the migrations can be undone.
      expect((await migrator.migrateTo('2026-11-22T0140-contact')).error).toBeUndefined();
      await db.insertInto('email_records').values(record('again', 'a@x.test', 'c1', false, 9)).execute();
      expect(Number((await sql<{ n: number }>`select count(*) as n from email_records`.execute(db)).rows[0]!.n)).toBe(6);
    }));

  it('storing a response completes its e-mail record in the same statement; a conflicting retry changes nothing', async () => {
    const testDb = await createTestDatabase(dialect);
    const database = createDatabase(testDb.config);
    try {
      await migrateToLatest(database.db as Kysely<unknown>);
      const db = database.db;
      const now = new Date();
      await db.insertInto('campaigns').values({ id: 'c1', name: 'C', questions: '{}', questioncolumns: 'q', isActive: true, createdAt: now, updatedAt: now }).execute();
      const [a, b] = await leadsOf(db, ['a@x.test', 'b@x.test'], 'c1', now);
      await db.insertInto('emailRecords').values([
        { id: 'r1', email: 'a@x.test', campaignId: 'c1', isCompleted: false, createdAt: now, leadId: a! },
        { id: 'r2', email: 'b@x.test', campaignId: 'c1', isCompleted: false, createdAt: now, leadId: b! },
      ]).execute();
      const response = (id: string) => ({ id, campaignId: 'c1', emailRecordId: 'r1', leadId: a!, email: 'a@x.test', answer: '{}', createdAt: now });
      await db.insertInto('surveyResponses').values(response('s1')).execute();
      const completed = async () => (await db.selectFrom('emailRecords').select(['id', 'isCompleted']).orderBy('id').execute()).map((r) => [r.id, Boolean(r.isCompleted)]);
      expect(await completed()).toEqual([['r1', true], ['r2', false]]);

      const retry = await db.insertInto('surveyResponses').values(response('s2')).onConflict((oc) => oc.doNothing()).executeTakeFirst();
      expect(Number(retry.numInsertedOrUpdatedRows ?? 0)).toBe(0);
      expect(await completed()).toEqual([['r1', true], ['r2', false]]);
    } finally {
      await database.close();
      await testDb.drop();
    }
  });
});

describeEachDialect('migration: a lead is required, and leads keep their campaigns (issue 24 §1, 2026-11-28T2300 and T2310)', (dialect) => {
  it('gives records without a lead one, as the app would; then refuses rows without a lead, keeping keys, triggers and indexes; and can be undone', () =>
    withDatabaseAt(dialect, '2026-11-27T1420-privacy-requests', async ({ database, db, migrator, at, bool }) => {
      await db.insertInto('campaigns').values({ id: 'c1', name: 'C', questions: '{}', questioncolumns: 'q', lead_fields: '{}', is_active: bool(true), created_at: at(0), updated_at: at(0) }).execute();
      const lead = { id: 'known', email_key: 'known@x.test', email: 'known@x.test', name: null, phone: null, status: 'contacted', assignee_id: null,
        has_survey: bool(false), has_contact: bool(true), has_newsletter: bool(false), last_campaign_id: null, last_completed: bool(false), created_at: at(0), last_activity_at: at(0) };
      await db.insertInto('leads').values(lead).execute();
      const record = (id: string, email: string, campaign: string | null, completed: boolean, s: number, leadId: string | null = null) => ({
        id, email, campaign_id: campaign, is_completed: bool(completed), created_at: at(s), lead_id: leadId, is_extra: bool(false),
      });
      // Rows from before every write named its lead (as an old import or a bug could leave them).
      await db.insertInto('email_records').values([
        record('o-news', ' Orphan@X.test', null, false, 1),
        record('o-survey', 'orphan@x.test', 'c1', true, 2),
        record('k-survey', 'KNOWN@x.test', 'c1', false, 3),
      ]).execute();
      await db.insertInto('survey_responses').values({ id: 's1', campaign_id: 'c1', email_record_id: 'o-survey', email: 'orphan@x.test', answer: '{}', created_at: at(4) }).execute();
      await db.insertInto('survey_progress').values({ email_record_id: 'k-survey', campaign_id: 'c1', answer: '{}', page: 0, furthest_page: 0, created_at: at(5), updated_at: at(5) }).execute();

      await migrateToLatest(database.db as Kysely<unknown>);
      const leads = await database.db.selectFrom('leads').selectAll().orderBy('emailKey').execute();
      expect(leads.map((l) => [l.emailKey, l.email, l.status, Boolean(l.hasSurvey), Boolean(l.hasContact), Boolean(l.hasNewsletter), l.lastCampaignId, Boolean(l.lastCompleted)])).toEqual([
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
      await expect(database.db.insertInto('emailRecords').values({ id: 'x', email: 'x@x.test', campaignId: 'c1', isCompleted: false, createdAt: now, leadId: null as unknown as string }).execute()).rejects.toThrow(/null/i);
      await expect(
        database.db.insertInto('contactMessages').values({ id: 'm', firstname: 'A', lastname: 'B', email: 'x@x.test', requestQuotation: 'Homes', message: 'Hi', createdAt: now, leadId: null as unknown as string }).execute(),
      ).rejects.toThrow(/null/i);
      await expect(
        database.db.insertInto('surveyResponses').values({ id: 's2', campaignId: 'c1', emailRecordId: 'k-survey', email: 'known@x.test', answer: '{}', createdAt: now, leadId: null as unknown as string }).execute(),
      ).rejects.toThrow(/null/i);
      // The rest of the tables as they were: one person row per campaign, a response completes its
      // record (trigger), and deleting a record takes its unfinished answers with it (foreign key).
      await expect(database.db.insertInto('emailRecords').values({ id: 'dup', email: 'Known@X.test', campaignId: 'c1', isCompleted: false, createdAt: now, leadId: known!.id }).execute()).rejects.toThrow(/unique/i);
      await database.db.insertInto('surveyResponses').values({ id: 's3', campaignId: 'c1', emailRecordId: 'k-survey', email: 'KNOWN@x.test', answer: '{}', createdAt: now, leadId: known!.id }).execute();
      expect(Boolean((await database.db.selectFrom('emailRecords').select('isCompleted').where('id', '=', 'k-survey').executeTakeFirstOrThrow()).isCompleted)).toBe(true);
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
      await db.insertInto('email_records').values(record('later', 'later@x.test', null, false, 9)).execute();
      expect((await db.selectFrom('email_records').select('id').execute()).length).toBe(3);
    }));
});
