// Reading large ordered result sets in batches (the export): keyset pages on SQLite, a cursor on PostgreSQL.
import { sql, type Expression, type Kysely } from 'kysely';
import type { Dialect } from './database';
import type { Database } from './schema';

type Db = Kysely<Database>;

/** A keyset position: the last row of the previous batch. */
export interface After {
  createdAt: Date | string;
  id: string;
}

export interface OrderedQuery<Row> extends Expression<Row> {
  limit(size: number): { execute(): Promise<Row[]> };
}

const camelCaseKeys = new Map<string, string>();
function camelCased(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in row) {
    let camel = camelCaseKeys.get(key);
    if (camel === undefined) camelCaseKeys.set(key, (camel = key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())));
    out[camel] = row[key];
  }
  return out;
}

/**
 * All rows of an ordered query, `size` at a time, for reading more rows than memory should hold.
 * A batch is valid until the next one is asked for: it is emptied then.
 *
 * SQLite: one keyset query per batch, so its single connection is free for other requests in
 * between. PostgreSQL: one cursor in a read-only transaction, one ordered scan in all; a keyset
 * query per batch was planned, while the table had no statistics yet, as a scan and sort of every
 * remaining row (seconds for 100,000 rows).
 *
 * Emptying the arrays matters on PostgreSQL: the driver builds a batch over several socket reads,
 * its array of rows often ends up in V8's old generation, and from there it kept every row it held
 * alive through young-generation collections, long after use: about 100 MB of dead rows piled up
 * in the old generation per 100,000 responses before a full collection.
 */
export async function* inBatches<Row extends After>(
  db: Db,
  dialect: Dialect,
  size: number,
  query: (db: Db, after: After | null) => OrderedQuery<Row>,
): AsyncGenerator<Row[], void, undefined> {
  if (dialect === 'sqlite') {
    let after: After | null = null;
    for (;;) {
      const rows: Row[] = await query(db, after).limit(size).execute();
      const count = rows.length;
      if (count > 0) {
        const last = rows[count - 1]!;
        after = { createdAt: last.createdAt, id: last.id };
        yield rows;
        rows.length = 0;
      }
      if (count < size) return;
    }
  }
  const trx = await db.startTransaction().setAccessMode('read only').execute();
  // Without the camel-case plugin, `rows` is the driver's own array (the plugin would copy it),
  // and emptying it right away is what frees the rows.
  const raw = trx.withoutPlugins();
  const fetch = async (): Promise<Row[]> => {
    const { rows } = await sql<Record<string, unknown>>`fetch forward ${sql.lit(size)} from batches`.execute(raw);
    const batch = rows.map(camelCased) as Row[];
    rows.length = 0;
    return batch;
  };
  // The next batch is on its way while the caller works on this one.
  let next: Promise<Row[]> | undefined;
  try {
    await sql`declare batches no scroll cursor for ${query(trx, null)}`.execute(trx);
    next = fetch();
    for (;;) {
      const batch: Row[] = await next;
      next = batch.length === size ? fetch() : undefined;
      // Awaited on the next turn, or in `finally` when the caller stops early: never unhandled.
      next?.catch(() => {});
      if (batch.length > 0) {
        yield batch;
        batch.length = 0;
      }
      if (!next) return;
    }
  } finally {
    await next?.catch(() => {});
    // Nothing was written: ending the transaction this way also closes the cursor.
    await trx.rollback().execute();
  }
}
