import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#server/db/schema';
import { setLeadVisitSteps } from '#server/features/leads';
import { visitStatusesOfLead } from './visits.repository';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The funnel's visit steps of a lead (decision 0035), from its visits: "visit booked" is a visit in
 * any state, a cancelled one too (the person did book it), "visit done" one marked done now.
 */
export async function visitStepsOfLead(db: Db, leadId: string): Promise<{ booked: boolean; done: boolean }> {
  const statuses = await visitStatusesOfLead(db, leadId);
  return { booked: statuses.length > 0, done: statuses.includes('done') };
}

/** Keeps the lead's visit steps equal to its visits: call it in the transaction of every write that adds a visit or changes one's status. */
export async function keepLeadVisitSteps(db: Db, leadId: string): Promise<void> {
  await setLeadVisitSteps(db, leadId, await visitStepsOfLead(db, leadId));
}
