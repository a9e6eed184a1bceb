import { sql, type Kysely } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { GroupCommitter } from '#server/db/group-commit';
import type { Database } from '#server/db/schema';
import { describeEachDatabase, useMigratedDatabase } from '../helpers/app';

describeEachDatabase('GroupCommitter', (ctx) => {
  const insertToken = (jti: string) => (trx: Kysely<Database>) =>
    trx
      .insertInto('revokedTokens')
      .values({ jti, expiresAt: new Date(Date.now() + 60_000) })
      .execute()
      .then(() => jti);

  const stored = async (prefix: string) =>
    (await ctx.database.db.selectFrom('revokedTokens').select('jti').where('jti', 'like', `${prefix}%`).execute()).map((r) => r.jti).sort();

  it('commits every concurrent job and answers each with its own result', async () => {
    const committer = new GroupCommitter(ctx.database.db, ctx.dialect);
    const ids = Array.from({ length: 200 }, (_, i) => `many-${String(i).padStart(3, '0')}`);
    const results = await Promise.all(ids.map((id) => committer.run(insertToken(id))));
    expect(results).toEqual(ids);
    expect(await stored('many-')).toEqual(ids);
    expect(committer.stats.jobs).toBe(200);
    // Concurrent jobs share transactions on both databases: far fewer commits (fsyncs) than jobs.
    expect(committer.stats.transactions).toBeLessThan(20);
  });

  it('a job alone commits by itself, as soon as it is given', async () => {
    const committer = new GroupCommitter(ctx.database.db, ctx.dialect);
    for (const i of [1, 2, 3]) expect(await committer.run(insertToken(`alone-${i}`))).toBe(`alone-${i}`);
    expect(committer.stats).toMatchObject({ transactions: 3, jobs: 3 });
    expect(await stored('alone-')).toEqual(['alone-1', 'alone-2', 'alone-3']);
  });

  it('rolls back a failing job alone, including what it wrote before failing', async () => {
    const committer = new GroupCommitter(ctx.database.db, ctx.dialect);
    // Stored first, so that on PostgreSQL (concurrent transactions) only the middle job can fail.
    await committer.run(insertToken('iso-a'));
    const outcomes = await Promise.allSettled([
      committer.run(insertToken('iso-b')),
      committer.run(async (trx) => {
        await insertToken('iso-partial')(trx);
        await insertToken('iso-a')(trx); // duplicate key: fails
      }),
      committer.run(insertToken('iso-c')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await stored('iso-')).toEqual(['iso-a', 'iso-b', 'iso-c']);
    // The three shared one transaction: on PostgreSQL the failed statement did not abort the others.
    expect(committer.stats.transactions).toBe(2);
  });

  it("a batch's first, last and two neighbouring jobs may fail: each is undone alone, every other job is kept", async () => {
    const committer = new GroupCommitter(ctx.database.db, ctx.dialect);
    await committer.run(insertToken('edge-taken'));
    const failing = (name: string) => async (trx: Kysely<Database>) => {
      await insertToken(`edge-${name}-partial`)(trx);
      await insertToken('edge-taken')(trx); // duplicate key: fails
    };
    const outcomes = await Promise.allSettled([
      committer.run(failing('first')),
      committer.run(insertToken('edge-1')),
      committer.run(failing('middle-a')),
      committer.run(failing('middle-b')),
      committer.run(insertToken('edge-2')),
      committer.run(failing('last')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'fulfilled', 'rejected', 'rejected', 'fulfilled', 'rejected']);
    expect(await stored('edge-')).toEqual(['edge-1', 'edge-2', 'edge-taken']);
    expect(committer.stats.transactions).toBe(2);
    // The committer goes on: the next batch is whole.
    expect(await Promise.all([committer.run(insertToken('edge-3')), committer.run(insertToken('edge-4'))])).toEqual(['edge-3', 'edge-4']);
    expect(await stored('edge-')).toEqual(['edge-1', 'edge-2', 'edge-3', 'edge-4', 'edge-taken']);
  });

  it('runs atomic jobs (one write each) beside ordinary ones; a failing one leaves its neighbours', async () => {
    const committer = new GroupCommitter(ctx.database.db, ctx.dialect);
    await committer.run(insertToken('atomic-a'));
    const outcomes = await Promise.allSettled([
      committer.runAtomic(insertToken('atomic-b')),
      committer.runAtomic(insertToken('atomic-a')), // duplicate key: fails, and only itself
      committer.run(insertToken('atomic-c')),
      committer.runAtomic(async (db) => {
        const row = await db.selectFrom('revokedTokens').select('jti').where('jti', '=', 'atomic-a').executeTakeFirst();
        return row?.jti;
      }),
    ]);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : 'failed'))).toEqual(['atomic-b', 'failed', 'atomic-c', 'atomic-a']);
    expect(await stored('atomic-')).toEqual(['atomic-a', 'atomic-b', 'atomic-c']);
  });

  if (ctx.dialect === 'postgres') {
    it('on PostgreSQL an atomic job runs outside a transaction: its write is committed as soon as it is made', async () => {
      const committer = new GroupCommitter(ctx.database.db, ctx.dialect);
      const seenFromAnotherConnection = await committer.runAtomic(async (db) => {
        await insertToken('autocommit')(db);
        const other = await ctx.database.db
          .connection()
          .execute((conn) => conn.selectFrom('revokedTokens').select('jti').where('jti', '=', 'autocommit').executeTakeFirst());
        return other?.jti;
      });
      expect(seenFromAnotherConnection).toBe('autocommit');
    });

    it("on PostgreSQL two instances' batches that lock the same rows in opposite orders both finish: the deadlock's victim runs again", async () => {
      // Two committers are two instances. Each batch's first job locks one row and waits until the
      // other batch's first job has locked the other row; each batch's second job then wants the row
      // the other batch holds. PostgreSQL breaks the cycle by failing one statement.
      await ctx.database.db
        .insertInto('revokedTokens')
        .values(['lock-1', 'lock-2'].map((jti) => ({ jti, expiresAt: new Date(Date.now() + 60_000) })))
        .execute();
      const lock = (trx: Kysely<Database>, jti: string) => sql`select jti from revoked_tokens where jti = ${jti} for update`.execute(trx).then(() => jti);
      let arrived = 0;
      let bothHold!: () => void;
      const holding = new Promise<void>((resolve) => (bothHold = resolve));
      const firstLock = async (trx: Kysely<Database>, jti: string) => {
        await lock(trx, jti);
        if (++arrived === 2) bothHold();
        await holding;
        return jti;
      };
      const a = new GroupCommitter(ctx.database.db, ctx.dialect);
      const b = new GroupCommitter(ctx.database.db, ctx.dialect);
      const outcomes = await Promise.allSettled([
        a.run((trx) => firstLock(trx, 'lock-1')),
        a.run((trx) => lock(trx, 'lock-2')),
        b.run((trx) => firstLock(trx, 'lock-2')),
        b.run((trx) => lock(trx, 'lock-1')),
      ]);
      expect(outcomes).toEqual(['lock-1', 'lock-2', 'lock-2', 'lock-1'].map((value) => ({ status: 'fulfilled', value })));
      expect(a.stats.retries + b.stats.retries).toBe(1);
      expect(a.stats.jobs + b.stats.jobs).toBe(4);
    });
  }

  it('keeps accepting work after a batch, and batches work that arrives during a commit', async () => {
    const committer = new GroupCommitter(ctx.database.db, ctx.dialect);
    await committer.run(insertToken('later-0'));
    const second = await Promise.all([1, 2, 3].map((i) => committer.run(insertToken(`later-${i}`))));
    expect(second).toEqual(['later-1', 'later-2', 'later-3']);
    expect(await stored('later-')).toEqual(['later-0', 'later-1', 'later-2', 'later-3']);
  });
});

