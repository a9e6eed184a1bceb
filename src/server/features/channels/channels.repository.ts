import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '#server/db/schema';
import type { ChannelsTable } from './channels.tables';

type Db = Kysely<Database>;
export type ChannelRow = Selectable<ChannelsTable>;

export function listChannels(db: Db): Promise<ChannelRow[]> {
  return db.selectFrom('channels').selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
}

export function findChannel(db: Db, id: string): Promise<ChannelRow | undefined> {
  return db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findChannelByCode(db: Db, code: string): Promise<ChannelRow | undefined> {
  return db.selectFrom('channels').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function codeTaken(db: Db, code: string): Promise<boolean> {
  return (await db.selectFrom('channels').select('id').where('code', '=', code).executeTakeFirst()) !== undefined;
}

export async function insertChannel(db: Db, row: Insertable<ChannelsTable>): Promise<void> {
  await db.insertInto('channels').values(row).execute();
}

export async function updateChannel(db: Db, id: string, fields: Updateable<ChannelsTable>): Promise<boolean> {
  const result = await db.updateTable('channels').set(fields).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteChannel(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('channels').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
