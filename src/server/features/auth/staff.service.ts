import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '#server/config';
import type { Database } from '#server/db/schema';
import { toIso } from '#server/db/database';
import { configuredSiteUrl } from '#server/lib/site-url';
import { badRequest, conflict, notFound, unauthorized } from '#server/lib/errors';
import { createStaff, normaliseEmail } from './auth.service';
import { hashPassword, verifyPassword } from './password';
import * as repo from './staff.repository';
import { changedFields, recordAudit, type AuditActor } from '#server/features/audit';
import { STAFF_MESSAGES, type StaffCreateInput, type StaffMember, type StaffUpdateInput } from '#shared/auth/auth.contract';
import { RESET_PAGE } from '#shared/auth/auth.api';

/** A one-time link works for 24 hours. */
export const RESET_LINK_TTL_MS = 24 * 60 * 60 * 1000;

export interface StaffDeps {
  db: Kysely<Database>;
  config: Config;
  /** The app's mailer (notifications), given at app.ts: auth does not import notifications, which imports auth. */
  mailer: { send(mail: { to: string[]; subject: string; text: string; html: string }): Promise<void> };
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** What a one-time link remembers of the password it was made under: a changed password ends the link. */
const passwordFingerprint = (passwordHash: string) => createHash('sha256').update(passwordHash).digest('hex');

function toMember(row: {
  id: string;
  name: string;
  email: string;
  role: 'owner' | 'staff';
  active: boolean | number;
  takesLeads: boolean | number;
  away: boolean | number;
  createdAt: Date | string;
}): StaffMember {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    active: Boolean(row.active),
    takesLeads: Boolean(row.takesLeads),
    away: Boolean(row.away),
    createdAt: toIso(row.createdAt),
  };
}

export async function listMembers(db: Kysely<Database>): Promise<StaffMember[]> {
  return (await repo.listStaff(db)).map(toMember);
}

/** A readable random password: 20 characters from a 56-letter alphabet without look-alikes. */
export function generatePassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(40);
  let out = '';
  for (const b of bytes) {
    if (b >= 224) continue; // 224 = 4 × 56: no bias
    out += alphabet[b % 56];
    if (out.length === 20) break;
  }
  return out;
}

/** Creates a one-time link for the account and e-mails it (the token is stored only hashed). */
export async function sendResetLink(
  deps: StaffDeps,
  user: { id: string; name: string; email: string; passwordHash: string },
  kind: 'welcome' | 'reset',
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await repo.insertResetToken(deps.db, {
    tokenHash: hashToken(token),
    staffId: user.id,
    expiresAt: new Date(Date.now() + RESET_LINK_TTL_MS),
    passwordFingerprint: passwordFingerprint(user.passwordHash),
  });
  const link = `${configuredSiteUrl(deps.config)}${RESET_PAGE}?token=${encodeURIComponent(token)}`;
  const studio = deps.config.studio.name;
  const subject = kind === 'welcome' ? `Your account at ${studio}` : `Set a new password for ${studio}`;
  const intro = kind === 'welcome' ? `An account has been made for you at ${studio}.` : `Someone asked to set a new password for your account at ${studio}.`;
  const text = `Hello ${user.name},\n\n${intro} Open this link to set your password (it works once, for 24 hours):\n\n${link}\n\nIf you did not expect this e-mail, you can ignore it.\n`;
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = `<p>Hello ${esc(user.name)},</p><p>${esc(intro)} Open this link to set your password (it works once, for 24 hours):</p><p><a href="${esc(link)}">Set your password</a></p><p>If you did not expect this e-mail, you can ignore it.</p>`;
  await deps.mailer.send({ to: [user.email], subject, text, html });
}

export async function addMember(deps: StaffDeps, input: StaffCreateInput, actor: AuditActor): Promise<{ member: StaffMember; password?: string }> {
  const email = normaliseEmail(input.email);
  if (await repo.findStaffByEmail(deps.db, email)) throw conflict(STAFF_MESSAGES.emailTaken);
  // Until they set one, the account's password is a random secret nobody knows.
  const password = input.password === 'generate' ? generatePassword() : randomBytes(32).toString('base64url');
  const id = await deps.db.transaction().execute(async (trx) => {
    const created = await createStaff(trx, { email, name: input.name, password, role: input.role });
    await recordAudit(trx, { actor, kind: 'staff.created', recordType: 'staff', recordId: created, fields: ['name', 'email', 'role'] });
    return created;
  });
  const row = (await repo.findStaffById(deps.db, id))!;
  if (input.password === 'generate') return { member: toMember(row), password };
  await sendResetLink(deps, row, 'welcome');
  return { member: toMember(row) };
}

