import { SqliteAdapter, sql, type Kysely } from 'kysely';
import { prepared } from '#server/db/prepared';
import type { Database } from '#server/db/schema';

type Db = Kysely<Database>;

export interface CampaignFields {
  name: string;
  questions: string;
  questioncolumns: string;
  leadFields: string;
}

// Campaigns -----------------------------------------------------------------------------------

export async function insertCampaign(db: Db, campaign: CampaignFields & { id: string; isActive: boolean; now: Date }): Promise<void> {
  const { now, ...fields } = campaign;
  await db
    .insertInto('campaigns')
    .values({ ...fields, createdAt: now, updatedAt: now })
    .execute();
}

/** Updates a campaign only while it has no responses (one statement, so no response slips in between). */
export async function updateCampaignWithoutResponses(db: Db, id: string, fields: CampaignFields, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('campaigns')
    .set({ ...fields, updatedAt: now })
    .where('id', '=', id)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('surveyResponses').select('surveyResponses.id').where('surveyResponses.campaignId', '=', id))),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The name and last change of each of these campaigns (a page of leads names their campaigns), read
 * a few hundred at a time; a campaign that no longer exists is left out.
 */
export async function campaignNames(db: Db, ids: readonly (string | null)[]): Promise<Map<string, { name: string; updatedAt: Date | string }>> {
  const found = new Map<string, { name: string; updatedAt: Date | string }>();
  const unique = [...new Set(ids.filter((id): id is string => id !== null))];
  for (let start = 0; start < unique.length; start += 500) {
    const rows = await db
      .selectFrom('campaigns')
      .select(['id', 'name', 'updatedAt'])
      .where('id', 'in', unique.slice(start, start + 500))
      .execute();
    for (const row of rows) found.set(row.id, { name: row.name, updatedAt: row.updatedAt });
  }
  return found;
}

export function findCampaign(db: Db, id: string) {
  return db.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The campaign's survey JSON (undefined for an unknown campaign): its reading is built from it. */
export function campaignQuestions(db: Db, id: string) {
  return db.selectFrom('campaigns').select('questions').where('id', '=', id).executeTakeFirst();
}

// The visitor's writes run these for every lead: compiled once (db/prepared.ts), not per request.

const campaignById = prepared<{ id: string }>()((db, param) => db.selectFrom('campaigns').select('id').where('id', '=', param('id')));

/** The ids of the campaigns whose name holds `text` (any letter case, wildcards taken literally). */
export async function campaignIdsNamed(db: Db, text: string): Promise<string[]> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .selectFrom('campaigns')
    .select('id')
    .where((eb) => sql<boolean>`lower(${eb.ref('name')}) like ${pattern} escape '\\'`)
    .execute();
  return rows.map((row) => row.id);
}

const campaignLeadFieldsQuery = prepared<{ id: string }>()((db, param) => db.selectFrom('campaigns').select(['leadFields']).where('id', '=', param('id')));

/** The campaign's leadField questions (answer key → "name" | "phone"); none for an unknown campaign. */
export async function campaignLeadFields(db: Db, id: string): Promise<Record<string, 'name' | 'phone'>> {
  const row = await campaignLeadFieldsQuery.first(db, { id });
  return row ? (JSON.parse(row.leadFields) as Record<string, 'name' | 'phone'>) : {};
}

export async function campaignExists(db: Db, id: string): Promise<boolean> {
  return (await campaignById.first(db, { id })) !== undefined;
}

const campaignActivity = prepared<{ id: string }>()((db, param) => db.selectFrom('campaigns').select('isActive').where('id', '=', param('id')));

/** Whether the campaign is active; undefined when there is no such campaign. */
export async function isCampaignActive(db: Db, id: string): Promise<boolean | undefined> {
  const row = await campaignActivity.first(db, { id });
  return row === undefined ? undefined : Boolean(row.isActive);
}

/**
 * PostgreSQL: locks the campaign's row until the transaction ends. FOR UPDATE conflicts with the
 * KEY SHARE lock a response's foreign-key check holds until it commits, so an edit waits for a
 * response being stored, and its next statement sees it. SQLite runs one write at a time already.
 */
export async function lockCampaign(trx: Db, id: string): Promise<void> {
  if (trx.getExecutor().adapter instanceof SqliteAdapter) return;
  await trx.selectFrom('campaigns').select('id').where('id', '=', id).forUpdate().execute();
}

export async function hasAnyCampaign(db: Db): Promise<boolean> {
  return (await db.selectFrom('campaigns').select('id').limit(1).executeTakeFirst()) !== undefined;
}

export function listAllCampaigns(db: Db) {
  return db.selectFrom('campaigns').selectAll('campaigns').orderBy('campaigns.createdAt', 'desc').orderBy('campaigns.id', 'desc').execute();
}

export function listActiveCampaigns(db: Db) {
  return db.selectFrom('campaigns').selectAll().where('isActive', '=', true).orderBy('updatedAt', 'desc').execute();
}

/**
 * Makes `id` the only active campaign in one statement over every row: even two activations at
 * the same moment leave exactly one campaign active (the later statement re-checks each row).
 * Run it in a transaction. On PostgreSQL activations take turns first (a transaction-scoped
 * advisory lock): two updates of every row at once can meet the rows in different orders, the
 * one seeing the other's new row versions, and deadlock; one of them then failed with a 500.
 */
export async function activateOnly(trx: Db, id: string): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof SqliteAdapter)) {
    await sql`select pg_advisory_xact_lock(hashtext('abode.campaign-activation'))`.execute(trx);
  }
  await trx
    .updateTable('campaigns')
    .set((eb) => ({ isActive: eb('id', '=', id).$castTo<boolean>() }))
    .execute();
}

export async function deactivate(db: Db, id: string): Promise<void> {
  await db.updateTable('campaigns').set({ isActive: false }).where('id', '=', id).execute();
}
