import { expect, it } from 'vitest';
import { prepared } from '#server/db/prepared';
import { describeEachDatabase } from '../helpers/app';
import { leadsOf } from '../factories/people';

describeEachDatabase('prepared queries', (ctx) => {
  const insertRecord = prepared<{ id: string; email: string; campaignId: string | null; done: boolean; extra: boolean; at: Date; leadId: string }>()((db, param) =>
    db.insertInto('emailRecords').values({
      id: param('id'),
      email: param('email'),
      campaignId: param('campaignId'),
      isCompleted: param('done'),
      createdAt: param('at'),
      // A person's second row is another attempt (issue 22 item 6).
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

  it('refuses to run without a value for every parameter', async () => {
    await expect(openByEmail.execute(ctx.database.db, {} as { email: string })).rejects.toThrow('no value for "email"');
  });
});
