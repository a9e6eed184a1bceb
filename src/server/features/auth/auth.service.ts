import type { Kysely } from 'kysely';
import type { Config } from '#server/config';
import type { Database } from '#server/db/schema';
import { tooManyRequests, unauthorized } from '#server/lib/errors';
import { newId } from '#server/lib/ids';
import type { AttemptLimiter, AttemptLimiters } from '#server/lib/throttle';
import { deviceToken, isKnownDevice } from './login-device';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password';
import * as staff from './staff.repository';
import { signToken, verifyToken, type StaffPrincipal } from './token';

export const INVALID_LOGIN = 'Invalid e-mail or password.';
export const TOO_MANY_LOGINS = 'Too many failed logins. Please wait and try again.';

export interface AuthDeps {
  db: Kysely<Database>;
  config: Config;
  throttle: LoginThrottle;
  key: Uint8Array;
}

/**
 * Decision 0007. Every attempt is counted before its password is checked, atomically, so concurrent
 * guesses cannot pass the limit. Per address: LOGIN_MAX_FAILURES attempts per window, for any
 * account. Per account: ten times that, from all addresses together, except from a browser that
 * has logged in to the account before (a known device). A successful login gives its attempt back.
 */
export interface LoginThrottle {
  address: AttemptLimiter;
  account: AttemptLimiter;
}

export const ACCOUNT_CEILING_FACTOR = 10;

export function loginThrottle(limiters: AttemptLimiters, config: Config): LoginThrottle {
  const window = config.loginWindowSeconds;
  return {
    address: limiters.create('login-address', config.loginMaxFailures, window),
    account: limiters.create('login-account', config.loginMaxFailures * ACCOUNT_CEILING_FACTOR, window),
  };
}

/** The one spelling of an account's e-mail: " RT@Example.com " is rt@example.com. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export interface LoginClient {
  address: string;
  /** The known-device cookie's value, when the browser sent one. */
  device?: string;
}

export async function login(deps: AuthDeps, input: { email: string; password: string }, client: LoginClient) {
  const { db, config, throttle } = deps;
  const email = normaliseEmail(input.email);

  const addressWait = await throttle.address.consume(client.address);
  if (addressWait !== null) throw tooManyRequests(addressWait, TOO_MANY_LOGINS);
  const countsForAccount = !isKnownDevice(deps.key, email, client.device);
  if (countsForAccount) {
    const accountWait = await throttle.account.consume(email);
    if (accountWait !== null) throw tooManyRequests(accountWait, TOO_MANY_LOGINS);
  }

  const user = await staff.findStaffByEmail(db, email);
  // Verify against a dummy hash for unknown accounts: same answer, about the same time.
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !valid || !user.active) throw unauthorized(INVALID_LOGIN);

  await Promise.all([throttle.address.refund(client.address), countsForAccount ? throttle.account.refund(email) : undefined]);
  return { ...(await signToken(deps.key, user, config.tokenTtlSeconds)), device: deviceToken(deps.key, email) };
}

/** The staff member behind a bearer token, or null when it is missing, invalid, expired or revoked. */
export async function authenticate(deps: Pick<AuthDeps, 'db' | 'key'>, authorization: string | undefined): Promise<StaffPrincipal | null> {
  const match = /^Bearer ([A-Za-z0-9_\-.]+)$/.exec(authorization ?? '');
  if (!match) return null;
  const claims = await verifyToken(deps.key, match[1]!);
  if (!claims) return null;
  // Read on every request, from the database every instance shares: a deleted account, a changed
  // password or a logout refuses the token at once, everywhere.
  const standing = await staff.tokenStanding(deps.db, claims.sub, claims.jti);
  if (!standing || standing.revoked || !standing.active || standing.tokenVersion !== claims.ver) return null;
  // The role is read now, not from the token: a demotion takes effect at once.
  return { ...claims, role: standing.role };
}

export async function logout(db: Kysely<Database>, principal: StaffPrincipal): Promise<void> {
  await staff.revokeToken(db, principal.jti, new Date(principal.exp * 1000));
}

export async function createStaff(db: Kysely<Database>, input: { email: string; name: string; password: string; role?: 'owner' | 'staff' }) {
  const id = newId();
  await staff.insertStaff(db, { id, email: input.email, name: input.name, passwordHash: await hashPassword(input.password), role: input.role ?? 'owner' });
  return id;
}

export async function setStaffPassword(db: Kysely<Database>, email: string, password: string): Promise<boolean> {
  return staff.updateStaffPassword(db, email, await hashPassword(password));
}
