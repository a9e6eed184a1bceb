import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '#server/db/schema';
import type { PrivacyRequestsTable } from './job-leases.tables';

type Db = Kysely<Database>;
export type PrivacyRequestRow = Selectable<PrivacyRequestsTable>;

/** A request confirmed from its link: its id is the token's hash, so a link opened again inserts nothing. */
export async function insertRequestOnce(db: Db, row: Insertable<PrivacyRequestsTable>): Promise<void> {
  await db
    .insertInto('privacyRequests')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function insertRequest(db: Db, row: Insertable<PrivacyRequestsTable>): Promise<void> {
  await db.insertInto('privacyRequests').values(row).execute();
}

/** The open requests, the first confirmed first. */
export function listOpenRequests(db: Db): Promise<PrivacyRequestRow[]> {
  return db.selectFrom('privacyRequests').selectAll().where('status', '=', 'open').orderBy('confirmedAt').execute();
}

/** The lead's open request of this kind, if any. */
export function findOpenRequest(db: Db, leadId: string, kind: 'export' | 'erase'): Promise<PrivacyRequestRow | undefined> {
  return db.selectFrom('privacyRequests').selectAll().where('leadId', '=', leadId).where('kind', '=', kind).where('status', '=', 'open').executeTakeFirst();
}

// Personal data (privacy/personal-data.ts) -------------------------------------------------------

export function requestsOfLead(db: Db, leadId: string) {
  return db.selectFrom('privacyRequests').select(['kind', 'status', 'createdAt', 'confirmedAt', 'closedAt']).where('leadId', '=', leadId).execute();
}

/** The lead's requests stay, closed, naming no one. */
export async function closeRequestsOfLead(db: Db, leadId: string, at: Date): Promise<void> {
  await db.updateTable('privacyRequests').set({ leadId: null, status: 'closed', closedAt: at }).where('leadId', '=', leadId).execute();
}
