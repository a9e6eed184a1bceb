import { expect, it } from 'vitest';
import { GroupCommitter } from '../../src/server/db/group-commit';
import { describeEachDatabase } from '../helpers/app';

describeEachDatabase('GroupCommitter', (ctx) => {
  const insertToken = (jti: string) => (trx: Parameters<Parameters<GroupCommitter['run']>[0]>[0]) =>
    trx.insertInto('revokedTokens').values({ jti, expiresAt: new Date(Date.now() + 60_000) }).execute().then(() => jti);

  const stored = async (prefix: string) =>
    (await ctx.database.db.selectFrom('revokedTokens').select('jti').where('jti', 'like', `${prefix}%`).execute()).map((r) => r.jti).sort();

  it('commits every concurrent job and answers each with its own result', async () => {
    const committer = new GroupCommitter(ctx.database.db, ctx.dialect);
    const ids = Array.from({ length: 200 }, (_, i) => `many-${String(i).padStart(3, '0')}`);
    const results = await Promise.all(ids.map((id) => committer.run(insertToken(id))));
    expect(results).toEqual(ids);
    expect(await stored('many-')).toEqual(ids);
    expect(committer.stats.jobs).toBe(200);
    if (ctx.dialect === 'sqlite') {
      // Concurrent jobs share transactions: far fewer commits (fsyncs) than jobs.
      expect(committer.stats.transactions).toBeLessThan(20);
    } else {
      expect(committer.stats.transactions).toBe(200);
    }
  });

  it('rolls back a failing job alone, including what it wrote before failing', async () => {
    const committer = new GroupCommitter(ctx.database.db, ctx.dialect);
    const outcomes = await Promise.allSettled([
      committer.run(insertToken('iso-a')),
      committer.run(async (trx) => {
        await insertToken('iso-partial')(trx);
        await insertToken('iso-a')(trx); // duplicate key: fails
      }),
      committer.run(insertToken('iso-b')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await stored('iso-')).toEqual(['iso-a', 'iso-b']);
  });

  it('keeps accepting work after a batch, and batches work that arrives during a commit', async () => {
    const committer = new GroupCommitter(ctx.database.db, ctx.dialect);
    await committer.run(insertToken('later-0'));
    const second = await Promise.all([1, 2, 3].map((i) => committer.run(insertToken(`later-${i}`))));
    expect(second).toEqual(['later-1', 'later-2', 'later-3']);
    expect(await stored('later-')).toEqual(['later-0', 'later-1', 'later-2', 'later-3']);
  });
});
