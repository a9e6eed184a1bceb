import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '#server/db/schema';
import { toIso } from '#server/db/database';
import { newId } from '#server/lib/ids';
import { arrivalKeys, findOrCreateLead } from './leads.service';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A lead from an imported row or a portal's call (an e-mail, a phone or both), through the
 * one intake (findOrCreateLead): a new person is created with the row's received time as the lead's
 * time; a person the studio knows gets only what their lead lacks (name, phone), answered for the
 * undo, and keeps its latest activity. The timeline gets `line` ("Imported from ‹file› (row N)",
 * "Received by API from ‹source›") and the details.
 */
export async function importLead(
  db: Db,
  input: { email: string | null; name: string | null; phone: string | null; receivedAt: Date; line: string; byId: string | null; byName: string; at: Date; details: string | null; origin?: string | null },
): Promise<{ id: string; created: boolean; filled: Record<string, string> }> {
  const keys = arrivalKeys(input);
  const before = await db
    .selectFrom('leads')
    .select(['id', 'name', 'phone', 'lastActivityAt'])
    .where((eb) => eb.or([...(keys.emailKey ? [eb('emailKey', '=', keys.emailKey)] : []), ...(keys.phoneKey ? [eb('phoneKey', '=', keys.phoneKey)] : [])]))
    .execute();
  const lead = await findOrCreateLead(db, { email: input.email, phone: input.phone, name: input.name, source: null, at: input.receivedAt });
  const filled: Record<string, string> = {};
  if (!lead.created) {
    const was = before.find((b) => b.id === lead.id);
    const now = await db.selectFrom('leads').select(['name', 'phone']).where('id', '=', lead.id).executeTakeFirstOrThrow();
    if (was) {
      if (was.name === null && now.name !== null) filled.name = now.name;
      if (was.phone === null && now.phone !== null) filled.phone = now.phone;
      // An old received time does not move the lead's latest activity back.
      await db.updateTable('leads').set({ lastActivityAt: was.lastActivityAt }).where('id', '=', lead.id).where('lastActivityAt', '<', was.lastActivityAt).execute();
    }
  }
  // Issue 38: the system it first came from by API (the first one stays).
  if (input.origin) await db.updateTable('leads').set({ origin: input.origin }).where('id', '=', lead.id).where('origin', 'is', null).execute();
  const text = [input.line, ...(input.details ? [input.details] : [])].join('\n');
  await db.insertInto('leadEvents').values({ id: newId(), leadId: lead.id, type: 'note', byId: input.byId, byName: input.byName, fromValue: null, toValue: null, text, createdAt: input.at }).execute();
  return { id: lead.id, created: lead.created, filled };
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
  if (input.filled.phone !== undefined && lead.phone === input.filled.phone) {
    put.phone = null;
    put.phoneKey = null;
  }
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

/**
 * Which of these keys (`emailKey`: trimmed, lower-case e-mail; `phoneKey`: E.164) belong to a lead
 * already, as "emailKey:<key>" / "phoneKey:<key>": an import's dry run counts what it would add to.
 */
export async function knownLeadKeys(db: Kysely<Database>, keys: { emailKeys: readonly string[]; phoneKeys: readonly string[] }): Promise<Set<string>> {
  const known = new Set<string>();
  for (const [column, list] of [
    ['emailKey', keys.emailKeys],
    ['phoneKey', keys.phoneKeys],
  ] as const) {
    for (let i = 0; i < list.length; i += 500) {
      const found = await db.selectFrom('leads').select(column).where(column, 'in', list.slice(i, i + 500)).execute();
      for (const f of found) {
        const key = (f as Record<string, string | null>)[column];
        if (key) known.add(`${column}:${key}`);
      }
    }
  }
  return known;
}
