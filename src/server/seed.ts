import { sql, type Kysely } from 'kysely';
import { seedDemoCampaign } from '#server/features/surveys/campaigns.seed';
import { DEMO_STAFF, seedDemoLeads } from './seed-leads';
import { DEMO_CAMPAIGN_NAME } from '#server/features/surveys/campaigns.seed';
import { seedDemoListings } from '#server/features/listings/listings.seed';
import { seedDemoVisits } from '#server/features/visits';
import { seedDemoChannels } from '#server/features/channels';
import { DEFAULT_TIME_ZONE } from '#shared/settings/settings.contract';
import type { Dialect } from './db/database';
import type { Database } from './schema';

const CONTENT_TABLES = ['projects', 'products', 'studios', 'campaigns', 'emailRecords', 'contactMessages'] as const;

async function hasContent(db: Kysely<Database>): Promise<boolean> {
  for (const table of CONTENT_TABLES) {
    if (
      await db
        .selectFrom(table)
        .select(sql<number>`1`.as('one'))
        .limit(1)
        .executeTakeFirst()
    )
      return true;
  }
  return false;
}

/**
 * Demo listings, an active survey and a few leads in several states, so a first run shows a living site. Only on a database with
 * no content at all: it never touches one that has any. On PostgreSQL an advisory lock keeps
 * instances that start together from seeding twice.
 */
export async function seedDemoContent(db: Kysely<Database>, dialect: Dialect): Promise<boolean> {
  return db.connection().execute(async (conn) => {
    if (dialect === 'postgres') await sql`select pg_advisory_lock(724061)`.execute(conn);
    try {
      if (await hasContent(conn)) return false;
      await seedDemoListings(conn);
      const campaignId = await seedDemoCampaign(conn);
      // A demo channel of each kind for the demo survey: its own short link and QR code.
      if (campaignId) await seedDemoChannels(conn, campaignId);
      await seedDemoLeads(conn);
      // Visit slots for the demo studios and a demo visit (a fresh data folder has the default time zone).
      await seedDemoVisits(conn, DEFAULT_TIME_ZONE);
      return true;
    } finally {
      if (dialect === 'postgres') await sql`select pg_advisory_unlock(724061)`.execute(conn);
    }
  });
}

/**
 * What the start banner says a first start added: everything that is demo, so an owner going live
 * knows what to remove (the demo colleagues are real accounts: they take no new leads, but they and
 * their leads stay until removed).
 */
export function demoContentLines(): string[] {
  return [
    '  Added demo content (SEED_DEMO=false to start empty):',
    '    listings: demo homes, decor pieces and three studio locations, with visit slots;',
    `    the active survey "${DEMO_CAMPAIGN_NAME}" with a demo channel of each kind (short links and QR codes);`,
    `    demo colleagues ${DEMO_STAFF.map((p) => `${p.name} <${p.email}>`).join(' and ')} (they take no new leads);`,
    '    demo leads (people at example.com) with notes, a next action and a booked site visit.',
    '  Before going live, remove all of it in one step: Settings, "Demo content" (owners; DELETE /api/demo).',
  ];
}
