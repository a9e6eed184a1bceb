import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '#server/db/schema';
import type { ApiKeysTable, InboundLeadsTable } from './inbound.tables';

type Db = Kysely<Database>;

// API keys -------------------------------------------------------------------------------------

/** Every key, the newest first. */
export function listApiKeys(db: Db): Promise<Selectable<ApiKeysTable>[]> {
  return db.selectFrom('apiKeys').selectAll().orderBy('createdAt', 'desc').execute();
}

/** How many keys are not revoked. */
export async function countActiveApiKeys(db: Db): Promise<number> {
  const active = await db
    .selectFrom('apiKeys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('revokedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(active.n);
}

export async function insertApiKey(db: Db, row: Insertable<ApiKeysTable>): Promise<void> {
  await db.insertInto('apiKeys').values(row).execute();
}

/** A key's id and when it was revoked (null: active); undefined when there is no such key. */
export function findApiKey(db: Db, id: string): Promise<{ id: string; revokedAt: Selectable<ApiKeysTable>['revokedAt'] } | undefined> {
  return db.selectFrom('apiKeys').select(['id', 'revokedAt']).where('id', '=', id).executeTakeFirst();
}

export async function revokeApiKey(db: Db, id: string, at: Date): Promise<void> {
  await db.updateTable('apiKeys').set({ revokedAt: at }).where('id', '=', id).execute();
}

/** The id of the key with this hash that is not revoked. */
export async function findActiveApiKeyId(db: Db, keyHash: string): Promise<string | undefined> {
  const row = await db.selectFrom('apiKeys').select(['id']).where('keyHash', '=', keyHash).where('revokedAt', 'is', null).executeTakeFirst();
  return row?.id;
}

export async function noteApiKeyUsed(db: Db, id: string, at: Date): Promise<void> {
  await db.updateTable('apiKeys').set({ lastUsedAt: at }).where('id', '=', id).execute();
}

// The calls that brought leads in ---------------------------------------------------------------

/** The call already received for this (source, external id): its body's hash and the lead it answered. */
export function findInboundCall(db: Db, source: string, externalId: string): Promise<{ bodyHash: string; leadId: string; created: number } | undefined> {
  return db
    .selectFrom('inboundLeads')
    .select(['bodyHash', 'leadId', 'created'])
    .where('source', '=', source)
    .where('externalId', '=', externalId)
    .executeTakeFirst();
}

export async function insertInboundCall(db: Db, row: Insertable<InboundLeadsTable>): Promise<void> {
  await db.insertInto('inboundLeads').values(row).execute();
}

/** The first call that created this lead. */
export function findCreatingCall(db: Db, leadId: string): Promise<{ source: string; externalId: string; createdAt: Date | string } | undefined> {
  return db
    .selectFrom('inboundLeads')
    .select(['source', 'externalId', 'createdAt'])
    .where('leadId', '=', leadId)
    .where('created', '=', 1)
    .orderBy('createdAt')
    .limit(1)
    .executeTakeFirst();
}

// Personal data (inbound/personal-data.ts) -------------------------------------------------------

/** A person's calls: the portal's name for each (source, external id), when, and whether it made the lead. */
export function inboundCallsOfLead(db: Db, leadId: string) {
  return db.selectFrom('inboundLeads').select(['source', 'externalId', 'created', 'createdAt']).where('leadId', '=', leadId).orderBy('createdAt').execute();
}

export async function deleteInboundCallsOfLead(db: Db, leadId: string): Promise<void> {
  await db.deleteFrom('inboundLeads').where('leadId', '=', leadId).execute();
}
