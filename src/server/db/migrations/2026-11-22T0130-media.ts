import type { Kysely } from 'kysely';
import { binaryType, timestampType } from './types';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('images')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('bytes', binaryType(db), (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('images').execute();
}
