import { PostgresAdapter, SqliteAdapter, createQueryId, type Compilable, type CompiledQuery, type DialectAdapter, type Kysely, type QueryResult } from 'kysely';
import { executeCompiled, toSqliteValue } from './database';
import { nameStatement } from './pg-statements';
import type { Database } from './schema';

/** Stands for a value supplied at each run. */
class Slot {
  constructor(readonly name: string) {}
}

interface Compiled<R> {
  query: CompiledQuery<R>;
  /** Per compiled parameter: the name of the value to bind there, or null for a constant. */
  slots: Array<string | null>;
  sqlite: boolean;
}

export interface PreparedQuery<P, R> {
  /** Runs the query on `db` (a database or an open transaction) with these values. */
  execute(db: Kysely<Database>, values: P): Promise<QueryResult<R>>;
  /** The first row, or undefined. */
  first(db: Kysely<Database>, values: P): Promise<R | undefined>;
}

/**
 * A query built and compiled by Kysely once per database, then run many times with new values.
 *
 * On the lead-write path Kysely spent more time building and compiling each query (object
 * trees, plugin passes, frozen copies) than SQLite took to run it. Here the query is written
 * with the same typed builder, with `param('name')` where a value goes; the first run compiles
 * it for that database's dialect (every plugin included), later runs only bind the values.
 * The query's shape must not depend on the values (write two queries for `= x` and `is null`).
 *
 *     const findUser = prepared<{ id: string }>()((db, param) =>
 *       db.selectFrom('users').selectAll().where('id', '=', param('id')));
 *     const user = await findUser.first(db, { id });
 */
export function prepared<P extends Record<string, unknown>>() {
  return <R>(build: (db: Kysely<Database>, param: <K extends keyof P & string>(name: K) => P[K]) => Compilable<R>): PreparedQuery<P, R> => {
    const byAdapter = new WeakMap<DialectAdapter, Compiled<R>>();

    const compile = (db: Kysely<Database>): Compiled<R> => {
      const adapter = db.getExecutor().adapter;
      let compiled = byAdapter.get(adapter);
      if (!compiled) {
        const query = build(db, (name) => new Slot(name) as never).compile();
        const slots = query.parameters.map((p) => (p instanceof Slot ? p.name : null));
        compiled = { query, slots, sqlite: adapter instanceof SqliteAdapter };
        // On PostgreSQL the text is the same at every run: a named statement, parsed once per connection.
        if (adapter instanceof PostgresAdapter) nameStatement(query.sql);
        byAdapter.set(adapter, compiled);
      }
      return compiled;
    };

    const execute = async (db: Kysely<Database>, values: P): Promise<QueryResult<R>> => {
      const { query, slots, sqlite } = compile(db);
      const parameters = query.parameters.map((constant, i) => {
        const name = slots[i] ?? null;
        if (name === null) return constant;
        if (!(name in values)) throw new Error(`prepared query: no value for "${name}"`);
        return sqlite ? toSqliteValue(values[name]) : values[name];
      });
      return executeCompiled<R>(db, { ...query, parameters, queryId: createQueryId() });
    };

    return {
      execute,
      first: async (db, values) => (await execute(db, values)).rows[0],
    };
  };
}
