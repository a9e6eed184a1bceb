import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from './db/database';
import type { Database } from './schema';
import { recordAudit, type AuditActor } from '#server/features/audit';
import { activeStaffWithEmails, deactivateStaff } from '#server/features/auth';
import { leadIdByEmailKey } from '#server/features/leads';
import { deleteDemoListing, findDemoListings } from '#server/features/listings';
import { erasePerson } from '#server/features/privacy';
import type { PersonalData } from '#server/lib/personal-data';
import { campaignHasRecords } from '#server/features/responses';
import { deleteDemoCampaign, findDemoCampaigns } from '#server/features/surveys';
import { DEMO_API, DEMO_MESSAGES, demoCounts, demoRemoved, type DemoCounts, type DemoRemoved } from '#shared/demo/demo.contract';
import { DEMO_LEAD_EMAILS, DEMO_STAFF } from './seed-leads';

/**
 * Going live: what a first start seeded and is still there. Each piece is recognised by what the
 * seed wrote (a listing's name and picture, the survey's name and questions, the demo colleagues'
 * and demo people's e-mails), so a real record an owner added, or a demo one they made their own, is never counted.
 */
async function findDemo(db: Kysely<Database>) {
  const leads: string[] = [];
  for (const email of DEMO_LEAD_EMAILS) {
    const row = await leadIdByEmailKey(db, email);
    if (row) leads.push(row.id);
  }
  return {
    listings: await findDemoListings(db),
    campaigns: await findDemoCampaigns(db),
    staff: await activeStaffWithEmails(
      db,
      DEMO_STAFF.map((p) => p.email),
    ),
    leads,
  };
}

export async function demoContentCounts(db: Kysely<Database>): Promise<DemoCounts> {
  const demo = await findDemo(db);
  return { listings: demo.listings.length, campaigns: demo.campaigns.length, staff: demo.staff.length, leads: demo.leads.length };
}

/**
 * Removes the demo in one step: the demo people are erased as any person is (every declared table),
 * the listings deleted as staff delete them, the demo colleagues deactivated (their sessions end), and
 * the survey deleted unless real people have records in it (they would go with it). One audit line
 * names what went, by count.
 */
export async function removeDemoContent(registry: readonly PersonalData[], database: DatabaseHandle, mailDir: string, actor: AuditActor): Promise<DemoRemoved> {
  const { db } = database;
  const demo = await findDemo(db);
  const removed: DemoCounts = { listings: 0, campaigns: 0, staff: 0, leads: 0 };
  const kept: string[] = [];
  // People first: their records leave the survey, so only real people's keep it.
  for (const id of demo.leads) if (await erasePerson(registry, database, mailDir, id, actor)) removed.leads++;
  for (const listing of demo.listings) {
    await deleteDemoListing(db, listing, actor);
    removed.listings++;
  }
  for (const campaign of demo.campaigns) {
    if (await campaignHasRecords(db, campaign.id)) {
      kept.push(DEMO_MESSAGES.campaignKept(campaign.name));
      continue;
    }
    await deleteDemoCampaign(db, campaign.id, actor);
    removed.campaigns++;
  }
  await deactivateStaff(
    db,
    demo.staff.map((s) => s.id),
  );
  removed.staff = demo.staff.length;
  const total = removed.listings + removed.campaigns + removed.staff + removed.leads;
  if (total > 0) {
    await db.transaction().execute((trx) =>
      recordAudit(trx, {
        actor,
        kind: 'demo.removed',
        recordType: 'demo',
        recordId: null,
        fields: Object.entries(removed).map(([name, n]) => `${name}: ${n}`),
      }),
    );
  }
  return { message: total > 0 ? DEMO_MESSAGES.removed : DEMO_MESSAGES.nothing, removed, kept };
}

/** Owners: GET /api/demo (what is left) and DELETE /api/demo (remove it). */
export async function demoContentRoutes(app: FastifyInstance, options: { registry: readonly PersonalData[] }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['demo'];
  r.get(DEMO_API.demo.pattern, { schema: { tags, response: { 200: demoCounts } }, config: { access: 'owner' } }, () => demoContentCounts(app.db));
  r.delete(DEMO_API.demo.pattern, { schema: { tags, response: { 200: demoRemoved } }, config: { access: 'owner' } }, (request) =>
    removeDemoContent(options.registry, app.database, app.config.notify.mailDir, request.staff!),
  );
}
