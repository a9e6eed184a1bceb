import { sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from './database';
import type { Database } from './schema';

export type WriteJob<T> = (trx: Transaction<Database>) => Promise<T>;

interface Pending {
  job: WriteJob<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Runs small write transactions. On SQLite (synchronous=FULL: one fsync per commit) the jobs that
 * arrive while a commit is under way are run together in the next transaction, each inside its
 * own savepoint: a failing job is rolled back alone, and every job is acknowledged only after the
 * one commit that holds it has reached the disk. On PostgreSQL each job is its own transaction
 * (the server does its own group commit across connections).
 */
export class GroupCommitter {
  private queue: Pending[] = [];
  private running = false;
  /** How many transactions and jobs have been committed (for tests and benchmarks). */
  readonly stats = { transactions: 0, jobs: 0 };

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly maxBatch = 512,
  ) {}

  run<T>(job: WriteJob<T>): Promise<T> {
    if (this.dialect !== 'sqlite') {
      return this.db.transaction().execute(job).then((value) => {
        this.stats.transactions++;
        this.stats.jobs++;
        return value;
      });
    }
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ job, resolve: resolve as (value: unknown) => void, reject });
      if (!this.running) {
        this.running = true;
        // Let the requests that are already parsed join this batch.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
      try {
        await this.db.transaction().execute(async (trx) => {
          for (const item of batch) {
            await sql`savepoint job`.execute(trx);
            try {
              const value = await item.job(trx);
              await sql`release job`.execute(trx);
              outcomes.push({ ok: true, value });
            } catch (error) {
              await sql`rollback to job`.execute(trx);
              await sql`release job`.execute(trx);
              outcomes.push({ ok: false, error });
            }
          }
        });
      } catch (error) {
        // The commit itself failed: nothing in this batch was stored.
        batch.forEach((item) => item.reject(error));
        continue;
      }
      this.stats.transactions++;
      this.stats.jobs += batch.length;
      batch.forEach((item, i) => {
        const outcome = outcomes[i]!;
        if (outcome.ok) item.resolve(outcome.value);
        else item.reject(outcome.error);
      });
    }
    this.running = false;
  }
}
