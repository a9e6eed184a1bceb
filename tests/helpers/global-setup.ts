import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '#server/db/database';
import { migrateToLatest } from '#server/db/migrate';
import { dropDatabase, createEmptyDatabase, type MigratedTemplates } from './databases';

/**
 * Migrates one SQLite file and one PostgreSQL database (when TEST_DATABASE_URL is set) once per run.
 * A block that wants a fresh migrated database gets a copy of these (a file copy, or CREATE DATABASE
 * … TEMPLATE) instead of running every migration again: the same schema and rows, in a few ms.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'abode-template-'));
  const sqliteFile = path.join(dir, 'template.sqlite');
  const sqlite = createDatabase({ dialect: 'sqlite', file: sqliteFile });
  try {
    await migrateToLatest(sqlite.db as Kysely<unknown>);
  } finally {
    await sqlite.close();
  }
  const templates: MigratedTemplates = { sqliteFile };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `abode_template_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const url = await createEmptyDatabase(adminUrl, name);
    const pgDb = createDatabase({ dialect: 'postgres', url });
    try {
      await migrateToLatest(pgDb.db as Kysely<unknown>);
    } finally {
      // A template must have no connection left for CREATE DATABASE … TEMPLATE to copy it.
      await pgDb.close();
    }
    templates.postgresName = name;
  }
  project.provide('migratedTemplates', templates);

  return async () => {
    if (adminUrl && templates.postgresName) await dropDatabase(adminUrl, templates.postgresName);
    rmSync(dir, { recursive: true, force: true });
  };
}
