import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';

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
    .set((eb) => ({ passwordHash, tokenVersion: eb('tokenVersion', '+', 1) }))
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

/**
 * What a token's account holds now, in one read: its credentials' version (undefined when the
 * account is gone) and whether this token was revoked by a logout.
 */
export async function tokenStanding(db: Kysely<Database>, userId: string, jti: string): Promise<{ tokenVersion: number; revoked: boolean } | undefined> {
  const row = await db
    .selectFrom('staffUsers')
    .select((eb) => ['tokenVersion', eb.selectFrom('revokedTokens').select('jti').where('jti', '=', jti).as('revokedJti')])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row && { tokenVersion: Number(row.tokenVersion), revoked: row.revokedJti != null };
}

/** Every staff user's e-mail: the default recipients of staff notifications. */
export async function staffEmails(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('staffUsers').select('email').orderBy('createdAt').execute();
  return rows.map((r) => r.email);
}
