import type { Timestamp } from '../../db/column-types';

export interface StaffUsersTable {
  id: string;
  email: string;
  name: string;
  passwordHash: string;
  createdAt: Timestamp;
}

export interface RevokedTokensTable {
  jti: string;
  expiresAt: Timestamp;
}

export interface AuthTables {
  staffUsers: StaffUsersTable;
  revokedTokens: RevokedTokensTable;
}
