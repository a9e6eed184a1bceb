import type { PersonalData } from '#server/lib/personal-data';
import {
  addressOfLead,
  campaignIdsOfLead,
  deleteLead,
  idleLeadIds,
  idsMergedInto,
  leadIdOfEmailKey,
  leadOfPerson,
  leadsMergedInto,
  timelineOfLead,
} from './personal-data.repository';

/** The lead (the person: e-mail, name, phone), its timeline (notes, status changes) and the campaigns it answered. Erased last. */
export const personalData: PersonalData = {
  feature: 'leads',
  tables: ['leads', 'lead_events', 'lead_campaigns', 'lead_duplicates', 'lead_merges'],
  async export(db, leadId) {
    const lead = await leadOfPerson(db, leadId);
    const events = await timelineOfLead(db, leadId);
    const campaigns = await campaignIdsOfLead(db, leadId);
    // The leads merged into this one are the same person (their rows moved here).
    const merged = await leadsMergedInto(db, leadId);
    return { lead: lead ?? null, timeline: events, campaigns, mergedLeads: merged };
  },
  identify: (db, leadId) => addressOfLead(db, leadId),
  leadOf: (db, emailKey) => leadIdOfEmailKey(db, emailKey),
  idleLeads: (db, before, limit) => idleLeadIds(db, before, limit),
  async erase(trx, leadId) {
    // Erasing a person erases the leads merged into them too (their rows moved here).
    for (const id of await idsMergedInto(trx, leadId)) await deleteLead(trx, id);
    await deleteLead(trx, leadId);
  },
};
