import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { Database } from '#server/db/schema';
import type { LeadMergesTable, LeadsTable } from './leads.tables';

/* A merge of two leads and its undo (lead-merge.ts): the person's rows moved, the kept lead's fields filled, the merge record. */

type Trx = Transaction<Database>;

/** The kept lead's fields a merge may fill from the merged one (the assignee too: the person's assignment moves with them). */
export const MERGE_FIELDS = [
  'name',
  'email',
  'emailKey',
  'phone',
  'phoneKey',
  'hasSurvey',
  'hasContact',
  'hasNewsletter',
  'lastActivityAt',
  'assigneeId',
  'assignedAt',
] as const;

/** The lead's fields a merge may fill, and whom it was merged into. */
export function mergeFieldsOfLead(trx: Trx, id: string) {
  return trx
    .selectFrom('leads')
    .select(['id', 'mergedIntoId', ...MERGE_FIELDS])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Moves a person table's rows (a table with `id` and `lead_id`) from one lead to another; the ids moved. */
export async function movePersonRows(trx: Trx, table: string, fromId: string, toId: string): Promise<string[]> {
  const rows = await sql<{ id: string }>`update ${sql.table(table)} set lead_id = ${toId} where lead_id = ${fromId} returning id`.execute(trx);
  return rows.rows.map((r) => r.id);
}

/** Moves these rows of a person table back, from one lead to another (500 ids to a statement). */
export async function movePersonRowsBack(trx: Trx, table: string, ids: readonly string[], fromId: string, toId: string): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    await sql`update ${sql.table(table)} set lead_id = ${toId} where lead_id = ${fromId} and id in (${sql.join(ids.slice(i, i + 500))})`.execute(trx);
  }
}

/** The leads merged into `fromId` lead to `toId` from now; their ids. */
export async function redirectMergedLeads(trx: Trx, fromId: string, toId: string): Promise<string[]> {
  const rows = await trx.updateTable('leads').set({ mergedIntoId: toId }).where('mergedIntoId', '=', fromId).returning('id').execute();
  return rows.map((r) => r.id);
}

/** These leads, merged into `fromId`, lead to `toId` again. */
export async function redirectMergedLeadsBack(trx: Trx, ids: readonly string[], fromId: string, toId: string): Promise<void> {
  await trx
    .updateTable('leads')
    .set({ mergedIntoId: toId })
    .where('id', 'in', [...ids])
    .where('mergedIntoId', '=', fromId)
    .execute();
}

/** Gives `toId` the campaigns of `fromId` it does not have; the campaigns given. */
export async function copyLeadCampaigns(trx: Trx, fromId: string, toId: string): Promise<string[]> {
  const campaigns = await trx
    .insertInto('leadCampaigns')
    .columns(['leadId', 'campaignId'])
    .expression((eb) =>
      eb
        .selectFrom('leadCampaigns')
        .select([eb.val(toId).as('leadId'), 'campaignId'])
        .where('leadId', '=', fromId),
    )
    .onConflict((oc) => oc.columns(['leadId', 'campaignId']).doNothing())
    .returning('campaignId')
    .execute();
  return campaigns.map((c) => c.campaignId);
}

export async function deleteLeadCampaigns(trx: Trx, leadId: string, campaignIds: readonly string[]): Promise<void> {
  await trx
    .deleteFrom('leadCampaigns')
    .where('leadId', '=', leadId)
    .where('campaignId', 'in', [...campaignIds])
    .execute();
}

/** The "possible duplicate" pairs between the two leads go (either way round): true when there was one. */
export async function deleteDuplicatePair(trx: Trx, a: string, b: string): Promise<boolean> {
  const duplicates = await trx
    .deleteFrom('leadDuplicates')
    .where((eb) => eb.or([eb.and([eb('leadId', '=', a), eb('otherId', '=', b)]), eb.and([eb('leadId', '=', b), eb('otherId', '=', a)])]))
    .executeTakeFirst();
  return Number(duplicates.numDeletedRows) > 0;
}

/** Sets the lead's fields (those a merge filled, or restores). */
export async function setLeadFields(trx: Trx, id: string, fields: Updateable<LeadsTable>): Promise<void> {
  await trx.updateTable('leads').set(fields).where('id', '=', id).execute();
}

export async function insertLeadMerge(trx: Trx, row: Insertable<LeadMergesTable>): Promise<void> {
  await trx.insertInto('leadMerges').values(row).execute();
}

export function findLeadMerge(trx: Trx, id: string) {
  return trx.selectFrom('leadMerges').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function markMergeUndone(trx: Trx, id: string, at: Date): Promise<void> {
  await trx.updateTable('leadMerges').set({ undoneAt: at }).where('id', '=', id).execute();
}

/** The lead's name, e-mail and phone (the timeline's line names it). */
export function leadLabelValues(trx: Trx, id: string) {
  return trx.selectFrom('leads').select(['name', 'email', 'phone']).where('id', '=', id).executeTakeFirstOrThrow();
}

/** The lead a merged lead was merged into; null for a lead that was not merged (or none). */
export async function mergedIntoId(db: Kysely<Database>, id: string): Promise<string | null> {
  const row = await db.selectFrom('leads').select('mergedIntoId').where('id', '=', id).executeTakeFirst();
  return row?.mergedIntoId ?? null;
}
