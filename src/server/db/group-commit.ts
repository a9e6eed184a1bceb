import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import { executeCompiled, type Dialect } from './database';
import type { Database } from './schema';

export type WriteJob<T> = (trx: Transaction<Database>) => Promise<T>;

// Built once: these run for every batch or every grouped job.
const SAVEPOINT = CompiledQuery.raw('savepoint job');
const RELEASE = CompiledQuery.raw('release job');
const ROLLBACK_TO = CompiledQuery.raw('rollback to job');
// PostgreSQL: what ends a job and opens the next one's savepoint, as one simple query (one round
// trip where two were), and what ends a batch's last job (nothing: COMMIT keeps what its savepoint holds).
const PG_NEXT_AFTER_DONE = CompiledQuery.raw('release job; savepoint job');
const PG_NEXT_AFTER_FAILED = CompiledQuery.raw('rollback to job; release job; savepoint job');
const SYNC_AT_COMMIT = CompiledQuery.raw('pragma synchronous = full');
const SYNC_BY_US = CompiledQuery.raw('pragma synchronous = normal');

/** A job whose only write is one statement: atomic by itself. */
export type AtomicWriteJob<T> = (db: Kysely<Database>) => Promise<T>;

interface Pending {
  job: WriteJob<unknown>;
  /** False for an atomic job: a failed statement has already undone itself. */
  savepoint: boolean;
  /** PostgreSQL: how many times the job has been rolled back as a deadlock's victim and queued again. */
  retries: number;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown; retry?: boolean };

export interface GroupCommitterOptions {
  /** Most jobs in one transaction. */
  maxBatch?: number;
  /**
   * SQLite: makes the write-ahead log durable (fsync of the -wal file, on libuv's thread pool).
   * With it, a batch commits without SQLite's own fsync, which would block the event loop for
   * about a millisecond per batch, and its jobs are answered once this resolves; the next batch
   * commits after that too (one flush under way at a time). Without it
   * (an in-memory database), SQLite's synchronous=FULL commit does the fsync itself.
   */
  syncLog?: () => Promise<void>;
}

/** PostgreSQL's deadlock_detected and serialization_failure: the job did nothing and may run again. */
const RETRYABLE = new Set(['40P01', '40001']);
/** A deadlock's victim is queued again at most this many times, then its error is its answer. */
const MAX_RETRIES = 3;

const retryable = (error: unknown) => typeof error === 'object' && error !== null && RETRYABLE.has(String((error as { code?: unknown }).code));

/**
 * Runs small write transactions. The jobs that arrive while a batch is under way run together in
 * the next transaction, each inside its own savepoint: a failing job is rolled back alone, and
 * every job is acknowledged only after the commit that holds it is durable, so many
 * acknowledgements share one fsync (docs/decisions/0002-group-commit.md). On SQLite the log flush
 * is ours (syncLog). On PostgreSQL (decision 0076) a job alone is its own transaction, and a job
 * rolled back as a deadlock's victim (a batch takes its jobs' locks in their order, which two
 * instances' batches may not share) is queued again for the next batch, after this batch's locks
 * are gone.
 */