// On SQLite the batch's fsync is the committer's own (on the thread pool, not the event loop):
// these check that nothing is acknowledged before it, and that every other write keeps SQLite's.
describe('GroupCommitter on SQLite: acknowledgement waits for the log flush', () => {
  const ctx = useMigratedDatabase('sqlite');

  const insertToken = (jti: string) => (trx: Kysely<Database>) =>
    trx
      .insertInto('revokedTokens')
      .values({ jti, expiresAt: new Date(Date.now() + 60_000) })
      .execute()
      .then(() => jti);

  it('the database on disk has a log flush, and it really syncs the -wal file', async () => {
    expect(ctx.database.syncLog).toBeTypeOf('function');
    await new GroupCommitter(ctx.database.db, 'sqlite', { syncLog: ctx.database.syncLog }).run(insertToken('real-flush'));
    await expect(ctx.database.syncLog!()).resolves.toBeUndefined();
  });

  it('answers a job only once the flush after its commit has finished', async () => {
    let release!: () => void;
    const flushes: string[] = [];
    const committer = new GroupCommitter(ctx.database.db, 'sqlite', {
      syncLog: () => {
        flushes.push('started');
        return new Promise<void>((resolve) => (release = resolve));
      },
    });
    let answered = false;
    const job = committer.run(insertToken('wait-flush')).then((v) => ((answered = true), v));
    await vi.waitFor(() => expect(flushes).toEqual(['started']));
    // Committed (visible on the connection) but not yet on disk: not acknowledged.
    const row = await ctx.database.db.selectFrom('revokedTokens').select('jti').where('jti', '=', 'wait-flush').executeTakeFirst();
    expect(row?.jti).toBe('wait-flush');
    await new Promise((r) => setTimeout(r, 20));
    expect(answered).toBe(false);
    release();
    await expect(job).resolves.toBe('wait-flush');
  });

  it('one flush under way at a time: the jobs that arrive during it commit together once it has returned', async () => {
    const releases: Array<() => void> = [];
    const committer = new GroupCommitter(ctx.database.db, 'sqlite', { syncLog: () => new Promise<void>((resolve) => releases.push(resolve)) });
    const first = committer.run(insertToken('one-flush-0'));
    await vi.waitFor(() => expect(releases).toHaveLength(1));
    const later = Promise.all([1, 2, 3].map((i) => committer.run(insertToken(`one-flush-${i}`))));
    await new Promise((r) => setTimeout(r, 20));
    // Queued, not committed: the next batch waits for the flush under way (decision 0074).
    const committed = await ctx.database.db.selectFrom('revokedTokens').select('jti').where('jti', 'like', 'one-flush-%').execute();
    expect(committed.map((r) => r.jti)).toEqual(['one-flush-0']);
    expect(committer.stats).toEqual({ transactions: 1, jobs: 1, retries: 0 });
    releases[0]!();
    await expect(first).resolves.toBe('one-flush-0');
    await vi.waitFor(() => expect(releases).toHaveLength(2));
    expect(committer.stats).toEqual({ transactions: 2, jobs: 4, retries: 0 });
    releases[1]!();
    await expect(later).resolves.toEqual(['one-flush-1', 'one-flush-2', 'one-flush-3']);
  });

  it('a failed flush fails the jobs it would have acknowledged; a refused job is answered at once', async () => {
    const committer = new GroupCommitter(ctx.database.db, 'sqlite', { syncLog: () => Promise.reject(new Error('EIO: disk gone')) });
    const outcomes = await Promise.allSettled([
      committer.run(insertToken('flush-fails')),
      committer.run(async () => {
        throw new Error('refused');
      }),
    ]);
    expect(outcomes.map((o) => (o.status === 'rejected' ? (o.reason as Error).message : 'ok'))).toEqual(['EIO: disk gone', 'refused']);
  });

  it('every other transaction keeps synchronous=FULL (SQLite fsyncs those at commit)', async () => {
    const committer = new GroupCommitter(ctx.database.db, 'sqlite', { syncLog: ctx.database.syncLog });
    await Promise.all(['full-a', 'full-b'].map((id) => committer.run(insertToken(id))));
    const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(ctx.database.db);
    expect(rows[0]?.synchronous).toBe(2); // FULL
  });

  it('restores synchronous=FULL even when the batch transaction fails to commit', async () => {
    const committer = new GroupCommitter(ctx.database.db, 'sqlite', { syncLog: ctx.database.syncLog });
    // A job that ends the transaction itself makes the batch's COMMIT fail.
    await expect(committer.run(async (trx) => void (await sql`commit`.execute(trx)))).rejects.toThrow();
    const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(ctx.database.db);
    expect(rows[0]?.synchronous).toBe(2);
    await expect(committer.run(insertToken('after-failed-commit'))).resolves.toBe('after-failed-commit');
  });
});
