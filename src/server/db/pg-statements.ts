import type pg from 'pg';

/**
 * PostgreSQL: named prepared statements for the queries `prepared()` compiles (db/prepared.ts).
 * Kysely sends every query unnamed, so the server parses, analyses and plans it again at each run;
 * on the lead-write path (a dozen statements per new lead, five of them while the lead
 * holds the round-robin row's lock) that work was the server's own CPU, on the machine Abode shares
 * with it. A query compiled by `prepared()` always has the same text, so its text gets a name here,
 * and each pooled connection parses it once under that name (pg keeps the names a connection has
 * prepared); later runs only bind and execute. Any other text goes as before.
 */
const names = new Map<string, string>();

/** Registers the text of a query `prepared()` compiled for PostgreSQL. */
export function nameStatement(text: string): void {
  if (!names.has(text)) names.set(text, `abode_${names.size + 1}`);
}

/** Makes `client` send the registered texts as named statements (called for each new pooled connection). */
export function useNamedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    const name = typeof config === 'string' && Array.isArray(values) && callback === undefined ? names.get(config) : undefined;
    if (name) return query({ name, text: config, values });
    return callback === undefined ? (values === undefined ? query(config) : query(config, values)) : query(config, values, callback);
  };
}
