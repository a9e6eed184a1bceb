// npm run backup -- <file>: an online, consistent copy of the SQLite database (safe while serving).
import path from 'node:path';
import { loadConfig } from '../config';
import { createDatabase } from '../db/database';
import { runCli } from './run-cli';

async function main(): Promise<number> {
  const target = process.argv[2];
  const config = loadConfig();
  if (config.database.dialect !== 'sqlite') {
    console.error('DATABASE_URL points at PostgreSQL: back it up with pg_dump (see docs/operations.md).');
    return 2;
  }
  const file = path.resolve(target ?? `abode-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.sqlite`);
  const database = createDatabase(config.database);
  try {
    const result = await database.sqlite!.backup(file);
    console.log(`Backed up ${result.totalPages} pages to ${file}`);
    return 0;
  } finally {
    await database.close();
  }
}

runCli(main);
