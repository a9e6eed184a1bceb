import { Migrator, type Kysely, type Migration } from 'kysely';
import { expect } from 'vitest';
import { createDatabase, type DatabaseHandle } from '#server/db/database';
import { migrations } from '#server/db/migrations';
import { createTestDatabase, type TestDialect } from './databases';

const provider = { getMigrations: async (): Promise<Record<string, Migration>> => migrations };

/** A database stopped at one migration, for testing what a later migration does to the rows before it. */
export interface DatabaseAtMigration {
  database: DatabaseHandle;
  /** The same connection with the tables as the migrations leave them, column names as stored. */
  db: Kysely<Record<string, Record<string, unknown>>>;
  migrator: Migrator;
  /** `s` seconds after 1 November 2026, 10:00 UTC, as an ISO string. */
  at(s: number): string;
  /** A boolean as the dialect stores it (SQLite: 0 or 1). */
  bool(b: boolean): boolean | number;
}

/** Runs `fn` on a fresh database migrated up to `name` (included), then closes and drops it. */
export async function withDatabaseAt(dialect: TestDialect, name: string, fn: (at: DatabaseAtMigration) => Promise<void>): Promise<void> {
  const testDb = await createTestDatabase(dialect);
  const database = createDatabase(testDb.config);
  try {
    const db = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const migrator = new Migrator({ db, provider });
    expect((await migrator.migrateTo(name)).error).toBeUndefined();
    await fn({
      database,
      db,
      migrator,
      at: (s) => new Date(Date.UTC(2026, 10, 1, 10, 0, s)).toISOString(),
      bool: (b) => (dialect === 'sqlite' ? Number(b) : b),
    });
  } finally {
    await database.close();
    await testDb.drop();
  }
}
