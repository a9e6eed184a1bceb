import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from '#server/db/database';

describe('withStatementCache', () => {
  const sqlite = new SQLite(':memory:');
  sqlite.exec('create table t (n integer)');
  sqlite.exec('insert into t values (1), (2), (3)');

  it('prepares each SQL text once and hands back the same statement', () => {
    const cache = withStatementCache(sqlite);
    const a = cache.prepare('select n from t where n > ?');
    const b = cache.prepare('select n from t where n > ?');
    expect(b).toBe(a);
    expect(b.all([1])).toEqual([{ n: 2 }, { n: 3 }]);
    expect(cache.prepare('select n from t where n < ?')).not.toBe(a);
  });

  it('gives a fresh statement while the cached one is still iterating', () => {
    const cache = withStatementCache(sqlite);
    const streaming = cache.prepare('select n from t');
    const rows = streaming.iterate([]);
    rows.next();
    const other = cache.prepare('select n from t');
    expect(other).not.toBe(streaming);
    expect(other.all([])).toHaveLength(3);
    rows.return?.();
  });

  it('keeps at most its limit, dropping the least recently used', () => {
    const cache = withStatementCache(sqlite, 2);
    const one = cache.prepare('select 1');
    cache.prepare('select 2');
    expect(cache.prepare('select 1')).toBe(one); // now the most recent
    cache.prepare('select 3'); // evicts "select 2"
    expect(cache.prepare('select 1')).toBe(one);
    const two = cache.prepare('select 2');
    expect(cache.prepare('select 2')).toBe(two);
  });
});
