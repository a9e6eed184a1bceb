import type { Kysely } from 'kysely';
import { timestampType } from './types';

export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('staff_users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('revoked_tokens')
    .addColumn('jti', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('throttle_key', 'text', (c) => c.notNull())
    .addColumn('failed_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failures_key_time').on('login_failures').columns(['throttle_key', 'failed_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_failures').execute();
  await db.schema.dropTable('revoked_tokens').execute();
  await db.schema.dropTable('staff_users').execute();
}
