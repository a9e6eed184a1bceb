import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { touchLead } from '#server/features/leads';

/**
 * The leads of these addresses, made as the app makes them when someone gives an e-mail (leads'
 * `touchLead`, the upsert every visitor's write runs), in one transaction; in the order given. For
 * tests that write e-mail records and responses straight to the database (thousands, or answers the
 * API would refuse): every record names its person (lead_id is NOT NULL, decision 0016). About a
 * millisecond a lead on PostgreSQL on a busy machine: tests that make thousands give themselves time.
 */
export async function leadsOf(db: Kysely<Database>, emails: readonly string[], campaignId: string | null = null, at = new Date()): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const ids: string[] = [];
    for (const email of emails) ids.push((await touchLead(trx, { email, source: campaignId === null ? 'newsletter' : 'survey', campaignId, at })).id);
    return ids;
  });
}

/** The lead of one address (see leadsOf). */
export async function leadOf(db: Kysely<Database>, email: string, campaignId: string | null = null, at = new Date()): Promise<string> {
  return (await leadsOf(db, [email], campaignId, at))[0]!;
}
