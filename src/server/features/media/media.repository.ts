import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';

export interface StoredImage {
  hash: string;
  bytes: Buffer;
  width: number;
  height: number;
}

/** The tables whose rows point at an image (`image_hash`): an image none of them uses is removed. */
const IMAGE_USERS = ['projects', 'products', 'studios'] as const;

/** Stores the image unless the same bytes are already there. */
export async function insertImage(db: Kysely<Database>, image: StoredImage): Promise<void> {
  await db
    .insertInto('images')
    .values({ ...image, createdAt: new Date() })
    .onConflict((oc) => oc.column('hash').doNothing())
    .execute();
}

export function findImage(db: Kysely<Database>, hash: string) {
  return db.selectFrom('images').select(['hash', 'bytes']).where('hash', '=', hash).executeTakeFirst();
}

export async function imageExists(db: Kysely<Database>, hash: string): Promise<boolean> {
  return (await db.selectFrom('images').select('hash').where('hash', '=', hash).executeTakeFirst()) !== undefined;
}

/** Deletes the image when no record uses it any more; call it in the transaction that dropped the last use. */
export async function deleteImageIfUnused(db: Kysely<Database>, hash: string): Promise<void> {
  await db
    .deleteFrom('images')
    .where('hash', '=', hash)
    .where((eb) => eb.and(IMAGE_USERS.map((table) => eb.not(eb.exists(eb.selectFrom(table).select('id').where('imageHash', '=', hash))))))
    .execute();
}
