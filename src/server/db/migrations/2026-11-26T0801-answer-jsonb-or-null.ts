import { sql, SqliteAdapter, type Kysely } from 'kysely';

/**
 * Answers are JSON text, read as jsonb by the results filters. A row jsonb refuses
 * (a lone surrogate escape such as "x\ud800", stored before the door refused it) made every filtered
 * read fail. This reads such text as null instead; SQLite needs nothing (json_valid is built in).
 * Each call is a subtransaction: the reads call it only for long text or text holding a \u escape
 * (and text nested past the parser's stack, stored before the door refused it, is long).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`
    create function answer_jsonb_or_null(answer text) returns jsonb language plpgsql immutable parallel safe as $$
    begin
      return answer::jsonb;
    exception when others then
      return null;
    end
    $$
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`drop function answer_jsonb_or_null(text)`.execute(db);
}
