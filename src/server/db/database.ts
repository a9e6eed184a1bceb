import { mkdirSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { isDate } from 'node:util/types';
import SQLite from 'better-sqlite3';
import {
  CamelCasePlugin,
  Kysely,
  type CompiledQuery,
  type DialectAdapter,
  OperationNodeTransformer,
  PostgresDialect,
  SqliteDialect,
  type KyselyPlugin,
  type SqliteDatabase,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from 'kysely';
import pg from 'pg';
import { useNamedStatements } from './pg-statements';
import type { DatabaseConfig } from '../config';
import { startCheckpointer, type Checkpointer } from './checkpointer';
import type { Database } from './schema';

export type Dialect = DatabaseConfig['dialect'];

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The raw SQLite connection (for pragmas and integrity checks); undefined on PostgreSQL. */
  sqlite?: SQLite.Database;
  /** The PostgreSQL pool (for rate-limiter-flexible's store); undefined on SQLite. */
  pool?: pg.Pool;
  /** SQLite on disk: fsync the write-ahead log (off the event loop), for the group committer. */
  syncLog?: () => Promise<void>;
  /** SQLite on disk: the worker thread that checkpoints the write-ahead log. */
  checkpointer?: Checkpointer;
  close(): Promise<void>;
}

/**
 * better-sqlite3 binds only numbers, strings, bigints, buffers and null: store booleans as 0/1, dates as ISO text.
 * Any Date is one, whichever constructor made it (as pg checks): `instanceof Date` asks the global Date
 * of the moment, and a Date made before that global was replaced (a test's mocked clock) or in another
 * realm failed it and reached the driver as an object (a 500 for a channel's visitor).
 */
export function toSqliteValue(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  // null first, and this realm's Date by instanceof: isDate is a call into C++, and a lead write
  // binds some forty values, many of them null.
  if (typeof value !== 'object' || value === null) return value;
  if (value instanceof Date || isDate(value)) return isoText(value as Date);
  return value;
}

// The last time written as text: a write binds the same moment to many columns (created, last
// activity, the consents', the event's), and toISOString was most of what binding cost.
let lastTime = NaN;
let lastIso = '';
function isoText(date: Date): string {
  const time = date.getTime();
  // An invalid date (NaN) never matches, so toISOString throws for it as before.
  if (time !== lastTime) {
    lastIso = date.toISOString();
    lastTime = time;
  }
  return lastIso;
}

class SqliteValueTransformer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    return { ...super.transformValue(node), value: toSqliteValue(node.value) };
  }
  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return { ...super.transformPrimitiveValueList(node), values: node.values.map(toSqliteValue) };
  }
}

class SqliteValuesPlugin implements KyselyPlugin {
  readonly #transformer = new SqliteValueTransformer();
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/**
 * better-sqlite3 compiles the SQL text on every prepare(), and Kysely prepares every query it runs.
 * Kysely's SQL texts are few and fixed (values travel as parameters), so keep their statements:
 * preparing was a ninth of the server's time under lead writes. A statement still iterating (a
 * streamed query) is busy and cannot be reused, so that case gets a fresh one.
 */
export function withStatementCache(sqlite: SQLite.Database, limit = 500): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string) {
      const cached = statements.get(sql);
      if (cached && !cached.busy) {
        // Most recently used last, so the oldest is the first key.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      if (!cached) {
        statements.set(sql, statement);
        if (statements.size > limit) statements.delete(statements.keys().next().value!);
      }
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}

/** SQLite: the connection (with its statement cache) behind each database's adapter. */
const sqliteConnections = new WeakMap<DialectAdapter, SqliteDatabase>();

/**
 * Runs a compiled query in `db`. Inside a transaction on SQLite the statement runs on the
 * connection directly: Kysely's SQLite driver lends its one connection to one transaction at a
 * time, so the transaction already holds it, and the statement (synchronous in better-sqlite3)
 * cannot interleave with another. This skips the executor's layers (a connection provider and
 * promises per layer), which allocated more per lead write than any other part of the server
 * (decision 0050). The result goes through the same plugins, so rows read
 * the same. Anywhere else, and on PostgreSQL, Kysely runs it.
 */
