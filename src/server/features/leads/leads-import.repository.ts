import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '#server/db/schema';
import type { LeadSourceKind } from '#shared/leads/lead-source';
import type { LeadEventsTable, LeadsTable, LeadSourcesTable } from './leads.tables';

/*
 * Leads from imported rows and portals' calls (leads-import.ts): who holds a key already, the
 * multi-row INSERTs of an import's new people, their timeline lines and assignments, and the undo.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** The leads holding this e-mail key or phone key. */
export function leadsWithKeys(db: Db, keys: { emailKey: string | null; phoneKey: string | null }) {
  return db
    .selectFrom('leads')
    .select(['id', 'name', 'phone', 'lastActivityAt'])
    .where((eb) => eb.or([...(keys.emailKey ? [eb('emailKey', '=', keys.emailKey)] : []), ...(keys.phoneKey ? [eb('phoneKey', '=', keys.phoneKey)] : [])]))
    .execute();
}

/** Which of these keys of one column (`emailKey` or `phoneKey`) a lead holds. */
export async function heldKeys(db: Db, column: 'emailKey' | 'phoneKey', keys: readonly string[]): Promise<string[]> {
  const found = await db.selectFrom('leads').select(column).where(column, 'in', keys).execute();
  const held: string[] = [];
  for (const f of found) {
    const key = (f as Record<string, string | null>)[column];
    if (key) held.push(key);
  }
  return held;
}

export function leadNameAndPhone(db: Db, id: string) {
  return db.selectFrom('leads').select(['name', 'phone']).where('id', '=', id).executeTakeFirstOrThrow();
}

/** The lead as the undo of an import reads it. */
export function leadForUndo(db: Db, id: string) {
  return db.selectFrom('leads').select(['id', 'name', 'phone', 'lastActivityAt']).where('id', '=', id).executeTakeFirst();
}

/** Puts the lead's latest activity back to `at` where an arrival moved it earlier. */
export async function keepLatestActivity(db: Db, id: string, at: Selectable<LeadsTable>['lastActivityAt']): Promise<void> {
  await db.updateTable('leads').set({ lastActivityAt: at }).where('id', '=', id).where('lastActivityAt', '<', at).execute();
}

/** Attributes the lead to its source, unless it has one. */
export async function setSourceIfNone(db: Db, id: string, sourceKey: string, sourceKind: LeadSourceKind): Promise<void> {
  await db.updateTable('leads').set({ sourceKey, sourceKind }).where('id', '=', id).where('sourceKey', 'is', null).execute();
}

/** The system the lead first came from by API (the first one stays). */
export async function setOriginIfNone(db: Db, id: string, origin: string): Promise<void> {
  await db.updateTable('leads').set({ origin }).where('id', '=', id).where('origin', 'is', null).execute();
}

/** The sources' names, each key written once (the first spelling stays). */
export async function insertLeadSources(db: Db, rows: ReadonlyArray<Insertable<LeadSourcesTable>>): Promise<void> {
  await db
    .insertInto('leadSources')
    .values([...rows])
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/** New leads in one multi-row INSERT. */
export async function insertLeads(db: Db, rows: ReadonlyArray<Insertable<LeadsTable>>): Promise<void> {
  await db
    .insertInto('leads')
    .values([...rows])
    .execute();
}

/** A timeline line. */
export async function insertLeadEvent(db: Db, row: Insertable<LeadEventsTable>): Promise<void> {
  await db.insertInto('leadEvents').values(row).execute();
}

/** Timeline lines in one multi-row INSERT. */
export async function insertLeadEvents(db: Db, rows: ReadonlyArray<Insertable<LeadEventsTable>>): Promise<void> {
  await db
    .insertInto('leadEvents')
    .values([...rows])
    .execute();
}

/** The first-contact due times of these leads, and their assignee when there is one. */
export async function setFirstContact(
  db: Db,
  ids: readonly string[],
  fields: { firstContactDueAt: Date | null; firstContactEscalateAt: Date | null; assigneeId?: string; assignedAt?: Date },
): Promise<void> {
  await db
    .updateTable('leads')
    .set(fields)
    .where('id', 'in', [...ids])
    .execute();
}

/** The latest line a staff member wrote on the lead after `since` (a note, a status, an assignment), if any. */
export function staffLineSince(db: Db, leadId: string, since: Date) {
  return db
    .selectFrom('leadEvents')
    .select(['type', 'byId'])
    .where('leadId', '=', leadId)
    .where('createdAt', '>', since)
    .where('byId', 'is not', null)
    .limit(1)
    .executeTakeFirst();
}

export async function deleteLeadRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('leads').where('id', '=', id).execute();
}

/** Empties these fields of the lead. */
export async function clearLeadFields(db: Db, id: string, fields: Record<string, null>): Promise<void> {
  await db.updateTable('leads').set(fields).where('id', '=', id).execute();
}

/** The "Imported from …" notes on the lead since `since`. */
export async function deleteImportNotesSince(db: Db, leadId: string, since: Date): Promise<void> {
  await db
    .deleteFrom('leadEvents')
    .where('leadId', '=', leadId)
    .where('type', '=', 'note')
    .where('createdAt', '>=', since)
    .where(sql<boolean>`text like 'Imported from %'`)
    .execute();
}
