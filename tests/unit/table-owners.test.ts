import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Decisions 0019 and 0020: SQL stays in repositories and no feature reads another feature's tables. A feature owns
 * the tables its `*.tables.ts` declares (the keys of its `…Tables` interface); this reads every other
 * source file of every feature (routes aside: they hold no SQL, and their OpenAPI tags share names
 * with tables) for another feature's table, by its Kysely name ('emailRecords', 'campaigns.name') or
 * its SQL name (email_records). The few single statements that join on purpose are listed with the
 * reason (decision 0020); the list must not hold more than what is there.
 */
const server = path.resolve(import.meta.dirname, '../../src/server');
const features = path.join(server, 'features');

const ALLOWED: Record<string, { tables: string[]; why: string }> = {
  'media/media.repository.ts': {
    tables: ['listingMedia', 'products', 'projects', 'studios'],
    why: 'an image, photo or floor plan is deleted only while no listing uses it, checked in the DELETE itself (atomic)',
  },
  // Not the tables: the same words used for something else (the scan reads quoted names).
  'listings/listing-photos.service.ts': { tables: ['photos'], why: "the audited field name 'photos', not media's table" },
  'notifications/mailer.ts': { tables: ['files'], why: "the mailer kind 'files' (.eml files), not media's table" },
  'results/campaign-export.ts': { tables: ['files'], why: "an answer column's 'files', not media's table" },
  'followup/followup-mail.ts': { tables: ['leads'], why: "the event type 'leads.import_assigned', not the leads table" },
  'imports/imports.service.ts': { tables: ['leads'], why: "the event type 'leads.import_assigned', not the leads table" },
  'responses/responses.repository.ts': {
    tables: ['campaigns'],
    why: 'a new e-mail record is taken only while its campaign is active, read in the INSERT (atomic)',
  },
  'followup/followup.repository.ts': {
    tables: ['staffUsers'],
    why: "the round-robin turn reads who takes leads inside the UPDATE that takes the turn: one statement under the routing row's lock (decision 0046)",
  },
  'surveys/campaigns.repository.ts': {
    tables: ['surveyResponses'],
    why: 'a campaign is changed only while it has no responses, checked in the UPDATE (atomic)',
  },
};

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function owners(): Map<string, string> {
  const owned = new Map<string, string>();
  for (const feature of readdirSync(features)) {
    for (const file of readdirSync(path.join(features, feature)).filter((f) => f.endsWith('.tables.ts'))) {
      const text = readFileSync(path.join(features, feature, file), 'utf8');
      for (const block of text.matchAll(/export interface \w+Tables \{\n([\s\S]*?)\n\}/g)) {
        for (const [, table] of block[1]!.matchAll(/^ {2}(\w+)\s*:/gm)) owned.set(table!, feature);
      }
    }
  }
  return owned;
}

/** The other features' tables a file names, outside comments. */
function foreignTables(feature: string, text: string, owned: Map<string, string>): string[] {
  // Block comments, and line comments (not the `//` of an address such as https://).
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  const found = new Set<string>();
  for (const [table, owner] of owned) {
    if (owner === feature) continue;
    if (new RegExp(`'${table}(\\.\\w+)?(\\s+as\\s+\\w+)?'`).test(code)) found.add(table);
    if (table !== snake(table) && new RegExp(`\\b${snake(table)}\\b`).test(code)) found.add(table);
  }
  return [...found].sort();
}

describe('table owners', () => {
  it('finds the tables of each feature', () => {
    const owned = owners();
    expect(owned.get('leads')).toBe('leads');
    expect(owned.get('leadCampaigns')).toBe('leads');
    expect(owned.get('emailRecords')).toBe('responses');
    expect(owned.get('staffUsers')).toBe('auth');
    expect(owned.get('campaigns')).toBe('surveys');
    expect(owned.size).toBeGreaterThan(20);
  });

  it('lets no feature name another feature’s tables, but in the listed statements', () => {
    const owned = owners();
    const found: Record<string, string[]> = {};
    for (const feature of readdirSync(features)) {
      for (const file of readdirSync(path.join(features, feature)).filter((f) => f.endsWith('.ts') && !f.endsWith('.tables.ts') && !f.endsWith('.routes.ts'))) {
        const tables = foreignTables(feature, readFileSync(path.join(features, feature, file), 'utf8'), owned);
        if (tables.length > 0) found[`${feature}/${file}`] = tables;
      }
    }
    expect(found).toEqual(Object.fromEntries(Object.entries(ALLOWED).map(([file, { tables }]) => [file, tables])));
    // The leads inbox in particular (list, counts, download, a lead's page) reads only the leads' own tables.
    expect(Object.keys(found).filter((file) => file.startsWith('leads/'))).toEqual([]);
  });

  it('would see a feature reading another’s table', () => {
    const owned = owners();
    expect(foreignTables('leads', "db.selectFrom('emailRecords').leftJoin('campaigns', 'campaigns.id', 'x')", owned)).toEqual(['campaigns', 'emailRecords']);
    expect(foreignTables('leads', 'sql`select 1 from contact_messages`', owned)).toEqual(['contactMessages']);
    expect(foreignTables('leads', "db.selectFrom('leadEvents') // 'emailRecords' in a comment", owned)).toEqual([]);
  });
});

