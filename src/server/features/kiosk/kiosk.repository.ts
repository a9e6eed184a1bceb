import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '#server/db/schema';
import type { KioskConflictsTable, KioskDevicesTable, KioskResponsesTable } from './kiosk.tables';

type Db = Kysely<Database>;
export type DeviceRow = Selectable<KioskDevicesTable>;
export type KioskResponseRow = Selectable<KioskResponsesTable>;
export type ConflictRow = Selectable<KioskConflictsTable>;

export async function insertDevice(db: Db, row: Insertable<KioskDevicesTable>): Promise<void> {
  await db.insertInto('kioskDevices').values(row).execute();
}

export function findDevice(db: Db, id: string): Promise<DeviceRow | undefined> {
  return db.selectFrom('kioskDevices').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The device whose key has this hash and that is not revoked. */
export function findLiveDeviceByKeyHash(db: Db, keyHash: string): Promise<DeviceRow | undefined> {
  return db.selectFrom('kioskDevices').selectAll().where('keyHash', '=', keyHash).where('revokedAt', 'is', null).executeTakeFirst();
}

export function listDevices(db: Db, channelId?: string): Promise<DeviceRow[]> {
  let query = db.selectFrom('kioskDevices').selectAll();
  if (channelId) query = query.where('channelId', '=', channelId);
  return query.orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
}

/** Revokes once: false when there is no such device or it was revoked already. */
export async function revokeDevice(db: Db, id: string, at: Date): Promise<boolean> {
  const result = await db.updateTable('kioskDevices').set({ revokedAt: at }).where('id', '=', id).where('revokedAt', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markSynced(db: Db, id: string, at: Date): Promise<void> {
  await db.updateTable('kioskDevices').set({ lastSyncAt: at }).where('id', '=', id).execute();
}

/** Stored and conflicting answers per device. */
export async function deviceCounts(db: Db, ids: readonly string[]): Promise<Map<string, { stored: number; conflicts: number }>> {
  const counts = new Map<string, { stored: number; conflicts: number }>(ids.map((id) => [id, { stored: 0, conflicts: 0 }]));
  if (ids.length === 0) return counts;
  const stored = await db
    .selectFrom('kioskResponses')
    .select(['deviceId', (eb) => eb.fn.countAll<number | string | bigint>().as('n')])
    .where('deviceId', 'in', [...ids])
    .groupBy('deviceId')
    .execute();
  for (const row of stored) counts.get(row.deviceId!)!.stored = Number(row.n);
  const conflicts = await db
    .selectFrom('kioskConflicts')
    .select(['deviceId', (eb) => eb.fn.countAll<number | string | bigint>().as('n')])
    .where('deviceId', 'in', [...ids])
    .groupBy('deviceId')
    .execute();
  for (const row of conflicts) counts.get(row.deviceId!)!.conflicts = Number(row.n);
  return counts;
}

/**
 * The answer's row, once per id: true when this call inserted it. Two sends of one id at once: the
 * primary key lets one in; the other waits for it (PostgreSQL) and inserts nothing.
 */
export async function insertResponseOnce(db: Db, row: Insertable<KioskResponsesTable>): Promise<boolean> {
  const result = await db
    .insertInto('kioskResponses')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return result !== undefined;
}

export function findResponse(db: Db, id: string): Promise<KioskResponseRow | undefined> {
  return db.selectFrom('kioskResponses').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function linkResponse(db: Db, id: string, link: { leadId: string; responseId: string | null }): Promise<void> {
  await db.updateTable('kioskResponses').set(link).where('id', '=', id).execute();
}

/** A conflicting answer, kept once per id and contents. */
export async function insertConflictOnce(db: Db, row: Insertable<KioskConflictsTable>): Promise<void> {
  await db
    .insertInto('kioskConflicts')
    .values(row)
    .onConflict((oc) => oc.columns(['responseId', 'bodyHash']).doNothing())
    .execute();
}

export async function listConflicts(db: Db, channelId?: string): Promise<Array<{ conflict: ConflictRow; stored: KioskResponseRow }>> {
  let query = db.selectFrom('kioskConflicts').selectAll();
  if (channelId) query = query.where('channelId', '=', channelId);
  const conflicts = await query.orderBy('receivedAt', 'desc').orderBy('id', 'desc').limit(500).execute();
  if (conflicts.length === 0) return [];
  const stored = await db
    .selectFrom('kioskResponses')
    .selectAll()
    .where('id', 'in', [...new Set(conflicts.map((c) => c.responseId))])
    .execute();
  const byId = new Map(stored.map((r) => [r.id, r]));
  return conflicts.map((conflict) => ({ conflict, stored: byId.get(conflict.responseId)! }));
}

export async function deviceNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('kioskDevices')
    .select(['id', 'name'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

// Personal data (kiosk/personal-data.ts) ---------------------------------------------------------

/** A person's answers from the tablets, as they arrived. */
export function kioskResponsesOfLead(db: Db, leadId: string) {
  return db.selectFrom('kioskResponses').select(['id', 'body', 'answeredAt', 'receivedAt', 'via']).where('leadId', '=', leadId).orderBy('receivedAt').execute();
}

/** The conflicting answers kept beside these answers. */
export async function conflictsOfResponses(
  db: Db,
  responseIds: readonly string[],
): Promise<Array<{ responseId: string; body: string; receivedAt: ConflictRow['receivedAt'] }>> {
  if (responseIds.length === 0) return [];
  return db
    .selectFrom('kioskConflicts')
    .select(['responseId', 'body', 'receivedAt'])
    .where('responseId', 'in', [...responseIds])
    .execute();
}

/** A person's answers; their conflicts go with them (foreign key, on delete cascade). */
export async function deleteKioskResponsesOfLead(db: Db, leadId: string): Promise<void> {
  await db.deleteFrom('kioskResponses').where('leadId', '=', leadId).execute();
}
