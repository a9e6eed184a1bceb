import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export function findStaffByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom('staffUsers').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export function listStaff(db: Kysely<Database>) {
  return db.selectFrom('staffUsers').select(['id', 'email', 'name', 'createdAt']).orderBy('createdAt').execute();
}

export async function countStaff(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('staffUsers').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertStaff(
  db: Kysely<Database>,
  user: { id: string; email: string; name: string; passwordHash: string },
): Promise<void> {
  await db
    .insertInto('staffUsers')
    .values({ ...user, email: user.email.toLowerCase(), createdAt: new Date() })
    .execute();
}

export async function updateStaffPassword(db: Kysely<Database>, email: string, passwordHash: string): Promise<boolean> {
  const result = await db
    .updateTable('staffUsers')
    .set({ passwordHash })
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function revokeToken(db: Kysely<Database>, jti: string, expiresAt: Date): Promise<void> {
  await db
    .insertInto('revokedTokens')
    .values({ jti, expiresAt })
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute();
  // Tokens past their expiry are refused anyway: forget them.
  await db.deleteFrom('revokedTokens').where('expiresAt', '<', new Date()).execute();
}

export async function isTokenRevoked(db: Kysely<Database>, jti: string): Promise<boolean> {
  const row = await db.selectFrom('revokedTokens').select('jti').where('jti', '=', jti).executeTakeFirst();
  return row !== undefined;
}
