import { sql, type Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { createDatabase } from '#server/db/database';
import { migrateToLatest } from '#server/db/migrate';
import { createTestDatabase, describeEachDialect } from '../helpers/databases';
import { withDatabaseAt } from '../helpers/migrations';

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
      await db.insertInto('emailRecords').values([
        { id: 'r1', email: 'a@x.test', campaignId: 'c1', isCompleted: false, createdAt: now },
        { id: 'r2', email: 'b@x.test', campaignId: 'c1', isCompleted: false, createdAt: now },
      ]).execute();
      const response = (id: string) => ({ id, campaignId: 'c1', emailRecordId: 'r1', email: 'a@x.test', answer: '{}', createdAt: now });
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
