import type { Kysely } from 'kysely';
import { timestampType } from './types';

/**
 * A lead's first and latest touch (README "Channels"): the channel (null: none), the UTM values
 * (JSON text) and when. Both are set by the lead's first arrival through a channel or with UTM
 * values; a later one changes the latest only; an arrival without either changes neither.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  for (const which of ['first', 'latest']) {
    await db.schema.alterTable('leads').addColumn(`${which}_channel_id`, 'text').execute();
    await db.schema.alterTable('leads').addColumn(`${which}_utm`, 'text').execute();
    await db.schema.alterTable('leads').addColumn(`${which}_touch_at`, ts).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const which of ['latest', 'first']) {
    await db.schema.alterTable('leads').dropColumn(`${which}_touch_at`).execute();
    await db.schema.alterTable('leads').dropColumn(`${which}_utm`).execute();
    await db.schema.alterTable('leads').dropColumn(`${which}_channel_id`).execute();
  }
}
