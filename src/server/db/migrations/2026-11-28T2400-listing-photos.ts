import type { Kysely } from 'kysely';
import { binaryType, timestampType } from './types';

/**
 * Listing photos and floor plans. Media keeps the bytes, each upload once by its hash:
 * `photos` (one per upload) with `photo_renditions` (each size and format), and `files` (floor plans).
 * `listing_media` says which listing shows which, in what order.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('photos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('widths', 'text', (c) => c.notNull())
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('photo_renditions')
    .addColumn('photo_id', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('bytes', binaryType(db), (c) => c.notNull())
    .addPrimaryKeyConstraint('photo_renditions_pkey', ['photo_id', 'width', 'format'])
    .execute();
  await db.schema
    .createTable('files')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', binaryType(db), (c) => c.notNull())
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('listing_media')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('listing_id', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('media_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('alt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('width', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('height', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('widths', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('file_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('filename', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .addPrimaryKeyConstraint('listing_media_pkey', ['kind', 'listing_id', 'role', 'media_id'])
    .execute();
  // Is a photo or file still used by any listing (media removes it when not)?
  await db.schema.createIndex('listing_media_by_media').on('listing_media').columns(['media_id', 'role']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('listing_media').execute();
  await db.schema.dropTable('files').execute();
  await db.schema.dropTable('photo_renditions').execute();
  await db.schema.dropTable('photos').execute();
}
