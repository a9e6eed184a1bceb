import { SqliteAdapter, type Kysely } from 'kysely';
import { prepared } from '#server/db/prepared';
import type { Database } from '#server/db/schema';

export function findStaffByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom('staffUsers').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export function listStaff(db: Kysely<Database>) {
  return db.selectFrom('staffUsers').select(['id', 'email', 'name', 'role', 'active', 'takesLeads', 'away', 'createdAt']).orderBy('createdAt').execute();
}

export function findStaffById(db: Kysely<Database>, id: string) {
  return db.selectFrom('staffUsers').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The account `id` and every active owner, read in the caller's transaction so that "is another
 * owner left?" and the change are one step: on PostgreSQL the rows stay locked (FOR UPDATE, in id
 * order, so two changes cannot deadlock) until the transaction ends, and a change waiting for them
 * reads them again as committed; SQLite runs one writing transaction at a time.
 */
export async function lockMemberAndOwners(db: Kysely<Database>, id: string) {
  const query = db
    .selectFrom('staffUsers')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', id), eb.and([eb('role', '=', 'owner'), eb('active', '=', true)])]))
    .orderBy('id');
  return db.getExecutor().adapter instanceof SqliteAdapter ? query.execute() : query.forUpdate().execute();
}

/** Changes name, role or active; a change of role or a deactivation raises the token version. */
export async function updateStaff(
  db: Kysely<Database>,
  id: string,
  change: { name?: string; role?: 'owner' | 'staff'; active?: boolean; takesLeads?: boolean; away?: boolean },
  revokeTokens: boolean,
): Promise<void> {
  await db
    .updateTable('staffUsers')
    .set((eb) => ({ ...change, ...(revokeTokens ? { tokenVersion: eb('tokenVersion', '+', 1) } : {}) }))
    .where('id', '=', id)
    .execute();
}

