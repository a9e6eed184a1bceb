import type { Kysely } from 'kysely';
import { timestampType } from './types';

const COLUMNS = ['id', 'purpose', 'language', 'version', 'text', 'hash', 'created_at'] as const;

/**
 * Notices per language (docs/decisions/0027-notices-per-language.md): each notice text has a
 * language and its versions are counted per purpose and language, and a consent names the language
 * of the notice it was given with. Everything kept so far was English. The notices' table is made
 * anew (SQLite cannot drop the old unique purpose+version), its rows copied as they are.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('consent_notices_by_language')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .addUniqueConstraint('consent_notices_purpose_language_version', ['purpose', 'language', 'version'])
    .execute();
  await db
    .insertInto('consent_notices_by_language')
    .columns([...COLUMNS])
    .expression((eb) => eb.selectFrom('consent_notices').select(['id', 'purpose', eb.val('en').as('language'), 'version', 'text', 'hash', 'created_at']))
    .execute();
  await db.schema.dropTable('consent_notices').execute();
  await db.schema.alterTable('consent_notices_by_language').renameTo('consent_notices').execute();

  await db.schema
    .alterTable('consents')
    .addColumn('notice_language', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
}

/** Back to English notices only: the Hindi versions and the consents' notice language are dropped. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('consents').dropColumn('notice_language').execute();
  await db.schema
    .createTable('consent_notices_one_language')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .addUniqueConstraint('consent_notices_purpose_version', ['purpose', 'version'])
    .execute();
  await db
    .insertInto('consent_notices_one_language')
    .columns(['id', 'purpose', 'version', 'text', 'hash', 'created_at'])
    .expression((eb) => eb.selectFrom('consent_notices').select(['id', 'purpose', 'version', 'text', 'hash', 'created_at']).where('language', '=', 'en'))
    .execute();
  await db.schema.dropTable('consent_notices').execute();
  await db.schema.alterTable('consent_notices_one_language').renameTo('consent_notices').execute();
}