export async function updateMember(deps: StaffDeps, id: string, change: StaffUpdateInput, actor: AuditActor): Promise<StaffMember> {
  await deps.db.transaction().execute(async (trx) => {
    // Counted and changed in one transaction, the owners' rows locked: two owners removing each
    // other at the same moment cannot both pass (one of them is refused as the last owner).
    const rows = await repo.lockMemberAndOwners(trx, id);
    const row = rows.find((r) => r.id === id);
    if (!row) throw notFound('There is no such person.');
    const losesOwner = row.role === 'owner' && Boolean(row.active) && (change.role === 'staff' || change.active === false);
    const otherOwners = rows.filter((r) => r.id !== id && r.role === 'owner' && Boolean(r.active)).length;
    if (losesOwner && otherOwners === 0) throw conflict(STAFF_MESSAGES.lastOwner);
    // Deactivation refuses every token at once (authenticate reads `active` on each request); the
    // version is raised too, so reactivating does not bring old tokens back.
    const revoke = change.active === false || (change.role !== undefined && change.role !== row.role);
    await repo.updateStaff(trx, id, change, revoke);
    await recordAudit(trx, {
      actor,
      kind: 'staff.updated',
      recordType: 'staff',
      recordId: id,
      fields: changedFields({ ...row }, { ...change }, Object.keys(change)),
    });
  });
  return toMember((await repo.findStaffById(deps.db, id))!);
}

export async function resetMember(deps: StaffDeps, id: string, actor: AuditActor): Promise<void> {
  const row = await repo.findStaffById(deps.db, id);
  if (!row) throw notFound('There is no such person.');
  await recordAudit(deps.db, { actor, kind: 'staff.reset', recordType: 'staff', recordId: id, fields: [] });
  await sendResetLink(deps, row, 'reset');
}

/** The same outcome whether the address has an account or not; inactive accounts get nothing. */
export async function forgotPassword(deps: StaffDeps, email: string): Promise<{ send?: () => Promise<void> }> {
  const row = await repo.findStaffByEmail(deps.db, normaliseEmail(email));
  if (!row || !row.active) return {};
  return { send: () => sendResetLink(deps, row, 'reset') };
}

export async function resetPassword(db: Kysely<Database>, token: string, password: string): Promise<void> {
  const link = await repo.consumeResetToken(db, hashToken(token), new Date());
  const row = link && (await repo.findStaffById(db, link.staffId));
  // The link works only while the password is the one it was made under (and then sets it once).
  if (!row || link.passwordFingerprint !== passwordFingerprint(row.passwordHash)) throw badRequest(STAFF_MESSAGES.linkInvalid);
  if (!(await repo.replaceStaffPassword(db, row.id, row.passwordHash, await hashPassword(password)))) throw badRequest(STAFF_MESSAGES.linkInvalid);
}

async function checkCurrent(db: Kysely<Database>, id: string, current: string) {
  const row = await repo.findStaffById(db, id);
  if (!row) throw unauthorized();
  if (!(await verifyPassword(row.passwordHash, current)))
    throw badRequest(STAFF_MESSAGES.wrongPassword, [{ field: 'current', message: STAFF_MESSAGES.wrongPassword }]);
  return row;
}

export async function changeOwnPassword(db: Kysely<Database>, id: string, current: string, next: string): Promise<void> {
  await checkCurrent(db, id, current);
  await repo.updateStaffPasswordById(db, id, await hashPassword(next));
}

export async function changeOwnEmail(db: Kysely<Database>, id: string, current: string, email: string): Promise<void> {
  await checkCurrent(db, id, current);
  const normal = normaliseEmail(email);
  const other = await repo.findStaffByEmail(db, normal);
  if (other && other.id !== id) throw conflict(STAFF_MESSAGES.emailTaken);
  await repo.updateStaffEmail(db, id, normal);
}
