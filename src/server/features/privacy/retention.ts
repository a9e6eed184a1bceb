import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '#server/db/database';
import type { PersonalData } from '#server/lib/personal-data';
import { releaseLease, releaseLeaseUntil, takeDueLease } from './job-leases.repository';
import { erasePerson, scrubLog } from './privacy.service';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long one run may hold the lease before another instance may take over (a crashed run). */
const LEASE_MS = 15 * 60 * 1000;
/** Leads erased per run at most (the next run goes on). */
const LEADS_PER_RUN = 500;

export interface RetentionOptions {
  database: DatabaseHandle;
  registry: readonly PersonalData[];
  mailDir: string;
  retention: () => Promise<{ retentionUnfinishedDays: number; retentionLeadDays: number | null }>;
  /** The clock (tests control it). */
  now?: () => Date;
  /** How often an instance looks whether the daily run is due. */
  pollMs?: number;
  /**
   * Short-lived data kept hours or days (the link visitors' keyed hashes, decision 0035), dropped on
   * every poll of every instance whether anything else happens or not: each is an idempotent DELETE
   * of what is past its time, so two instances doing it at once do no harm and need no lease.
   */
  sweeps?: ReadonlyArray<(now: Date) => Promise<unknown>>;
}

/**
 * Once a day, erases unfinished answers older than `retentionUnfinishedDays` and
 * leads with no activity for `retentionLeadDays` (null: never), through the same declarations as
 * erasure. Every instance polls; the one whose conditional UPDATE takes the `job_leases` row runs
 * it (one statement: atomic on SQLite and PostgreSQL alike), and sets the next run a day on.
 */
export class RetentionJob {
  private readonly holder = randomUUID();
  private readonly now: () => Date;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(private readonly options: RetentionOptions) {
    this.now = options.now ?? (() => new Date());
  }

  start(): void {
    const poll = () => {
      const failed = (what: string) => (error: unknown) =>
        console.error(`retention: the ${what} failed (${error instanceof Error ? error.message : String(error)})`);
      // A failed sweep does not hold the daily run back, nor the other way round.
      this.running = this.sweep()
        .catch(failed('sweep'))
        .then(() => this.runIfDue())
        .catch(failed('run'));
      this.timer = setTimeout(poll, this.options.pollMs ?? 10 * 60 * 1000);
      this.timer.unref();
    };
    poll();
  }

  /** The sweeps (RetentionOptions.sweeps), at the job's clock; run on every poll. */
  async sweep(): Promise<void> {
    const now = this.now();
    for (const sweep of this.options.sweeps ?? []) await sweep(now);
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    await this.running;
  }

  /** Runs when due and this instance takes the lease; null when not (another instance has it, or not due). */
  async runIfDue(): Promise<{ unfinished: number; leads: number } | null> {
    const { db } = this.options.database;
    const now = this.now();
    if (!(await takeDueLease(db, 'retention', this.holder, new Date(now.getTime() + LEASE_MS), now))) return null;
    try {
      const result = await this.run(now);
      await releaseLeaseUntil(db, 'retention', this.holder, new Date(now.getTime() + DAY_MS));
      return result;
    } catch (error) {
      await releaseLease(db, 'retention', this.holder);
      throw error;
    }
  }

  private async run(now: Date): Promise<{ unfinished: number; leads: number }> {
    const { database, registry, mailDir } = this.options;
    const settings = await this.options.retention();
    const unfinishedBefore = new Date(now.getTime() - settings.retentionUnfinishedDays * DAY_MS);
    let unfinished = 0;
    await database.db.transaction().execute(async (trx) => {
      for (const declaration of registry) if (declaration.expireUnfinished) unfinished += await declaration.expireUnfinished(trx, unfinishedBefore);
    });
    let leads = 0;
    if (settings.retentionLeadDays !== null) {
      const owner = registry.find((d) => d.idleLeads);
      const idle = (await owner?.idleLeads?.(database.db, new Date(now.getTime() - settings.retentionLeadDays * DAY_MS), LEADS_PER_RUN)) ?? [];
      for (const id of idle) if (await erasePerson(registry, database, mailDir, id, null)) leads++;
    }
    if (unfinished > 0) scrubLog(database);
    return { unfinished, leads };
  }
}
