import { SqliteAdapter, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
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

const onSqlite = (db: Db) => db.getExecutor().adapter instanceof SqliteAdapter;

/**
 * The channel with this code, its row locked until the transaction ends (PostgreSQL: FOR UPDATE; on
 * SQLite a write transaction is alone anyway), so a visitor's admission and a completion of the
 * same channel happen one after the other on every instance.
 */
export function lockChannelByCode(db: Db, code: string): Promise<ChannelRow | undefined> {
  const query = db.selectFrom('channels').selectAll().where('code', '=', code);
  return (onSqlite(db) ? query : query.forUpdate()).executeTakeFirst();
}

/** Locks the channel's row (PostgreSQL) until the transaction ends; see lockChannelByCode. */
export async function lockChannel(db: Db, id: string): Promise<void> {
  if (onSqlite(db)) return;
  await db.selectFrom('channels').select('id').where('id', '=', id).forUpdate().execute();
}

export async function channelNames(db: Db, ids: readonly string[]): Promise<Map<string, { name: string; code: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('channels')
    .select(['id', 'name', 'code'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, { name: r.name, code: r.code }]));
}

/** The channels (of a campaign, or all) by name: the funnel's rows. */
export function channelsOfCampaign(db: Db, campaignId?: string): Promise<Array<{ id: string; name: string; campaignId: string }>> {
  let query = db.selectFrom('channels').select(['id', 'name', 'campaignId']).orderBy('name').orderBy('id');
  if (campaignId) query = query.where('campaignId', '=', campaignId);
  return query.execute();
}

/** Every channel's id, code and name (a download names the channels of its rows). */
export function listChannelNames(db: Db) {
  return db.selectFrom('channels').select(['id', 'code', 'name']).execute();
}
