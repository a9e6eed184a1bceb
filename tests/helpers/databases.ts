import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe } from 'vitest';
import type { DatabaseConfig } from '#server/config';

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
  const dataDir = mkdtempSync(path.join(tmpdir(), 'abode-test-'));
  if (dialect === 'sqlite') {
    return {
      config: { dialect: 'sqlite', file: path.join(dataDir, 'test.sqlite') },
      dataDir,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `abode_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await withClient(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    config: { dialect: 'postgres', url: url.toString() },
    dataDir,
    drop: async () => {
      await withClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
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