/*
 * SQL only in repositories: a Kysely statement (`selectFrom`, `insertInto`, `updateTable`,
 * `deleteFrom`) or a `sql` template in any server file but a `*.repository.ts` or a migration fails,
 * unless the file is listed here with the reason. The list is what is left to move (decision 0064);
 * it must not hold more than what is there, so a file that moves its SQL out leaves it.
 */
const SQL_ELSEWHERE: Record<string, string> = {
  'db/batches.ts': 'the database layer: multi-row INSERTs in batches for every repository',
  'db/content-version.ts': 'the database layer: the public content version every instance reads',
  'seed.ts': 'seeding the demo studio (not a request path)',
  'seed-leads.ts': 'seeding the demo leads (not a request path)',
  'features/surveys/campaigns.seed.ts': 'seeding the demo campaigns (not a request path)',
};

/** Whether source text holds SQL, outside comments. */
function holdsSql(text: string): boolean {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  return /\.(selectFrom|insertInto|updateTable|deleteFrom)\s*\(/.test(code) || /\bsql\s*(<[^>`]*>)?\s*`/.test(code);
}

/** The files under `root` that hold SQL but are neither a repository nor a migration (paths relative to `root`). */
function sqlOutsideRepositories(root: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || entry.name.endsWith('.repository.ts')) continue;
    const file = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (file.startsWith('db/migrations/')) continue;
    if (holdsSql(readFileSync(path.join(root, file), 'utf8'))) found.push(file);
  }
  return found.sort();
}

describe('SQL only in repositories', () => {
  it('finds SQL in no server file but repositories, migrations and the listed files', () => {
    expect(sqlOutsideRepositories(server)).toEqual(Object.keys(SQL_ELSEWHERE).sort());
  });

  it('keeps the round-robin turn and the digests in the follow-up repository', () => {
    const found = sqlOutsideRepositories(server);
    expect(found.filter((file) => file.startsWith('features/followup/'))).toEqual([]);
  });

  it('opens doors onto services, not repositories', () => {
    const doors = readdirSync(features).filter((feature) =>
      /from '\.\/[\w.-]+\.repository'/.test(readFileSync(path.join(features, feature, 'index.ts'), 'utf8')),
    );
    // Every door opens onto services (decisions 0064, 0069, 0070).
    expect(doors).toEqual([]);
  });

  it('would see a statement or a sql template planted outside a repository', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'sql-plant-'));
    try {
      mkdirSync(path.join(root, 'features/rooms'), { recursive: true });
      mkdirSync(path.join(root, 'db/migrations'), { recursive: true });
      writeFileSync(path.join(root, 'features/rooms/rooms.repository.ts'), "export const q = (db) => db.selectFrom('rooms').selectAll();\n");
      writeFileSync(path.join(root, 'db/migrations/2026-01-01T0000-rooms.ts'), 'export const up = (db) => sql`create table rooms (id text)`.execute(db);\n');
      writeFileSync(path.join(root, 'features/rooms/rooms.service.ts'), "export const q = (db) => db\n  .updateTable('rooms').set({ a: 1 });\n");
      writeFileSync(path.join(root, 'features/rooms/rooms.routes.ts'), 'export const n = (db) => sql<number>`select 1`.execute(db);\n');
      writeFileSync(path.join(root, 'features/rooms/quiet.ts'), "// db.deleteFrom('rooms') in a comment, and sql in a word: sqlite\nexport const a = 1;\n");
      expect(sqlOutsideRepositories(root)).toEqual(['features/rooms/rooms.routes.ts', 'features/rooms/rooms.service.ts']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
