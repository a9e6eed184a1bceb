import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { tooManyRequests, unauthorized } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { ThrottleStore } from '../../lib/throttle';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password';
import * as staff from './staff.repository';
import { signToken, verifyToken, type StaffPrincipal } from './token';

export const INVALID_LOGIN = 'Invalid e-mail or password.';
export const TOO_MANY_LOGINS = 'Too many failed logins. Please wait and try again.';

export interface AuthDeps {
  db: Kysely<Database>;
  config: Config;
  throttle: ThrottleStore;
  key: Uint8Array;
}

export async function login(deps: AuthDeps, input: { email: string; password: string }, clientAddress: string) {
  const { db, config, throttle } = deps;
  const email = input.email.trim().toLowerCase();
  const windowMs = config.loginWindowSeconds * 1000;
  const keys = [`login:account:${email}`, `login:address:${clientAddress}`];

  for (const key of keys) {
    const { count, oldestAt } = await throttle.recent(key, windowMs);
    if (count >= config.loginMaxFailures) {
      const retryAfter = ((oldestAt ?? Date.now()) + windowMs - Date.now()) / 1000;
      throw tooManyRequests(retryAfter, TOO_MANY_LOGINS);
    }
  }

  const user = await staff.findStaffByEmail(db, email);
  // Verify against a dummy hash for unknown accounts: same answer, about the same time.
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !valid) {
    await Promise.all(keys.map((key) => throttle.record(key, windowMs)));
    throw unauthorized(INVALID_LOGIN);
  }

  await throttle.clear(keys[0]!);
  return signToken(deps.key, user, config.tokenTtlSeconds);
}

/** The staff member behind a bearer token, or null when it is missing, invalid, expired or revoked. */
export async function authenticate(deps: Pick<AuthDeps, 'db' | 'key'>, authorization: string | undefined): Promise<StaffPrincipal | null> {
  const match = /^Bearer ([A-Za-z0-9_\-.]+)$/.exec(authorization ?? '');
  if (!match) return null;
  const claims = await verifyToken(deps.key, match[1]!);
  if (!claims) return null;
  if (await staff.isTokenRevoked(deps.db, claims.jti)) return null;
  return claims;
}

export async function logout(db: Kysely<Database>, principal: StaffPrincipal): Promise<void> {
  await staff.revokeToken(db, principal.jti, new Date(principal.exp * 1000));
}

export async function createStaff(db: Kysely<Database>, input: { email: string; name: string; password: string }) {
  await staff.insertStaff(db, { id: newId(), email: input.email, name: input.name, passwordHash: await hashPassword(input.password) });
}

export async function setStaffPassword(db: Kysely<Database>, email: string, password: string): Promise<boolean> {
  return staff.updateStaffPassword(db, email, await hashPassword(password));
}