export function executeCompiled<R>(db: Kysely<Database>, query: CompiledQuery<R>): Promise<QueryResult<R>> {
  const executor = db.getExecutor();
  const connection = db.isTransaction ? sqliteConnections.get(executor.adapter) : undefined;
  if (!connection) return db.executeQuery(query);
  return runOnConnection(connection, query, executor.plugins);
}

async function runOnConnection<R>(connection: SqliteDatabase, query: CompiledQuery<R>, plugins: readonly KyselyPlugin[]): Promise<QueryResult<R>> {
  const statement = connection.prepare(query.sql);
  let result: QueryResult<UnknownRow>;
  if (statement.reader) {
    result = { rows: statement.all(query.parameters) as UnknownRow[] };
  } else {
    const { changes, lastInsertRowid } = statement.run(query.parameters);
    result = { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }
  for (const plugin of plugins) result = await plugin.transformResult({ result, queryId: query.queryId });
  return result as QueryResult<R>;
}

// PostgreSQL: return COUNT(*) (int8) as a number and timestamps as Date (the default), numerics as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export function createDatabase(config: DatabaseConfig): DatabaseHandle {
  if (config.dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: 10 });
    // An idle connection that fails (the server restarted, its backend was terminated) is dropped
    // by the pool and replaced on next use; without a listener, its 'error' event would crash the
    // process (as dropping a test database under an open pool did, now and then).
    pool.on('error', (error) => console.warn(`PostgreSQL: an idle connection failed and was dropped (${error.message})`));
    // The queries `prepared()` compiled go as named statements: parsed once per connection (db/pg-statements.ts).
    pool.on('connect', useNamedStatements);
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      plugins: [new CamelCasePlugin()],
    });
    return { db, dialect: 'postgres', pool, close: () => db.destroy() };
  }

  if (config.file !== ':memory:') mkdirSync(path.dirname(config.file), { recursive: true });
  const sqlite = new SQLite(config.file);
  // WAL with synchronous=FULL: an acknowledged write survives a crash of the process or the machine.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  // Deleted content is overwritten with zeros, so an erased person leaves no bytes behind.
  sqlite.pragma('secure_delete = ON');
  sqlite.pragma('busy_timeout = 5000');
  const connection = withStatementCache(sqlite);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: connection }),
    plugins: [new SqliteValuesPlugin(), new CamelCasePlugin()],
  });
  sqliteConnections.set(db.getExecutor().adapter, connection);
  const handle: DatabaseHandle = { db, dialect: 'sqlite', sqlite, close: () => db.destroy() };
  if (config.file !== ':memory:') {
    const checkpointer = startCheckpointer(sqlite, config.file);
    handle.checkpointer = checkpointer;
    // fsync acts on the file, whichever descriptor asks. SQLite removes the log only when its last
    // connection closes, and this one stays open until close(), so one descriptor serves throughout.
    const walFile = `${config.file}-wal`;
    let log: Promise<FileHandle> | undefined;
    handle.syncLog = async () => {
      log ??= open(walFile, 'r').catch((error: unknown) => {
        log = undefined;
        throw error;
      });
      await (await log).sync();
    };
    handle.close = async () => {
      await checkpointer.stop();
      await db.destroy();
      const opened = log;
      log = undefined;
      if (opened)
        await opened.then(
          (file) => file.close(),
          () => undefined,
        );
    };
  }
  return handle;
}

/** Timestamps come back as Date (PostgreSQL) or ISO text (SQLite); the API speaks ISO 8601. */
export function toIso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

/** A statement refused because a referenced row does not exist (SQLite or PostgreSQL). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/** Booleans come back as boolean (PostgreSQL) or 0/1 (SQLite). */
export function toBool(value: boolean | number): boolean {
  return value === true || value === 1;
}
