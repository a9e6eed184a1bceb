import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '#server/config';
import type { Database } from '#server/db/schema';
import { createStaff } from './auth.service';
import { countStaff } from './staff.repository';

export interface BootstrapResult {
  email: string;
  /** Present only when the password was generated here: it is shown once and never stored in clear. */
  generatedPassword?: string;
}

/** On a database without staff, creates the first staff user (from ADMIN_* or with a random password). */
export async function bootstrapStaff(db: Kysely<Database>, config: Config): Promise<BootstrapResult | null> {
  if ((await countStaff(db)) > 0) return null;
  const email = config.admin.email ?? 'admin@localhost';
  const name = config.admin.name ?? 'Administrator';
  const generatedPassword = config.admin.password ? undefined : randomBytes(12).toString('base64url');
  try {
    await createStaff(db, { email, name, password: config.admin.password ?? generatedPassword! });
  } catch (error) {
    // Several instances starting together on one database: another one created the user first.
    if ((await countStaff(db)) > 0) return null;
    throw error;
  }
  return generatedPassword ? { email, generatedPassword } : { email };
}
