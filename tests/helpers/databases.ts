import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { describe, inject } from 'vitest';
import type { DatabaseConfig } from '#server/config';
import { createDatabase } from '#server/db/database';
import { migrateToLatest } from '#server/db/migrate';

export type TestDialect = DatabaseConfig['dialect'];

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export function testDialects(): TestDialect[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

/** Why this run does not test a dialect, or null when it does. */
export function untestedReason(dialect: TestDialect): string | null {
  return dialect === 'postgres' && !process.env.TEST_DATABASE_URL ? 'TEST_DATABASE_URL is not set' : null;
}

/**
 * One describe block per dialect. A dialect this run cannot test is still listed, as skipped with
 * the reason, so that a run without PostgreSQL says so instead of passing in silence.
 */
export function describeEachDialect(name: string, fn: (dialect: TestDialect) => void): void {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    const reason = untestedReason(dialect);
    if (reason) describe.skip(`${name} [${dialect}] — skipped: ${reason}`, () => fn(dialect));
    else describe(`${name} [${dialect}]`, () => fn(dialect));
  }
}

export interface TestDatabase {
  config: DatabaseConfig;
  dataDir: string;
  drop(): Promise<void>;
}

/** A fresh, empty database of its own (a temporary SQLite file, or a new PostgreSQL database). */
export async function createTestDatabase(dialect: TestDialect): Promise<TestDatabase> {
  return newTestDatabase(dialect, null);
}

/** Where the run's migrated databases are (tests/helpers/global-setup.ts). */
export interface MigratedTemplates {
  sqliteFile: string;
  postgresName?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Databases migrated once for the whole run, copied for each test block (docs/decisions/0030-test-speed.md). */
    migratedTemplates?: MigratedTemplates;
  }
}

/**
 * A fresh database of its own, already migrated to the latest migration: a copy of the one the run
 * migrated once (tests/helpers/global-setup.ts; docs/decisions/0030-test-speed.md). Without that
 * (a config without the global setup), it is made empty and migrated here.
 */
export async function createMigratedTestDatabase(dialect: TestDialect): Promise<TestDatabase> {
  const templates = inject('migratedTemplates');
  const template = dialect === 'sqlite' ? templates?.sqliteFile : templates?.postgresName;
  if (template) return newTestDatabase(dialect, template);
  const testDb = await newTestDatabase(dialect, null);
  const database = createDatabase(testDb.config);
  try {
    await migrateToLatest(database.db as Kysely<unknown>);
  } finally {
    await database.close();
  }
  return testDb;
}

async function newTestDatabase(dialect: TestDialect, template: string | null): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'abode-test-'));
  if (dialect === 'sqlite') {
    const file = path.join(dataDir, 'test.sqlite');
    if (template) copyFileSync(template, file);
    return {
      config: { dialect: 'sqlite', file },
      dataDir,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `abode_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const url = await createEmptyDatabase(adminUrl, name, template);
  return {
    config: { dialect: 'postgres', url },
    dataDir,
    drop: async () => {
      await dropDatabase(adminUrl, name);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Creates database `name` on the server of `adminUrl` (a copy of `template` when given); returns its URL. */
export async function createEmptyDatabase(adminUrl: string, name: string, template: string | null = null): Promise<string> {
  await withClient(adminUrl, (c) => c.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
