import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '#server/db/schema';

/**
 * Inactive campaigns written straight into the bench's database, all created at `at`: "Campaign 0",
 * "Campaign 1", … (or `names`), with no questions unless `questions` (survey JSON) is given. Answers
 * their ids, in order.
 */
export async function seedCampaigns(
  db: Kysely<Database>,
  { at, count, names, questions = '{}' }: { at: Date; count?: number; names?: readonly string[]; questions?: string },
): Promise<string[]> {
  const named = names ?? Array.from({ length: count ?? 1 }, (_, i) => `Campaign ${i}`);
  const ids = named.map(() => uuidv7());
  await db
    .insertInto('campaigns')
    .values(
      ids.map((id, i) => ({
        id,
        name: named[i]!,
        questions,
        questioncolumns: '',
        leadFields: '{}',
        isActive: false,
        createdAt: at,
        updatedAt: at,
      })),
    )
    .execute();
  return ids;
}
