import { sql, SqliteAdapter, type Kysely } from 'kysely';

/**
 * The leads inbox's text search on SQLite through an FTS5 trigram index (decision 0061).
 * `leads_search` is an FTS5 table (`tokenize='trigram case_sensitive 1'`) keyed by the lead's
 * rowid, holding a copy of `leads.search_text` (already lower-cased by the generated column), kept
 * by three triggers in the statement that writes the lead, and filled here from the leads there are.
 * It keeps its own copy of the text: a contentless table (`content=''`) wrote 20,000 leads in one
 * transaction 10× slower (an import is one transaction).
 * The search asks it for the leads holding the typed text (3 characters or more) and still tests
 * `search_text like '%…%'` on them, so the results are the scan's.
 * Whatever rebuilds `leads` later (a copy into a new table renumbers rowids and drops triggers) must
 * run `up` again after the copy.
 * PostgreSQL: nothing (its search has the pg_trgm index of 2026-12-03T0500).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  await sql`create virtual table leads_search using fts5(search_text, tokenize='trigram case_sensitive 1')`.execute(db);
  await sql`insert into leads_search (rowid, search_text) select rowid, search_text from leads`.execute(db);
  await sql`create trigger leads_search_insert after insert on leads begin
    insert into leads_search (rowid, search_text) values (new.rowid, new.search_text);
  end`.execute(db);
  await sql`create trigger leads_search_update after update of email_key, name, phone on leads begin
    delete from leads_search where rowid = old.rowid;
    insert into leads_search (rowid, search_text) values (new.rowid, new.search_text);
  end`.execute(db);
  await sql`create trigger leads_search_delete after delete on leads begin
    delete from leads_search where rowid = old.rowid;
  end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  await sql`drop trigger if exists leads_search_delete`.execute(db);
  await sql`drop trigger if exists leads_search_update`.execute(db);
  await sql`drop trigger if exists leads_search_insert`.execute(db);
  await sql`drop table if exists leads_search`.execute(db);
}
