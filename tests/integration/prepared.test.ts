import { expect, it } from 'vitest';
import { prepared } from '#server/db/prepared';
import { describeEachDatabase } from '../helpers/app';
import { leadsOf } from '../factories/people';

describeEachDatabase('prepared queries', (ctx) => {
  const insertRecord = prepared<{ id: string; email: string; campaignId: string | null; done: boolean; extra: boolean; at: Date; leadId: string }>()(
    (db, param) =>
      db.insertInto('emailRecords').values({
        id: param('id'),
        email: param('email'),
        campaignId: param('campaignId'),
        isCompleted: param('done'),
        createdAt: param('at'),
        // A person's second row is another attempt, never the record itself.
        isExtra: param('extra'),
        leadId: param('leadId'),
      }),
  );
  const openByEmail = prepared<{ email: string }>()((db, param) =>
    db.selectFrom('emailRecords').select(['id', 'createdAt']).where('email', '=', param('email')).where('isCompleted', '=', false).orderBy('id'),
  );

  it('binds new values on every run, booleans and dates included, next to the constants it was built with', async () => {
    const at = new Date('2026-11-22T10:00:00.000Z');
    const [a1, b1] = await leadsOf(ctx.database.db, ['a@prep.test', 'b@prep.test']);
    await insertRecord.execute(ctx.database.db, { id: 'prep-1', email: 'a@prep.test', campaignId: null, done: false, extra: false, at, leadId: a1! });
    await insertRecord.execute(ctx.database.db, { id: 'prep-2', email: 'a@prep.test', campaignId: null, done: true, extra: true, at, leadId: a1! });
    await insertRecord.execute(ctx.database.db, { id: 'prep-3', email: 'b@prep.test', campaignId: null, done: false, extra: false, at, leadId: b1! });

    const a = await openByEmail.execute(ctx.database.db, { email: 'a@prep.test' });
    expect(a.rows.map((r) => r.id)).toEqual(['prep-1']); // prep-2 is completed: the constant `false` held
    expect(new Date(a.rows[0]!.createdAt).toISOString()).toBe(at.toISOString());
    expect((await openByEmail.first(ctx.database.db, { email: 'b@prep.test' }))?.id).toBe('prep-3');
    expect(await openByEmail.first(ctx.database.db, { email: 'nobody@prep.test' })).toBeUndefined();
  });

  it('gives the same rows as the query built the ordinary way', async () => {
    const ordinary = await ctx.database.db
      .selectFrom('emailRecords')
      .select(['id', 'createdAt'])
      .where('email', '=', 'a@prep.test')
      .where('isCompleted', '=', false)
      .orderBy('id')
      .execute();
    expect((await openByEmail.execute(ctx.database.db, { email: 'a@prep.test' })).rows).toEqual(ordinary);
  });

  it('runs inside a transaction, and reports affected rows', async () => {
    const complete = prepared<{ id: string }>()((db, param) => db.updateTable('emailRecords').set({ isCompleted: true }).where('id', '=', param('id')));
    const result = await ctx.database.db.transaction().execute((trx) => complete.execute(trx, { id: 'prep-3' }));
    expect(Number(result.numAffectedRows)).toBe(1);
    expect(Number((await complete.execute(ctx.database.db, { id: 'no-such-id' })).numAffectedRows)).toBe(0);
    expect(await openByEmail.first(ctx.database.db, { email: 'b@prep.test' })).toBeUndefined();
  });

  it('reads the same rows inside a transaction (on SQLite, run on the connection the transaction holds)', async () => {
    const outside = (await openByEmail.execute(ctx.database.db, { email: 'a@prep.test' })).rows;
    const inside = await ctx.database.db.transaction().execute(async (trx) => (await openByEmail.execute(trx, { email: 'a@prep.test' })).rows);
    expect(inside).toEqual(outside);
    expect(Object.keys(inside[0]!)).toEqual(['id', 'createdAt']); // camelCase, as Kysely's own path gives
  });

  it("writes inside a transaction are the transaction's: undone with it, unseen outside it until it commits", async () => {
    const [c1] = await leadsOf(ctx.database.db, ['c@prep.test']);
    const at = new Date('2026-11-22T11:00:00.000Z');
    await expect(
      ctx.database.db.transaction().execute(async (trx) => {
        await insertRecord.execute(trx, { id: 'prep-4', email: 'c@prep.test', campaignId: null, done: false, extra: false, at, leadId: c1! });
        expect((await openByEmail.first(trx, { email: 'c@prep.test' }))?.id).toBe('prep-4');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await openByEmail.first(ctx.database.db, { email: 'c@prep.test' })).toBeUndefined();

    // A statement run outside the transaction, while it is open, is not taken into it: when the
    // transaction is rolled back, that statement's row stays.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let opened!: () => void;
    const open = new Promise<void>((resolve) => (opened = resolve));
    const transaction = ctx.database.db.transaction().execute(async (trx) => {
      await insertRecord.execute(trx, { id: 'prep-5', email: 'c@prep.test', campaignId: null, done: false, extra: false, at, leadId: c1! });
      opened();
      await held;
      throw new Error('rolled back');
    });
    await open;
    const outsideWrite = insertRecord.execute(ctx.database.db, {
      id: 'prep-6',
      email: 'c@prep.test',
      campaignId: null,
      done: false,
      extra: true,
      at,
      leadId: c1!,
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await expect(transaction).rejects.toThrow('rolled back');
    await outsideWrite;
    expect((await openByEmail.execute(ctx.database.db, { email: 'c@prep.test' })).rows.map((r) => r.id)).toEqual(['prep-6']);
  });

  it('refuses to run without a value for every parameter', async () => {
    await expect(openByEmail.execute(ctx.database.db, {} as { email: string })).rejects.toThrow('no value for "email"');
  });
});
