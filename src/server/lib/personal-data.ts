import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#server/db/schema';

/** Who is being erased, as the lead knows them (for files outside the database, e.g. `.eml`). */
export interface ErasureContext {
  /** Every e-mail the person's rows were written with (trimmed, lower case). */
  emailKeys: string[];
  /** Runs after the transaction commits (files are removed only once the rows are gone). */
  afterCommit(task: () => Promise<void>): void;
  /** The folder outgoing mail is written to as `.eml` files. */
  mailDir: string;
}

/**
 * One feature's personal data: the tables it owns that hold a person's data, and how
 * to export and erase a person's rows from them. The privacy service walks every declaration.
 */
export interface PersonalData {
  feature: string;
  tables: readonly string[];
  export(db: Kysely<Database>, leadId: string): Promise<unknown>;
  erase(trx: Transaction<Database>, leadId: string, context: ErasureContext): Promise<void>;
  /** Retention: erase this feature's unfinished data last touched before `before` (e.g. unfinished answers); the count erased. */
  expireUnfinished?(trx: Transaction<Database>, before: Date): Promise<number>;
  /** The feature that owns the person (leads): who the lead is; undefined when there is none. */
  identify?(db: Kysely<Database>, leadId: string): Promise<{ email: string | null; phone?: string | null } | undefined>;
  /** The feature that owns the person (leads): the lead of an address (trimmed, lower case). */
  leadOf?(db: Kysely<Database>, emailKey: string): Promise<string | undefined>;
  /** The feature that owns the person (leads): the leads with no activity since `before`. */
  idleLeads?(db: Kysely<Database>, before: Date, limit: number): Promise<string[]>;
}
