import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';

/* The person as the leads room keeps them, read for the access export and retention, deleted on erasure (leads/personal-data.ts). */

type Db = Kysely<Database>;

export function leadOfPerson(db: Db, leadId: string) {
  return db
    .selectFrom('leads')
    .select(['id', 'email', 'name', 'phone', 'status', 'createdAt', 'lastActivityAt', 'nextActionText', 'nextActionDueAt'])
    .where('id', '=', leadId)
    .executeTakeFirst();
}

/** The lead's timeline (notes, status changes), oldest first. */
export function timelineOfLead(db: Db, leadId: string) {
  return db
    .selectFrom('leadEvents')
    .select(['type', 'byName', 'fromValue', 'toValue', 'text', 'createdAt'])
    .where('leadId', '=', leadId)
    .orderBy('createdAt')
    .execute();
}

export async function campaignIdsOfLead(db: Db, leadId: string): Promise<string[]> {
  const rows = await db.selectFrom('leadCampaigns').select('campaignId').where('leadId', '=', leadId).orderBy('campaignId').execute();
  return rows.map((c) => c.campaignId);
}

/** The leads merged into this one (the same person: their rows moved here). */
export function leadsMergedInto(db: Db, leadId: string) {
  return db.selectFrom('leads').select(['id', 'email', 'name', 'phone', 'createdAt']).where('mergedIntoId', '=', leadId).execute();
}

export async function idsMergedInto(db: Db, leadId: string): Promise<string[]> {
  return (await db.selectFrom('leads').select('id').where('mergedIntoId', '=', leadId).execute()).map((r) => r.id);
}

/** Who the lead is: their e-mail and phone. */
export function addressOfLead(db: Db, leadId: string) {
  return db.selectFrom('leads').select(['email', 'phone']).where('id', '=', leadId).executeTakeFirst();
}

/** The lead of an address (trimmed, lower case). */
export async function leadIdOfEmailKey(db: Db, emailKey: string): Promise<string | undefined> {
  return (await db.selectFrom('leads').select('id').where('emailKey', '=', emailKey).executeTakeFirst())?.id;
}

/** Leads (not merged) with no activity since `before`, the longest idle first. */
export async function idleLeadIds(db: Db, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('leads')
    .select('id')
    .where('lastActivityAt', '<', before)
    .where('mergedIntoId', 'is', null)
    .orderBy('lastActivityAt')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** The lead's timeline, its campaigns, then the lead. */
export async function deleteLead(db: Db, leadId: string): Promise<void> {
  await db.deleteFrom('leadEvents').where('leadId', '=', leadId).execute();
  await db.deleteFrom('leadCampaigns').where('leadId', '=', leadId).execute();
  await db.deleteFrom('leads').where('id', '=', leadId).execute();
}
