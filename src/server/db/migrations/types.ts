import { SqliteAdapter, type Kysely } from 'kysely';

/** Timestamps: timestamptz on PostgreSQL, ISO-8601 text on SQLite (which sorts correctly as text). */
export function timestampType(db: Kysely<any>): 'timestamptz' | 'text' {
  return db.getExecutor().adapter instanceof SqliteAdapter ? 'text' : 'timestamptz';
}

/** Booleans: boolean on PostgreSQL, integer 0/1 on SQLite. */
export function booleanType(db: Kysely<any>): 'boolean' | 'integer' {
  return db.getExecutor().adapter instanceof SqliteAdapter ? 'integer' : 'boolean';
}

/** Binary data: bytea on PostgreSQL, blob on SQLite. */
export function binaryType(db: Kysely<any>): 'bytea' | 'blob' {
  return db.getExecutor().adapter instanceof SqliteAdapter ? 'blob' : 'bytea';
}