export async function countStaff(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('staffUsers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertStaff(
  db: Kysely<Database>,
  user: { id: string; email: string; name: string; passwordHash: string; role?: 'owner' | 'staff' },
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
export async function tokenStanding(
  db: Kysely<Database>,
  userId: string,
  jti: string,
): Promise<{ tokenVersion: number; revoked: boolean; active: boolean; role: 'owner' | 'staff' } | undefined> {
  const row = await db
    .selectFrom('staffUsers')
    .select((eb) => ['tokenVersion', 'active', 'role', eb.selectFrom('revokedTokens').select('jti').where('jti', '=', jti).as('revokedJti')])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row && { tokenVersion: Number(row.tokenVersion), revoked: row.revokedJti != null, active: Boolean(row.active), role: row.role };
}

export async function updateStaffPasswordById(db: Kysely<Database>, id: string, passwordHash: string): Promise<void> {
  await db
    .updateTable('staffUsers')
    .set((eb) => ({ passwordHash, tokenVersion: eb('tokenVersion', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** A new e-mail for the account; tokens issued for the old one are refused from now on. */
export async function updateStaffEmail(db: Kysely<Database>, id: string, email: string): Promise<void> {
  await db
    .updateTable('staffUsers')
    .set((eb) => ({ email: email.toLowerCase(), tokenVersion: eb('tokenVersion', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** The names of these staff members, active or not (a page of leads names its assignees). */
export async function staffNames(db: Kysely<Database>, ids: readonly (string | null)[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter((id): id is string => id !== null))];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('staffUsers').select(['id', 'name']).where('id', 'in', unique).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

export function listAssignees(db: Kysely<Database>) {
  return db.selectFrom('staffUsers').select(['id', 'name']).where('active', '=', true).orderBy('name').execute();
}

export async function insertResetToken(
  db: Kysely<Database>,
  row: { tokenHash: string; staffId: string; expiresAt: Date; passwordFingerprint: string },
): Promise<void> {
  await db
    .insertInto('passwordResetTokens')
    .values({ ...row, usedAt: null })
    .execute();
}

/**
 * Uses a one-time token: marks it used (only if unused and unexpired, in one statement, so two
 * concurrent uses cannot both pass) and answers the account it was for, with the fingerprint of the
 * password it was made under, or undefined.
 */
export async function consumeResetToken(
  db: Kysely<Database>,
  tokenHash: string,
  now: Date,
): Promise<{ staffId: string; passwordFingerprint: string | null } | undefined> {
  const result = await db
    .updateTable('passwordResetTokens')
    .set({ usedAt: now })
    .where('tokenHash', '=', tokenHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  const row = await db.selectFrom('passwordResetTokens').select(['staffId', 'passwordFingerprint']).where('tokenHash', '=', tokenHash).executeTakeFirst();
  // Older links for the same account stop working too.
  if (row) await db.deleteFrom('passwordResetTokens').where('staffId', '=', row.staffId).where('tokenHash', '<>', tokenHash).execute();
  return row;
}

/**
 * Sets a new password only if the account's password is still `currentHash` (a compare-and-set):
 * a password changed since the link was checked is not overwritten by the link. True when it was set.
 */
export async function replaceStaffPassword(db: Kysely<Database>, id: string, currentHash: string, passwordHash: string): Promise<boolean> {
  const result = await db
    .updateTable('staffUsers')
    .set((eb) => ({ passwordHash, tokenVersion: eb('tokenVersion', '+', 1) }))
    .where('id', '=', id)
    .where('passwordHash', '=', currentHash)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Every active staff user's e-mail: the default recipients of staff notifications (a deactivated person hears nothing). */
export async function staffEmails(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('staffUsers').select('email').where('active', '=', true).orderBy('createdAt').execute();
  return rows.map((r) => r.email);
}

/**
 * Who hears of leads and visits: the settings' list, less the address of anyone deactivated (the
 * list may still name a person who has left), or every active staff user when the list is empty.
 */
export async function staffRecipients(db: Kysely<Database>, notifyEmails: readonly string[]): Promise<string[]> {
  if (notifyEmails.length === 0) return staffEmails(db);
  const wanted = notifyEmails.map((email) => email.trim().toLowerCase());
  const gone = await db.selectFrom('staffUsers').select('email').where('active', '=', false).where('email', 'in', wanted).execute();
  const left = new Set(gone.map((r) => r.email.toLowerCase()));
  return notifyEmails.filter((email) => !left.has(email.trim().toLowerCase()));
}

/**
 * Who may be given a new lead now (active, taking leads, not away), in a fixed order (by
 * id) so the round-robin's turn is the same on every instance. Read in the lead's transaction.
 */
export async function leadTakers(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('staffUsers')
    .select('id')
    .where('active', '=', true)
    .where('takesLeads', '=', true)
    .where('away', '=', false)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The staff who take new leads now, with their names, by id (one read where a new lead is given out). */
const leadTakersNamedQuery = prepared<Record<string, never>>()((db) =>
  db.selectFrom('staffUsers').select(['id', 'name']).where('active', '=', true).where('takesLeads', '=', true).where('away', '=', false).orderBy('id'),
);
export async function leadTakersNamed(db: Kysely<Database>): Promise<Array<{ id: string; name: string }>> {
  return (await leadTakersNamedQuery.execute(db, {})).rows;
}

/** Names and e-mails of these staff members, with their role and whether they are active. */
export async function staffContacts(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Map<string, { id: string; name: string; email: string; role: 'owner' | 'staff'; active: boolean }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('staffUsers').select(['id', 'name', 'email', 'role', 'active']).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name, email: r.email, role: r.role, active: Boolean(r.active) }]));
}

/** Every active staff member (the morning digest goes to each), oldest account first. */
export async function activeStaff(db: Kysely<Database>): Promise<Array<{ id: string; name: string; email: string; role: 'owner' | 'staff' }>> {
  return db.selectFrom('staffUsers').select(['id', 'name', 'email', 'role']).where('active', '=', true).orderBy('createdAt').orderBy('id').execute();
}

/** The active accounts among these e-mails (the demo colleagues, when an owner removes the demo). */
export function activeStaffWithEmails(db: Kysely<Database>, emails: readonly string[]) {
  if (emails.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('staffUsers')
    .select(['id', 'email', 'name'])
    .where(
      'email',
      'in',
      emails.map((e) => e.toLowerCase()),
    )
    .where('active', '=', true)
    .execute();
}

/** Deactivates these accounts and ends their sessions (the token version rises, as for any deactivation). */
export async function deactivateStaff(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('staffUsers')
    .set((eb) => ({ active: false, takesLeads: false, tokenVersion: eb('tokenVersion', '+', 1) }))
    .where('id', 'in', ids)
    .execute();
}
