import type { PersonalData } from '#server/lib/personal-data';

/** The lead (the person: e-mail, name, phone), its timeline (notes, status changes) and the campaigns it answered. Erased last. */
export const personalData: PersonalData = {
  feature: 'leads',
  tables: ['leads', 'lead_events', 'lead_campaigns', 'lead_duplicates', 'lead_merges'],
  async export(db, leadId) {
    const lead = await db
      .selectFrom('leads')
      .select(['id', 'email', 'name', 'phone', 'status', 'createdAt', 'lastActivityAt', 'nextActionText', 'nextActionDueAt'])
      .where('id', '=', leadId)
      .executeTakeFirst();
    const events = await db
      .selectFrom('leadEvents')
      .select(['type', 'byName', 'fromValue', 'toValue', 'text', 'createdAt'])
      .where('leadId', '=', leadId)
      .orderBy('createdAt')
      .execute();
    const campaigns = await db.selectFrom('leadCampaigns').select('campaignId').where('leadId', '=', leadId).orderBy('campaignId').execute();
    // The leads merged into this one are the same person (their rows moved here).
    const merged = await db.selectFrom('leads').select(['id', 'email', 'name', 'phone', 'createdAt']).where('mergedIntoId', '=', leadId).execute();
    return { lead: lead ?? null, timeline: events, campaigns: campaigns.map((c) => c.campaignId), mergedLeads: merged };
  },
  identify: (db, leadId) => db.selectFrom('leads').select(['email', 'phone']).where('id', '=', leadId).executeTakeFirst(),
  leadOf: async (db, emailKey) => (await db.selectFrom('leads').select('id').where('emailKey', '=', emailKey).executeTakeFirst())?.id,
  async idleLeads(db, before, limit) {
    const rows = await db
      .selectFrom('leads')
      .select('id')
      .where('lastActivityAt', '<', before)
      .where('mergedIntoId', 'is', null)
      .orderBy('lastActivityAt')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  },
  async erase(trx, leadId) {
    // Erasing a person erases the leads merged into them too (their rows moved here).
    const merged = await trx.selectFrom('leads').select('id').where('mergedIntoId', '=', leadId).execute();
    for (const { id } of merged) {
      await trx.deleteFrom('leadEvents').where('leadId', '=', id).execute();
      await trx.deleteFrom('leadCampaigns').where('leadId', '=', id).execute();
      await trx.deleteFrom('leads').where('id', '=', id).execute();
    }
    await trx.deleteFrom('leadEvents').where('leadId', '=', leadId).execute();
    await trx.deleteFrom('leadCampaigns').where('leadId', '=', leadId).execute();
    await trx.deleteFrom('leads').where('id', '=', leadId).execute();
  },
};