export class GroupCommitter {
  private queue: Pending[] = [];
  private running = false;
  private readonly maxBatch: number;
  private readonly syncLog: (() => Promise<void>) | undefined;
  /** The last batch's fsync while it is under way (settled either way): the next batch waits for it. */
  private syncing: Promise<void> | undefined;
  /** How many transactions and jobs have been committed (for tests and benchmarks). */
  readonly stats = { transactions: 0, jobs: 0, retries: 0 };

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    options: GroupCommitterOptions = {},
  ) {
    // PostgreSQL: a batch runs its jobs one after the other on one connection, each statement a round
    // trip; a smaller batch keeps the first job's wait for the commit short.
    this.maxBatch = options.maxBatch ?? (dialect === 'sqlite' ? 512 : 64);
    this.syncLog = options.syncLog;
  }

  run<T>(job: WriteJob<T>): Promise<T> {
    return this.enqueue(job, true);
  }

  /**
   * Runs a job whose only write is a single statement (reads around it are fine): a statement
   * either happens whole or not at all, so the job needs no transaction of its own. On SQLite it
   * joins the next batch without a savepoint; on PostgreSQL it runs without BEGIN and COMMIT, its
   * statement committing on its own: two round trips fewer. The job must not write twice.
   */
  runAtomic<T>(job: AtomicWriteJob<T>): Promise<T> {
    if (this.dialect !== 'sqlite') {
      return this.committedAlone(job(this.db));
    }
    return this.enqueue(job, false);
  }

  /** PostgreSQL: a job that committed on its own (one transaction, one job). */
  private async committedAlone<T>(done: Promise<T>): Promise<T> {
    const value = await done;
    this.stats.transactions++;
    this.stats.jobs++;
    return value;
  }

  private enqueue<T>(job: WriteJob<T>, savepoint: boolean): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ job, savepoint, retries: 0, resolve: resolve as (value: unknown) => void, reject });
      if (!this.running) {
        this.running = true;
        // Let the requests that are already parsed join this batch.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      // One fsync under way at a time: the jobs that arrive meanwhile join the next batch, which
      // commits when it returns. Under load, batches grow with the disk's latency instead of
      // following the event loop's turns: fewer commits, log frames and fsyncs per job (decision 0074).
      // A job alone waits for nothing: no fsync is under way.
      if (this.syncing) await this.syncing;
      const batch = this.queue.splice(0, this.maxBatch);
      let outcomes: Outcome[];
      try {
        outcomes = await this.commit(batch);
      } catch (error) {
        // The commit itself failed: nothing in this batch was stored.
        batch.forEach((item) => item.reject(error));
        continue;
      }
      this.stats.transactions++;
      // A refused job wrote nothing: answer it now, or queue a deadlock's victim again (first, so
      // that it runs in the next batch). The others wait for the disk; meanwhile the
      // next jobs gather, and their batch commits once this flush has returned.
      const again: Pending[] = [];
      batch.forEach((item, i) => {
        const outcome = outcomes[i]!;
        if (outcome.ok) return;
        if (outcome.retry) {
          item.retries++;
          again.push(item);
        } else item.reject(outcome.error);
      });
      this.stats.jobs += batch.length - again.length;
      this.stats.retries += again.length;
      if (again.length > 0) this.queue.unshift(...again);
      const durable = this.syncLog ? this.syncLog() : Promise.resolve();
      if (this.syncLog) {
        const syncing = durable.then(
          () => undefined,
          () => undefined,
        );
        this.syncing = syncing;
        void syncing.then(() => {
          if (this.syncing === syncing) this.syncing = undefined;
        });
      }
      durable.then(
        () =>
          batch.forEach((item, i) => {
            const outcome = outcomes[i]!;
            if (outcome.ok) item.resolve(outcome.value);
          }),
        (error: unknown) =>
          batch.forEach((item, i) => {
            if (outcomes[i]!.ok) item.reject(error);
          }),
      );
    }
    this.running = false;
  }

  /** A job's failure: on PostgreSQL a deadlock's victim is retried (its writes were rolled back). */
  private failed(item: Pending, error: unknown): Outcome {
    return { ok: false, error, retry: this.dialect !== 'sqlite' && item.retries < MAX_RETRIES && retryable(error) };
  }

  /** SQLite: each job in its own savepoint (statements run in-process, so each costs microseconds), atomic jobs without one. */
  private sqliteJobs(batch: Pending[], outcomes: Outcome[]) {
    return async (trx: Transaction<Database>) => {
      for (const item of batch) {
        if (!item.savepoint) {
          try {
            outcomes.push({ ok: true, value: await item.job(trx) });
          } catch (error) {
            outcomes.push({ ok: false, error });
          }
          continue;
        }
        await executeCompiled(trx, SAVEPOINT);
        try {
          const value = await item.job(trx);
          await executeCompiled(trx, RELEASE);
          outcomes.push({ ok: true, value });
        } catch (error) {
          await executeCompiled(trx, ROLLBACK_TO);
          await executeCompiled(trx, RELEASE);
          outcomes.push(this.failed(item, error));
        }
      }
    };
  }

  /**
   * PostgreSQL: each job in its own savepoint too (every job here has one: atomic jobs run outside
   * batches), but each statement is a round trip, one after another while the batch holds the hot
   * rows' locks. So a job's end and the next job's savepoint go as one simple query, and the last
   * job's savepoint is left to the COMMIT (which keeps what it holds) unless the job failed: one
   * round trip a job for the savepoints instead of two.
   */
  private postgresJobs(batch: Pending[], outcomes: Outcome[]) {
    return async (trx: Transaction<Database>) => {
      await executeCompiled(trx, SAVEPOINT);
      for (let i = 0; i < batch.length; i++) {
        const item = batch[i]!;
        const last = i === batch.length - 1;
        try {
          const value = await item.job(trx);
          if (!last) await executeCompiled(trx, PG_NEXT_AFTER_DONE);
          outcomes.push({ ok: true, value });
        } catch (error) {
          await executeCompiled(trx, last ? ROLLBACK_TO : PG_NEXT_AFTER_FAILED);
          outcomes.push(this.failed(item, error));
        }
      }
    };
  }

  /** One transaction with a savepoint per job; SQLite's own fsync left to syncLog when there is one. */
  private async commit(batch: Pending[]): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    if (this.dialect !== 'sqlite' && batch.length === 1 && batch[0]!.savepoint) {
      // A job alone is its own transaction: no savepoint to set and release.
      const item = batch[0]!;
      try {
        outcomes.push({ ok: true, value: await this.db.transaction().execute(item.job) });
      } catch (error) {
        outcomes.push(this.failed(item, error));
      }
      return outcomes;
    }
    const runJobs = this.dialect === 'sqlite' ? this.sqliteJobs(batch, outcomes) : this.postgresJobs(batch, outcomes);
    if (!this.syncLog) {
      await this.db.transaction().execute(runJobs);
      return outcomes;
    }
    // Hold the one connection so that no other write commits while synchronous is relaxed: every
    // other transaction keeps SQLite's fsync at commit.
    await this.db.connection().execute(async (conn) => {
      await conn.executeQuery(SYNC_BY_US);
      try {
        await conn.transaction().execute(runJobs);
      } finally {
        await conn.executeQuery(SYNC_AT_COMMIT);
      }
    });
    return outcomes;
  }
}
