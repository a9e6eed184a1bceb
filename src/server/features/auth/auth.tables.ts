import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date | string, Date | string, Date | string>;

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
