import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema';

/** The cheapest statement there is: it throws when the database does not answer. */
export async function selectOne(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
