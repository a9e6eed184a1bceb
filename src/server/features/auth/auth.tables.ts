import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '#server/db/column-types';

export interface StaffUsersTable {
  id: string;
  email: string;
  name: string;
  passwordHash: string;
  createdAt: Timestamp;
  /** Raised when the password changes: tokens carrying an older version are refused. */
  tokenVersion: Generated<number>;
  /** `owner` runs the studio (settings, staff, webhooks); `staff` works leads, listings, campaigns. */
  role: Generated<'owner' | 'staff'>;
  /** A deactivated account's tokens are refused at once (checked on every request). */
  active: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** New leads may be given to this person (round-robin and rules). */
  takesLeads: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** Away for now: passed over when new leads are given out. */
  away: ColumnType<boolean | number, boolean | undefined, boolean>;
}

export interface RevokedTokensTable {
  jti: string;
  expiresAt: Timestamp;
}

export interface PasswordResetTokensTable {
  /** SHA-256 (hex) of the one-time token: the token itself is only in the e-mail. */
  tokenHash: string;
  staffId: string;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
  /** SHA-256 (hex) of the account's password hash when the link was made: a changed password ends the link. */
  passwordFingerprint: string | null;
}

export interface AuthTables {
  passwordResetTokens: PasswordResetTokensTable;
  staffUsers: StaffUsersTable;
  revokedTokens: RevokedTokensTable;
}
