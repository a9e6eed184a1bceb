import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema';

export interface SettingsRow {
  version: number;
  data: string;
  updatedAt: string;
}

/** The settings row, or undefined before the first save. */
export async function readSettingsRow(db: Kysely<Database>): Promise<SettingsRow | undefined> {
  const row = await db.selectFrom('studioSettings').select(['version', 'data', 'updatedAt']).where('id', '=', 1).executeTakeFirst();
  if (!row) return undefined;
  const at = row.updatedAt;
  return { version: Number(row.version), data: row.data, updatedAt: at instanceof Date ? at.toISOString() : new Date(at).toISOString() };
}

/** Writes the settings (the first save inserts the row); answers the new version. Atomic on both databases. */
export async function writeSettingsRow(db: Kysely<Database>, data: string, updatedBy: string | null, now: Date): Promise<number> {
  const at = now.toISOString();
  const update = () =>
    db
      .updateTable('studioSettings')
      .set({ version: sql<number>`version + 1`, data, updatedAt: at, updatedBy })
      .where('id', '=', 1)
      .returning('version')
      .executeTakeFirst();
  const updated = await update();
  if (updated) return Number(updated.version);
  // Version 1 is the environment's values; the first save is version 2.
  const inserted = await db
    .insertInto('studioSettings')
    .values({ id: 1, version: 2, data, updatedAt: at, updatedBy })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('version')
    .executeTakeFirst();
  if (inserted) return Number(inserted.version);
  // Another first save won the insert: this one follows it.
  return Number((await update())!.version);
}
