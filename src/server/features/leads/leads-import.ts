import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '#server/db/schema';
import { toIso } from '#server/db/database';
import { newId } from '#server/lib/ids';
import { leadKey } from '#shared/leads/leads.contract';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Issue 38: a lead from an imported row (an e-mail for now: phone-only rows wait for phone leads).
 * A new person is created with the row's received time as the lead's time; a person the studio knows
 * gets only what their lead lacks (name, phone), and what was filled is answered for the undo. The
 * timeline gets `line` ("Imported from ‹file› (row N)", "Received by API from ‹source›") and the details.
 */
export async function importLead(
  db: Db,
  input: { email: string; name: string | null; phone: string | null; receivedAt: Date; line: string; byId: string | null; byName: string; at: Date; details: string | null },
): Promise<{ id: string; created: boolean; filled: Record<string, string> }> {
  const id = newId();
  const emailKey = leadKey(input.email);
  const inserted = await db
    .insertInto('leads')
    .values({
      id,
      emailKey,
      email: input.email.trim(),
      name: input.name,
      phone: input.phone,
      status: 'new',
      assigneeId: null,
      hasSurvey: false,
      hasContact: false,
      hasNewsletter: false,
      lastCampaignId: null,
      lastCompleted: false,
      createdAt: input.receivedAt,
      lastActivityAt: input.receivedAt,
    })
    .onConflict((oc) => oc.column('emailKey').doNothing())
    .returning(['id'])
    .executeTakeFirst();
  let leadId = id;
  const filled: Record<string, string> = {};
  if (!inserted) {
    const kept = await db.selectFrom('leads').select(['id', 'name', 'phone']).where('emailKey', '=', emailKey).executeTakeFirstOrThrow();
    leadId = kept.id;
    if (kept.name === null && input.name) filled.name = input.name;
    if (kept.phone === null && input.phone) filled.phone = input.phone;
    if (Object.keys(filled).length > 0) await db.updateTable('leads').set(filled).where('id', '=', leadId).execute();
  }
  const text = [input.line, ...(input.details ? [input.details] : [])].join('\n');
  await db.insertInto('leadEvents').values({ id: newId(), leadId, type: 'note', byId: input.byId, byName: input.byName, fromValue: null, toValue: null, text, createdAt: input.at }).execute();
  return { id: leadId, created: Boolean(inserted), filled };
}

/**
 * Undoes an imported row on its lead, unless staff touched the lead since `since` (a note, a status
 * or an assignment by a person) or the person wrote again: then it is kept and the reason answered.
 * A lead the import created is removed; fields it filled are emptied again where they still hold
 * what it set.
 */
export async function undoImportedLead(
  db: Db,
  input: { leadId: string; created: boolean; filled: Record<string, string>; since: Date; importerId: string | null },
): Promise<'removed' | 'restored' | { kept: string }> {
  const lead = await db.selectFrom('leads').select(['id', 'name', 'phone', 'lastActivityAt']).where('id', '=', input.leadId).executeTakeFirst();
  if (!lead) return { kept: 'The lead was deleted since.' };
  const sinceIso = toIso(input.since);
  const touched = await db
    .selectFrom('leadEvents')
    .select(['type', 'byId'])
    .where('leadId', '=', input.leadId)
    .where('createdAt', '>', input.since)
    .where('byId', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  if (touched) return { kept: touched.type === 'note' ? 'Staff added a note since the import.' : touched.type === 'status' ? 'Staff changed its status since the import.' : 'Staff assigned it since the import.' };
  if (input.created && toIso(lead.lastActivityAt) > sinceIso) return { kept: 'The person wrote again since the import.' };
  if (input.created) {
    await db.deleteFrom('leads').where('id', '=', input.leadId).execute();
    return 'removed';
  }
  const put: Record<string, null> = {};
  if (input.filled.name !== undefined && lead.name === input.filled.name) put.name = null;
  if (input.filled.phone !== undefined && lead.phone === input.filled.phone) put.phone = null;
  if (Object.keys(put).length > 0) await db.updateTable('leads').set(put).where('id', '=', input.leadId).execute();
  await db
    .deleteFrom('leadEvents')
    .where('leadId', '=', input.leadId)
    .where('type', '=', 'note')
    .where('createdAt', '>=', input.since)
    .where(sql<boolean>`text like 'Imported from %'`)
    .execute();
  return 'restored';
}
